package errkind

import (
	"errors"
	"io/fs"
	"testing"
)

func TestText(t *testing.T) {
	cause := errors.New("boom")
	for _, c := range []struct{ got, want string }{
		{Op("pkg", "write", "p", "boom"), "pkg: write p: boom"},
		{Op("pkg", "write", "", "boom"), "pkg: write: boom"},
		{Op("pkg", "write", "p", ""), "pkg: write p"},
		{Cause(nil, "open", "p"), ""},
		{Cause(cause, "open", "p"), "boom"},
		{Cause(&fs.PathError{Op: "open", Path: "p", Err: cause}, "open", "p"), "boom"},
		{Cause(&fs.PathError{Op: "stat", Path: "p", Err: cause}, "open", "p"), "stat: boom"},
		{Cause(&fs.PathError{Op: "open", Path: "q", Err: cause}, "open", "p"), "open q: boom"},
		{At("f.jsonl", 0), "f.jsonl"},
		{At("f.jsonl", 12), "f.jsonl:12"},
		{Unavailable("pkg", "c1", "missing", nil), `pkg: checkpoint "c1" unavailable: missing`},
		{Unavailable("pkg", "c1", "corrupt", cause), `pkg: checkpoint "c1" unavailable: corrupt: boom`},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
