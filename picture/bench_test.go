package picture

import (
	"io"
	"testing"

	"gamediff/ref"
)

// BenchmarkBigMine compares, on one run, the untraced reference judge, the same judge
// traced with an observer that does nothing, Play, Explain and Signature, on a 1000 x 1000
// board with 60000 operations: what a picture costs over the judge.
func BenchmarkBigMine(b *testing.B) {
	input := bigMine()
	var want []byte
	want, _ = ref.MineTrace(input, func(*ref.MineStep) {})
	got := applyEdits(want, []edit{replaceLine(90000, "90 1000 5")})
	b.Run("ref", func(b *testing.B) {
		for b.Loop() {
			_ = ref.Mine(input, io.Discard)
		}
	})
	b.Run("trace", func(b *testing.B) {
		for b.Loop() {
			_, _ = ref.MineTrace(input, func(*ref.MineStep) {})
		}
	})
	b.Run("play", func(b *testing.B) {
		for b.Loop() {
			_, _ = Play("mine", input)
		}
	})
	b.Run("explain", func(b *testing.B) {
		for b.Loop() {
			_, _ = Explain("mine", input, want, got)
		}
	})
	b.Run("signature", func(b *testing.B) {
		for b.Loop() {
			_, _ = Signature("mine", input, want, got)
		}
	})
}
