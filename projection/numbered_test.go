package projection

import "testing"

// kinds are the kind and key of each proposal, for the tables below.
func kindsOf(ps []Proposal) map[string]string {
	m := map[string]string{}
	for _, p := range ps {
		m[p.Key] = string(p.Kind) + "/" + string(p.Op)
	}
	return m
}

func TestNumberedAnswers(t *testing.T) {
	sv := []string{"Två frågor: 1. Ska 0042 vara reversibel (reverse_code)?", "Hur lång får migreringen ta?"}
	en := []string{"Two questions: 1) Should 0042 be reversible?", "2) How long may the migration take?"}
	for _, c := range []struct {
		name   string
		asked  []string
		reply  string
		open   int // questions put off
		answer int // questions answered
	}{
		{"sv repro", sv, "1 - återkommer. 2 - max 20 min", 1, 1},
		{"sv both answered", sv, "1: ja, noop räcker. 2: max 20 min", 0, 2},
		{"sv later word", sv, "1) senare; 2) 20 minuter", 1, 1},
		{"en", en, "1 - I'll get back to you. 2 - 20 minutes max", 1, 1},
		{"en come back", en, "1. come back to it later\n2. at most 20 min", 1, 1},
		{"uk", sv, "на 1: пізніше; на 2: максимум 20 хв", 1, 1},
		{"hi", sv, "1 - बाद में बताऊंगा. 2 - 20 मिनट से ज्यादा नहीं", 1, 1},
		{"ru", sv, "1. потом. 2. не больше 20 минут", 1, 1},
		{"de", sv, "1 - später. 2 - höchstens 20 Minuten", 1, 1},
		// near-misses: nothing answered by number
		{"a decimal", sv, "1.5 s is enough for both", 0, 0},
		{"no mark", sv, "2 retries max", 0, 0},
		{"number past the questions", sv, "3 - max 20 min", 0, 0},
		{"numbers falling", sv, "2 - max 20 min. 1 - återkommer", 0, 0},
		{"questions not numbered", []string{"Ska 0042 vara reversibel?", "Hur lång får migreringen ta?"}, "1 - återkommer. 2 - max 20 min", 0, 0},
		{"one question", []string{"1. Ska 0042 vara reversibel?"}, "1 - ja", 0, 0},
		{"not at the start", sv, "ok. 1 - återkommer", 0, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := numberedAnswers(c.reply, &Context{Asked: c.asked}, nil)
			open, answer := 0, 0
			for _, p := range out {
				switch {
				case p.Kind == KindUncertainty && p.Op == OpState:
					open++
				case p.Kind == KindDecision && p.Was != "":
					answer++
				}
			}
			if open != c.open || answer != c.answer {
				t.Errorf("%q: %d open, %d answered, want %d, %d: %v", c.reply, open, answer, c.open, c.answer, kindsOf(out))
			}
		})
	}
}

func TestNumberedAnswerDropsSubjectlessRule(t *testing.T) {
	asked := []string{"Två frågor: 1. Ska 0042 vara reversibel (reverse_code)?", "Hur lång får migreringen ta?"}
	in := []Proposal{{Op: OpState, Kind: KindConstraint, Key: "constraint/-/2-max-20-min", Value: "2 - max 20 min", Quote: "2 - max 20 min"}}
	out := numberedAnswers("1 - återkommer. 2 - max 20 min", &Context{Asked: asked}, in)
	if k := kindsOf(out); k["constraint/-/2-max-20-min"] != "" || k[answerPrefix+"max-20-min"] == "" {
		t.Errorf("got %v", k)
	}
}

func TestSubjectAnswered(t *testing.T) {
	qs := map[string]string{
		"question/-/reverse": "Två frågor: 1. Ska 0042 vara reversibel (reverse_code)? — återkommer",
		"question/-/mdm":     "Are the techs' phones managed by the client's MDM? — i asked the clients IT",
	}
	for _, c := range []struct {
		reply, want string
	}{
		{"reverse: ja, noop räcker för 0042", "question/-/reverse"},
		{"reverse_code: yes, noop is enough", "question/-/reverse"},
		{"reversibel: так, noop вистачить", "question/-/reverse"},
		{"MDM: yes, they are managed, Intune", "question/-/mdm"},
		// near-misses
		{"asked priya: backfill from the photos table", ""},
		{"deploy: klart", ""},
		{"reverse: ja?", ""},
		{"reverse:", ""},
		{"ja, noop räcker", ""},
	} {
		out := subjectAnswered(c.reply, &Context{Questions: qs}, nil)
		got := ""
		for _, p := range out {
			if p.Kind == KindUncertainty && p.Op == OpLift {
				got = p.Key
			}
		}
		if got != c.want {
			t.Errorf("%q closed %q, want %q", c.reply, got, c.want)
		}
	}
}

func TestNotNowDeclines(t *testing.T) {
	offer := []string{"Ska jag lägga till en Sentry-alert när sync_invoices når max_retries?", "Och ska 0043 köras med lock_timeout?"}
	for _, c := range []struct {
		asked    []string
		reply    string
		declined bool
	}{
		{offer, "inte nu", true},
		{offer, "nej, inte nu.", true},
		{[]string{"Shall I add a Sentry alert at max_retries?"}, "not now", true},
		{[]string{"Додати алерт у Sentry на max_retries?"}, "не зараз", true},
		{[]string{"क्या मैं Sentry alert जोड़ूँ?"}, "अभी नहीं", true},
		{[]string{"Soll ich einen Sentry-Alarm hinzufügen?"}, "nicht jetzt", true},
		// near-misses
		{[]string{"Hur lång får migreringen ta?"}, "inte nu", false},
		{offer, "inte nu, men lägg det i backloggen", false},
		{offer, "ja", false},
		{nil, "not now", false},
	} {
		out := notNowDeclines(c.reply, &Context{Asked: c.asked}, nil)
		if got := len(out) == 1 && out[0].Was == c.asked[0]; got != c.declined {
			t.Errorf("%q to %q: declined %v, want %v", c.reply, c.asked, got, c.declined)
		}
	}
}

func TestLetteredItemReplies(t *testing.T) {
	for _, c := range []struct {
		offer, reply       string
		rejected, accepted string // the items' first words, "" for none
	}{
		{"Två vägar: (a) pytest-rerunfailures med --reruns 2, (b) retry_jitter=False i testet.", "a: nej, inga reruns, det döljer bara skiten. b ok.", "negative/-/pytest-rerunfailures-med-reruns-2", "decision/-/retry_jitter-false-testet"},
		{"Two options: (a) add pytest reruns, (b) set retry_jitter=False in the test.", "a: no, that just hides the flake. b ok", "negative/-/add-pytest-reruns", "decision/-/set-retry_jitter-false-test"},
		{"Два варіанти: a) додати reruns, b) retry_jitter=False у тесті.", "a: ні, це лише ховає проблему. b ок", "negative/-/додати-reruns", "decision/-/retry_jitter-false-тесті"},
		{"दो विकल्प: (a) reruns जोड़ना, (b) टेस्ट में retry_jitter=False.", "a: नहीं, इससे असली bug छिप जाता है. b ठीक", "negative/-/reruns-ज-ड-न", "decision/-/ट-स-ट-म-retry_jitter-false"},
		{"I propose: 1) MaxConns 10 → 40; 2) sync.Pool for buffers.", "2 - ok", "", "decision/-/sync.pool-buffers"},
		// near-misses
		{"Two options: (a) add pytest reruns, (b) set retry_jitter=False in the test.", "a new dependency is fine", "", ""},
		{"Two options: (a) add pytest reruns, (b) set retry_jitter=False in the test.", "c: no, neither", "", ""},
		{"Two options: (a) add pytest reruns, (b) set retry_jitter=False in the test.", "ok", "", ""},
		{"I propose: 1) MaxConns 10 → 40; 2) sync.Pool for buffers.", "3 retries ok", "", ""},
	} {
		out := itemReplies(c.reply, &Context{Offer: c.offer}, nil)
		rej, acc := "", ""
		for _, p := range out {
			switch p.Kind {
			case KindNegative:
				rej = p.Key
			case KindDecision:
				acc = p.Key
			}
		}
		if rej != c.rejected || acc != c.accepted {
			t.Errorf("%q: rejected %q accepted %q, want %q %q", c.reply, rej, acc, c.rejected, c.accepted)
		}
	}
}
