package main

import "testing"

func TestClosest(t *testing.T) {
	names := []string{"cases", "case", "seed", "duration", "game", "cmd", "compare", "workers"}
	tests := []struct{ word, want string }{
		{"seeed", "seed"},
		{"dur", "duration"}, // the only name it begins
		{"cases2", "cases"},
		{"gmae", "game"}, // two letters swapped
		{"workres", "workers"},
		{"c", ""},       // too short to tell
		{"xyz", ""},     // nothing near
		{"cse", "case"}, // nearer case than cases
		{"ca", ""},      // case and cases both begin it
	}
	for _, tt := range tests {
		if got := closest(tt.word, names); got != tt.want {
			t.Errorf("closest(%q) = %q, want %q", tt.word, got, tt.want)
		}
	}
	if got := closest("mien", []string{"boom", "datamining", "mine", "tower"}); got != "mine" {
		t.Errorf("closest(mien) = %q, want mine", got)
	}
}
