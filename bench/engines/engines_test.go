package engines

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/bench/replay"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/enginetest"
)

func TestParse(t *testing.T) {
	got, err := Parse("ef, basic,ef")
	if err != nil || !slices.Equal(got, []string{"ef", "basic"}) {
		t.Fatalf("Parse: %v %v", got, err)
	}
	if all, _ := Parse("all"); !slices.Equal(all, Names()) {
		t.Fatalf("all: %v", all)
	}
	for _, bad := range []string{"", "ef,magic"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
}

func TestProbeQueries(t *testing.T) {
	cases := []struct {
		p    replay.Probe
		want []string
	}{
		{replay.Probe{Question: "What is the deploy token?"}, []string{"deploy token", "deploy", "token"}},
		{replay.Probe{Question: "What is the current value of timeout in config/app.toml?", Key: "timeout"}, []string{"timeout config/app.toml", "timeout", "config/app.toml"}},
		{replay.Probe{Question: "部署令牌是什么？"}, []string{"部署 令牌", "部署", "令牌"}},
	}
	for _, c := range cases {
		if got := probeQueries(c.p); !slices.Equal(got, c.want) {
			t.Errorf("%q: %q, want %q", c.p.Question, got, c.want)
		}
	}
}

func TestMaskGen017(t *testing.T) {
	b := enginetest.NewBuilder(t, "g17", hostshim.Gen017)
	b.TurnStart()
	b.User("go")
	b.Assistant("", enginetest.Call{ID: "c1", Name: "bash", Args: "{}"})
	b.Result("c1", strings.Repeat("log line with words ", 50), false)
	b.Assistant("", enginetest.Call{ID: "c2", Name: "bash", Args: "{}"})
	b.Result("c2", "short", false)
	m := newMasker(Config{Window: 100, Meter: wordMeter{}})
	if err := m.Compact(context.Background(), &hostshim.Agent{Session: b.S}, hostshim.TriggerOverflow); err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, n := range b.S.Nodes() {
		msg, _ := b.S.Message(n)
		if _, ok := msg.ToolResultID(); ok {
			texts = append(texts, msg.Text())
		}
	}
	if len(texts) != 2 || !strings.HasPrefix(texts[0], "[tool output pruned") || texts[1] != "short" {
		t.Fatalf("results after masking: %q", texts)
	}
}

// wordMeter prices text by words, a message by the words of its text.
type wordMeter struct{}

func (wordMeter) Name() string                         { return "words" }
func (wordMeter) CountMessage(m *hostshim.Message) int { return len(strings.Fields(m.Text())) }
func (wordMeter) CountText(s string) int               { return len(strings.Fields(s)) }
