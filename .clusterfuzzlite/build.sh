#!/bin/bash -eu
# Builds gamediff's fuzz targets (fuzz/) as libFuzzer binaries, each with its seed corpus,
# for ClusterFuzzLite and OSS-Fuzz. Their Go builder image runs it as $SRC/build.sh with
# $SRC, $WORK, $OUT, $SANITIZER, $CXX, $CXXFLAGS and $LIB_FUZZING_ENGINE set and OSS-Fuzz's
# compile_native_go_fuzzer on PATH; .ci/libfuzzer runs it the same way outside Docker.
#
#   build.sh [TARGET...]    the targets to build; by default every one `go test -list` finds
#
# It changes go.mod, and while go-118-fuzz-build builds a target it moves the target's file
# aside (and leaves it moved if the build fails): run it on a copy of the tree, as the
# image does, never in a working tree.

# go-118-fuzz-build, which compile_native_go_fuzzer calls, and the testing package it
# compiles a target against, at one version: its generated main fills in that package's
# types. The image has a build of its own; this one is pinned.
builder=github.com/AdamKorcz/go-118-fuzz-build
builder_version=v0.0.0-20250520111509-a70c2aa677fa

# What a target instruments for libFuzzer (go-118-fuzz-build -include): the judge under test,
# fast, alone. Every comparison in instrumented code calls into libFuzzer, and most of a
# target's comparisons are elsewhere: in the decoding of the bytes into a game (gen), in
# the naive reference judge (ref), in the standard library. Measured side by side on one
# core: instrumenting everything, as compile_native_go_fuzzer does, makes FuzzMineDiff 21
# times slower and the other targets 4 to 24 times; adding ref alone, 8 times for
# FuzzMineDiff and 17 for FuzzDataminingParse (datamining's ref searches every start).
instrument=gamediff/fast

cd "$SRC/gamediff"
go get "$builder/testing@$builder_version"

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <(go test ./fuzz -list '^Fuzz' | grep '^Fuzz')
fi

if [[ $SANITIZER != *coverage* ]]; then
  # compile_native_go_fuzzer takes go-118-fuzz-build from PATH and passes it no -include:
  # put first the pinned builder, behind a wrapper that adds -include.
  tools="$WORK/gamediff-tools"
  mkdir -p "$tools/bin"
  GOBIN="$tools" go install "$builder@$builder_version"
  cat > "$tools/bin/go-118-fuzz-build" <<EOF
#!/bin/bash
exec "$tools/go-118-fuzz-build" -include "$instrument" "\$@"
EOF
  chmod +x "$tools/bin/go-118-fuzz-build"
  export PATH="$tools/bin:$PATH"
fi

# The seed corpora: a libFuzzer build ignores F.Add and testdata/, so the seeds (corpus
# cases and generated ones) are written as files in the builder's input format (a 4-byte
# big-endian length, then the bytes) and shipped as $OUT/<target>_seed_corpus.zip.
seeds="$WORK/gamediff-seeds"
rm -rf "$seeds"
go test ./fuzz -count=1 -run '^TestWriteSeedCorpus$' -args -seedcorpus="$seeds"

for target in "${targets[@]}"; do
  rm -f "$OUT/$target"
  compile_native_go_fuzzer gamediff/fuzz "$target" "$target"
  # compile_native_go_fuzzer only prints a message when it finds no target.
  if [ ! -x "$OUT/$target" ]; then
    echo "build.sh: $target was not built" >&2
    exit 1
  fi
  if [ ! -d "$seeds/$target" ]; then
    echo "build.sh: no seed corpus for $target" >&2
    exit 1
  fi
  rm -f "$OUT/${target}_seed_corpus.zip"
  (cd "$seeds/$target" && zip -q "$OUT/${target}_seed_corpus.zip" ./*)
  # libFuzzer's inputs are at most its largest seed or 4 KB unless told otherwise, and a
  # Diff target's big games take their bytes (a 200x200 boom board with clicks, 40 KB):
  # let them grow to libFuzzer's own ceiling. It starts from the seeds' lengths all the
  # same, and only lengthens its inputs when coverage stalls (-len_control), so most
  # executions stay small. ClusterFuzz reads the options from $OUT/<target>.options.
  rm -f "$OUT/$target.options"
  if [[ $target == *Diff ]]; then
    printf '[libfuzzer]\nmax_len = %d\n' $((1 << 20)) > "$OUT/$target.options"
  fi
done
