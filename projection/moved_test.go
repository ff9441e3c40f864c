package projection

import "testing"

// A setting said to be moved to a value ("got pushed to", "まで延ばして
// もらえました") supersedes the one held; chatter waved off
// sets nothing.
func TestValueMovedTo(t *testing.T) {
	for _, tc := range []struct {
		msgs       []string
		name, want string
	}{
		{[]string{"the code freeze is 2026-03-02", "good news, the code freeze got pushed to 2026-03-09"}, "code freeze", "2026-03-09"},
		{[]string{"今日は請求書の出力を直します。コードは billing/ にあります。", "あ、リリース日ですが、営業に聞いたら3/20まで延ばしてもらえました"}, "リリース日", "3/20"},
		{[]string{"the cutoff is 18:00", "the cutoff was moved to 19:30"}, "cutoff", "19:30"},
	} {
		r := userSays(tc.msgs...)
		got := valueHeads(r)
		if got[tc.name] != tc.want {
			t.Errorf("%q: %s = %q, want %q (all: %v)", tc.msgs, tc.name, got[tc.name], tc.want, got)
		}
	}
	r := New(Options{})
	r.Apply(Event{Seq: 0, Role: RoleUser, Text: "we are fixing the invoice export today"})
	r.Apply(Event{Seq: 1, Role: RoleUser, Text: "btw the retro got moved to 4, whatever"})
	for _, a := range r.Heads() {
		if a.Kind == KindValue {
			t.Errorf("chatter set %s = %q", a.Name, a.Value)
		}
	}
}

// reduced is a reducer that read evs in order, each event's Seq its
// position.
func reduced(evs ...Event) *Reducer {
	r := New(Options{})
	for i, ev := range evs {
		ev.Seq = i
		r.Apply(ev)
	}
	return r
}

// userSays is a reducer that read msgs as the user's messages, in order.
func userSays(msgs ...string) *Reducer {
	r := New(Options{})
	for i, s := range msgs {
		r.Apply(Event{Seq: i, Role: RoleUser, Text: s})
	}
	return r
}

// userSaysAnswered is a reducer that read msgs as the user's messages, in
// order, the assistant answering each with reply.
func userSaysAnswered(reply string, msgs ...string) *Reducer {
	r := New(Options{})
	for i, s := range msgs {
		r.Apply(Event{Seq: 2 * i, Role: RoleUser, Text: s})
		r.Apply(Event{Seq: 2*i + 1, Role: RoleAssistant, Text: reply})
	}
	return r
}
