package english_test

import (
	"testing"

	"github.com/epistemicfold/ef/internal/english"
)

func TestCount(t *testing.T) {
	for _, c := range []struct {
		n    int
		noun string
		want string
	}{
		{0, "anchor", "0 anchors"}, {1, "anchor", "1 anchor"}, {2, "anchor", "2 anchors"},
		{1, "foreign entry", "1 foreign entry"}, {3, "foreign entry", "3 foreign entries"},
		{2, "key", "2 keys"}, {-1, "fold", "-1 folds"}, {1, "tool result", "1 tool result"},
	} {
		if got := english.Count(c.n, c.noun); got != c.want {
			t.Errorf("Count(%d, %q) = %q, want %q", c.n, c.noun, got, c.want)
		}
	}
}
