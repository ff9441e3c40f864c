package hostshim_test

import (
	"slices"
	"testing"

	"github.com/epistemicfold/ef/hostshim"
)

// TestCallLedger: a call is open once an assistant message went past it
// without its result; a result answers the latest waiting call of its id,
// so a repeated message leaves the first call open, marked Again; calls of
// the last message are waiting, not open.
func TestCallLedger(t *testing.T) {
	call := func(id string) hostshim.Block {
		return hostshim.Block{Type: hostshim.BlockToolCall, ID: id, Name: "bash"}
	}
	ids := func(l *hostshim.CallLedger) (out []string) {
		for _, c := range l.Open() {
			out = append(out, c.ID)
		}
		return out
	}
	var l hostshim.CallLedger
	l.Assistant(1, []hostshim.Block{call("a"), call("b")})
	l.Result("a")
	if got := ids(&l); got != nil {
		t.Fatalf("calls of the last message are open: %v", got)
	}
	l.Result("b")
	l.Assistant(4, []hostshim.Block{call("c")})
	l.Assistant(5, []hostshim.Block{call("c")}) // the same message again
	l.Result("c")
	open := l.Open()
	if len(open) != 1 || open[0] != (hostshim.OpenCall{Seq: 4, ID: "c", Name: "bash", Again: 5}) {
		t.Fatalf("repeated message: open %+v", open)
	}
	l.Assistant(7, []hostshim.Block{call("d")})
	l.Assistant(8, nil) // went on without d's result
	if got := ids(&l); !slices.Equal(got, []string{"c", "d"}) {
		t.Fatalf("open %v, want [c d]", got)
	}
	if s := open[0].String(); s != "tool call c (bash) at seq 4 has no result; seq 5 issues the same call id again (a repeated assistant message?)" {
		t.Errorf("String: %q", s)
	}
	if _, err := hostshim.OpenCalls(nil); err == nil {
		t.Error("OpenCalls(nil): no error")
	}
}
