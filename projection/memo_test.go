package projection

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/epistemicfold/ef/internal/testutil"
	"pgregory.net/rapid"
)

// counting is a proposer that counts the events it was asked about.
type counting struct {
	inner Proposer
	calls *int
}

func (c counting) Propose(ev *Event, ctx *Context) []Proposal {
	*c.calls++
	return c.inner.Propose(ev, ctx)
}

func snapshotJSON(t *rapid.T, r *Reducer) string {
	b, err := r.MarshalSnapshot()
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestMemoTransparent: a reducer proposing through a Memo reaches the same
// state as one proposing directly, and a second reduction of the same
// events (from the start, or from a copy taken midway that proposes
// through a copy of the Memo) asks the inner proposer nothing.
func TestMemoTransparent(t *testing.T) {
	testutil.RapidChecks(t, 25)
	rapid.Check(t, func(t *rapid.T) {
		evs := genEvents(t, rapid.IntRange(1, 40).Draw(t, "steps"))
		calls := 0
		memo := NewMemo(counting{Deterministic{}, &calls})
		plain, viaMemo := New(Options{}), New(Options{Proposer: memo})
		cut := rapid.IntRange(0, len(evs)).Draw(t, "cut")
		var mid *Reducer
		for i, ev := range evs {
			if i == cut {
				mid = viaMemo.Clone()
			}
			plain.Apply(ev)
			viaMemo.Apply(ev)
		}
		if mid == nil {
			mid = viaMemo.Clone()
		}
		want := snapshotJSON(t, plain)
		if got := snapshotJSON(t, viaMemo); got != want {
			t.Fatalf("memoized reduction differs\n got %s\nwant %s", got, want)
		}
		first := calls
		again := New(Options{Proposer: memo})
		for _, ev := range evs {
			again.Apply(ev)
		}
		mid.UseProposer(memo.Clone())
		for _, ev := range evs[cut:] {
			mid.Apply(ev)
		}
		if calls != first {
			t.Fatalf("re-reduction asked the proposer %d more times", calls-first)
		}
		for _, r := range []*Reducer{again, mid} {
			if got := snapshotJSON(t, r); got != want {
				t.Fatalf("re-reduction differs\n got %s\nwant %s", got, want)
			}
		}
	})
}

// TestMemoChecksInputs: an entry is reused only for the same event in the
// same context; a different text, call or context at the same seq is
// proposed afresh.
func TestMemoChecksInputs(t *testing.T) {
	calls := 0
	m := NewMemo(counting{Deterministic{}, &calls})
	ev := Event{Seq: 3, Role: RoleUser, Text: "Set timeout to 30."}
	ctx := &Context{OpenFailures: map[string]string{}}
	first := m.Propose(&ev, ctx)
	m.Propose(&ev, &Context{OpenFailures: map[string]string{}})
	if calls != 1 {
		t.Fatalf("same event and context: %d calls, want 1", calls)
	}
	changed := []struct {
		name string
		ev   Event
		ctx  *Context
	}{
		{"text", Event{Seq: 3, Role: RoleUser, Text: "Set timeout to 45."}, ctx},
		{"role", Event{Seq: 3, Role: RoleSystem, Text: ev.Text}, ctx},
		{"objective", ev, &Context{HaveObjective: true, OpenFailures: map[string]string{}}},
		{"failures", ev, &Context{OpenFailures: map[string]string{"TestX": "test:TestX"}}},
		{"value", ev, &Context{LastValueKey: "timeout", OpenFailures: map[string]string{}}},
		{"call", Event{Seq: 3, Role: RoleTool, Text: "ok", Result: &Result{CallID: "c1"}}, &Context{Call: &Call{ID: "c1", Name: "bash", Args: map[string]any{"command": "go test"}}}},
		{"call args", Event{Seq: 3, Role: RoleTool, Text: "ok", Result: &Result{CallID: "c1"}}, &Context{Call: &Call{ID: "c1", Name: "bash", Args: map[string]any{"command": "make"}}}},
	}
	for _, c := range changed {
		before := calls
		m.Propose(&c.ev, c.ctx)
		if calls != before+1 {
			t.Errorf("%s changed: the remembered proposals were reused", c.name)
		}
	}
	again := m.Propose(&ev, ctx)
	a, _ := json.Marshal(first)
	b, _ := json.Marshal(again)
	if string(a) != string(b) {
		t.Fatalf("proposals differ: %s vs %s", a, b)
	}
	m.Keep(func(seq int) bool { return seq != 3 })
	if m.Len() != 0 {
		t.Fatalf("Keep left %d entries", m.Len())
	}
}

// TestSameContextSeesEveryField: changing any one field of a Context makes
// it a different context for the Memo, so a reading that consults a field
// never gets proposals computed without it. Fields are visited by
// reflection, so a field added to Context later is covered too.
func TestSameContextSeesEveryField(t *testing.T) {
	base := Context{}
	rt := reflect.TypeOf(base)
	for i := 0; i < rt.NumField(); i++ {
		f := rt.Field(i)
		changed := base
		v := reflect.ValueOf(&changed).Elem().Field(i)
		switch v.Kind() {
		case reflect.Bool:
			v.SetBool(true)
		case reflect.Int:
			v.SetInt(1)
		case reflect.String:
			v.SetString("x")
		case reflect.Map:
			m := reflect.MakeMap(v.Type())
			m.SetMapIndex(reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem())
			v.Set(m)
		case reflect.Slice:
			v.Set(reflect.MakeSlice(v.Type(), 1, 1))
		case reflect.Pointer:
			v.Set(reflect.New(v.Type().Elem()))
		default:
			t.Fatalf("field %s of kind %s: teach this test to change it", f.Name, v.Kind())
		}
		if sameContext(&base, &changed) {
			t.Errorf("sameContext ignores Context.%s", f.Name)
		}
		if c := cloneContext(&changed); !sameContext(&c, &changed) {
			t.Errorf("cloneContext loses Context.%s", f.Name)
		}
	}
}
