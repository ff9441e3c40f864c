package codespan

import (
	"slices"
	"testing"
)

func TestAll(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"no spans", nil},
		{"run `go test ./...` then `make`", []string{"go test ./...", "make"}},
		{"an empty `` span and ` padded `", []string{"", " padded "}},
		{"one `open", nil},
		{"`a` and `b` and `c", []string{"a", "b"}},
		{"`多字节` text", []string{"多字节"}},
	} {
		if got := slices.Collect(All(c.in)); !slices.Equal(got, c.want) {
			t.Errorf("All(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	// Stopping early stops the scan.
	for span := range All("`a` `b`") {
		if span != "a" {
			t.Fatalf("first span %q, want a", span)
		}
		break
	}
}
