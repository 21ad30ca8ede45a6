#!/usr/bin/env bash
# The gamediff GitHub Action (action.yml), as a script that runs on a laptop too:
#
#   INPUT_GAME=mine INPUT_CPP=solution.cpp INPUT_CASES=1000 path/to/gamediff/action/gate.sh
#
# It builds gamediff from the action's folder, hunts the program for a fixed number of cases
# of a fixed seed, and exits with hunt's status (0 clean, 1 a finding, 2 a usage or harness
# error). Inputs come as INPUT_* variables (action.yml lists them); the outcome goes to
# $GITHUB_OUTPUT and, as Markdown, to $GITHUB_STEP_SUMMARY (stdout when unset). Findings,
# their HTML reports and hunt's -json summary go to the output folder; jq reads the summary.
set -euo pipefail

action=${GITHUB_ACTION_PATH:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
# Written through descriptors 3 (the summary) and 4 (the outputs): a laptop's stdout is a
# descriptor to share, not a file to open again.
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then exec 3>>"$GITHUB_STEP_SUMMARY"; else exec 3>&1; fi
exec 4>>"${GITHUB_OUTPUT:-/dev/null}"
game=${INPUT_GAME:-}
program=${INPUT_PROGRAM:-}
cpp=${INPUT_CPP:-}
cases=${INPUT_CASES:-100000}
seed=${INPUT_SEED:-1}
shard=${INPUT_SHARD:-}
skip=${INPUT_SKIP_RULE:-}
compare=${INPUT_COMPARE:-exact}
max=${INPUT_MAX_FINDINGS:-1}
out=${INPUT_OUTPUT:-gamediff-findings}
out=${out%/}
artifact=${INPUT_ARTIFACT_NAME:-gamediff-$game${shard:+-shard-${shard/\//-of-}}}

# fail stops before the hunt as hunt stops on a usage error, with exit status 2, and says so
# where GitHub shows it.
fail() {
  echo "gate: $*" >&2
  if [ -n "${GITHUB_ACTIONS:-}" ]; then echo "::error title=gamediff::$*"; fi
  printf 'findings=0\nexit-code=2\nartifact-name=%s\n' "$artifact" >&4
  printf '**gamediff: error** (exit status 2): %s\n' "$*" >&3
  exit 2
}

# sq quotes a word for sh as hunt's reports do: as it is when it is plain.
sq() {
  if [[ $1 =~ ^[-A-Za-z0-9/._]+$ ]]; then printf '%s' "$1"; else printf "'%s'" "${1//\'/\'\\\'\'}"; fi
}

[ -n "$game" ] || fail "the input game is required (mine, boom, tower or datamining)"
if { [ -n "$program" ] && [ -n "$cpp" ]; } || [ -z "$program$cpp" ]; then
  fail "give exactly one of the inputs program and cpp"
fi
# Bounded by cases and not by time (-duration 0), a hunt runs the same cases on any runner.
[[ $cases =~ ^[1-9][0-9]*$ ]] || fail "cases must be a positive number, not '$cases'"

if [ -n "${RUNNER_TEMP:-}" ]; then
  tmp=$RUNNER_TEMP
else
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
fi
command -v go >/dev/null || fail "no go on PATH to build gamediff: set the input go-version (go.mod)"
gamediff=$tmp/gamediff
(cd "$action" && go build -o "$gamediff" ./cmd/diff) || fail "go could not build gamediff in $action"

# mine is the program as the reproduce commands name it on the user's machine, and build
# the command that makes it there.
mine=$program build=""
if [ -n "$cpp" ]; then
  name=$(basename "$cpp")
  name=${name%.*}
  mkdir -p "$tmp/gamediff-cpp"
  program=$tmp/gamediff-cpp/$name
  g++ -O2 -std=c++17 -o "$program" "$cpp" || fail "g++ could not build $cpp"
  mine=./$name build="g++ -O2 -std=c++17 -o $(sq "$name") $(sq "$cpp")"
fi
judgeflags=""
if [ "$compare" != exact ]; then judgeflags=" -compare $(sq "$compare")"; fi
huntflags=$judgeflags
if [ -n "$skip" ]; then huntflags=" -skip-rule $(sq "$skip")$huntflags"; fi

args=(hunt -game "$game" -cmd "$program" -cases "$cases" -duration 0 -seed "$seed"
  -compare "$compare" -max-findings "$max" -o "$out/found" -report "$out/report" -json)
if [ -n "$shard" ]; then args+=(-shard "$shard"); fi
if [ -n "$skip" ]; then args+=(-skip-rule "$skip"); fi
{ printf 'gate: %q' "$gamediff"; printf ' %q' "${args[@]}"; echo; } >&2
json=$tmp/hunt.json
rc=0
# stderr goes to the log as it comes, and to a file for the summary's word on an error;
# pipefail makes the pipeline's status hunt's.
"$gamediff" "${args[@]}" 2>&1 >"$json" 3>&- 4>&- | tee "$tmp/hunt.err" >&2 || rc=$?

findings=$(jq '.findings | length' "$json" 2>/dev/null || true)
printf 'findings=%s\nexit-code=%s\nartifact-name=%s\n' "${findings:-0}" "$rc" "$artifact" >&4
if [ ! -s "$json" ]; then
  printf '**gamediff: error** (exit status %s): <code>%s</code>\n' "$rc" "$(tail -n 1 "$tmp/hunt.err" | jq -Rr @html)" >&3
  exit "$rc"
fi

if [ "$rc" != 0 ]; then
  mkdir -p "$out"
  cp "$json" "$out/hunt.json"
  # Hunt keeps some inputs outside -o (a flaky finding, a mistake of gamediff's own judge),
  # where they would die with the runner: the artifact keeps them as kept/NAME.
  jq -r '.findings[].path // empty' "$json" | while IFS= read -r path; do
    case $path in "$out"/*) continue ;; esac
    mkdir -p "$out/kept"
    for f in "$path" "${path%.in}.ans"; do if [ -f "$f" ]; then cp "$f" "$out/kept/"; fi; done
  done
  if [ -n "${GITHUB_ACTIONS:-}" ]; then
    jq -r '.findings[] | "::error title=gamediff \(.verdict)::\(.signature | gsub("%"; "%25"))"' "$json"
  fi
fi

jq -r --arg rc "$rc" --arg out "$out" --arg cmd "$(sq "$mine")" --arg build "$build" \
  --arg what "${cpp:-$program}" --arg judgeflags "$judgeflags" --arg huntflags "$huntflags" \
  --arg artifact "$artifact" --arg run "${GITHUB_RUN_ID:-}" '
  def code: "<code>" + (tostring | @html) + "</code>";
  def saved: if .path == null or (.path | startswith($out + "/")) then .path
    else "\($out)/kept/\(.path | split("/") | last)" end;
  def where: "\(.cases) cases of seed \(.seed)" + (if .shard then ", shard \(.shard)" else "" end)
    + " (cases digest <code>\(.cases_digest)</code>)";
  . as $s
  | (.replayed.still_failing // []) as $still
  | if $rc == "0" then
      "**gamediff: clean.** \(.game), \($what | code): \(where), no finding."
    else
      "**gamediff: " + (if $rc == "1" then (.findings | length | if . == 1 then "1 finding" else "\(.) findings" end) elif $rc == "130" then "interrupted" else "harness error" end)
        + "** in \(.game), \($what | code), exit status \($rc): \(where)."
        + (if $rc == "2" then " The log says what failed." else "" end),
      "<code>\($out)</code> holds the saved cases (found/), the HTML reports (report/) and hunt.json"
        + (if $run != "" then ", uploaded as the artifact <code>\($artifact)</code>." else "." end),
      "",
      (.findings | to_entries[] | .key as $i | .value
        | "#### \($i + 1). \(.verdict): \(.signature | code)",
          "",
          "- causes: " + ([(.causes // [])[] | "\(.ruling) (\(.why | @html))"] | join("; ") | if . == "" then "none among the rulings" else . end),
          "- saved: " + (saved | if . then code else "nothing, the log says why" end)
            + (if .origin then ", from \(.origin | @html)" elif .packed then " (packed cases)" else ", case \(.index) of seed \($s.seed)" end),
          (if .identity.oracle then "- a mistake of fast, the judge the hunt compares with, not of the program: please report it to gamediff" else empty end),
          "",
          "```sh",
          (if saved == null then empty
           elif .identity.oracle then "gamediff judge -game \($s.game) \(saved)"
           else "gamediff judge -game \($s.game) -cmd \($cmd)\($judgeflags) \(saved)" end),
          (if .origin or .packed then empty
           else "gamediff hunt -game \($s.game) -cmd \($cmd) -seed \($s.seed) -case \(.index)\($huntflags)" end),
          "```",
          ""),
      (if $still == [] then empty else
         "Saved cases that still fail: " + ($still | map("\(.test | code) (\(.signature // .verdict | @html))") | join(", ")) + ".", "" end),
      "To run these commands: " + ([
        (if $run != "" then "download the artifact, <code>gh run download \($run) -n \($artifact) -D \($out)</code>" else empty end),
        (if $build != "" then "build the program, <code>\($build | @html)</code>" else empty end),
        "build gamediff at the ref the workflow uses (<code>go build -o gamediff ./cmd/diff</code> in its repository) and put it on your PATH"
      ] | join("; ")) + "."
    end
' "$json" >&3 || echo "gate: jq could not read hunt's summary, $json" >&2

exit "$rc"
