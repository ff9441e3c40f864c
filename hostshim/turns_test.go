package hostshim

import (
	"strings"
	"testing"
)

func TestTurns(t *testing.T) {
	s := NewSession("turns", Gen01)
	tw := NewTurns(s)
	user := func() {
		t.Helper()
		if _, err := s.Append(TypeUserMessage, Message{ID: "u", Role: RoleUser, Content: []Block{TextBlock("hi")}}, AppendOptions{SurfaceOp: AppendOp}); err != nil {
			t.Fatal(err)
		}
	}
	ask := func() {
		t.Helper()
		if err := tw.ForAssistant(); err != nil {
			t.Fatal(err)
		}
		m := Message{ID: "a", Role: RoleAssistant, Content: []Block{TextBlock("ok")}}
		if _, err := s.Append(TypeAssistantMessage, AssistantData{Turn: tw.Turn(), Step: tw.Step(), Message: m}, AppendOptions{SurfaceOp: AppendOp}); err != nil {
			t.Fatal(err)
		}
	}
	ask() // no turn open: opens turn 1, step 1
	if err := tw.OpenTurn(); err != nil {
		t.Fatal(err)
	}
	user()
	ask() // step 1 of turn 2 holds no assistant message yet
	ask() // it does now: step 2
	if err := tw.CloseTurn(); err != nil {
		t.Fatal(err)
	}
	if err := tw.CloseTurn(); err != nil { // closing twice writes nothing
		t.Fatal(err)
	}
	var got []string
	for seq := range s.Len() {
		e, _ := s.Event(seq)
		got = append(got, e.Type+" "+string(e.Data))
	}
	want := []string{
		`turn/start {"turn":1}`,
		`step/start {"turn":1,"step":1}`,
		`assistant/message`,
		`step/end {"turn":1,"step":1}`,
		`turn/end {"turn":1,"reason":"completed"}`,
		`turn/start {"turn":2}`,
		`step/start {"turn":2,"step":1}`,
		`user/message`,
		`assistant/message`,
		`step/end {"turn":2,"step":1}`,
		`step/start {"turn":2,"step":2}`,
		`assistant/message`,
		`step/end {"turn":2,"step":2}`,
		`turn/end {"turn":2,"reason":"completed"}`,
	}
	if len(got) != len(want) {
		t.Fatalf("%d events, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) || (strings.Contains(want[i], "{") && got[i] != want[i]) {
			t.Errorf("event %d: %s, want %s", i, got[i], want[i])
		}
	}
}
