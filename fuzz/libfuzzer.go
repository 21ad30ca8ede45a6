//go:build gofuzz_libfuzzer

package fuzz

// go-118-fuzz-build, which builds the libFuzzer binaries, always sets this file's build
// tag. There F.Add does nothing and the seeds come from the seed corpus zip, so building
// them would only slow every start of the binary (boom's generator makes large games);
// and libFuzzer's -timeout watches every run, so the judges run inline
// (inlineRuns).
func init() {
	seedsFromZip = true
	inlineRuns = true
}
