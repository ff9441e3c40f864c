package replay

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Probe is one planted item of ground truth the driver watches for.
type Probe struct {
	ID   string `json:"id"`
	Kind string `json:"kind"`
	// Question is what a model would be asked; Recoverer uses its words.
	Question string `json:"question"`
	// Answer is the exact string a correct answer contains.
	Answer string `json:"answer"`
	// Old are values the answer replaced (superseded items), oldest first.
	Old []string `json:"old,omitempty"`
	// Key names the setting of a superseded item ("timeout"). When set,
	// a value counts as visible only in a statement about the key
	// ("timeout = 60", `log_level = "warn"`, "… from 45 to 60"), because
	// bare values such as "60" occur everywhere.
	Key string `json:"key,omitempty"`
	// PlantedAt is the source seq of the event that states Answer; the
	// probe is checked at every request after it.
	PlantedAt int `json:"plantedAt"`
}

// Shows reports whether text states the probe's answer.
func (p *Probe) Shows(text string) bool { return p.valueVisible(text, p.Answer) }

// valueVisible reports whether text states v (for the probe's key, when
// it has one).
func (p *Probe) valueVisible(text, v string) bool {
	if p.Key == "" {
		return strings.Contains(text, v)
	}
	if !strings.Contains(text, p.Key) {
		return false
	}
	for _, pre := range [...]string{p.Key + " = ", p.Key + ` = "`, p.Key + "=", " to ", "改成 ", "改为 ", "→ ", "-> "} {
		if containsBounded(text, pre+v) {
			return true
		}
	}
	return false
}

// containsBounded reports whether s contains sub not followed by a letter
// or digit ("= 60" does not match "= 600").
func containsBounded(s, sub string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], sub)
		if j < 0 {
			return false
		}
		end := i + j + len(sub)
		if end >= len(s) {
			return true
		}
		r, _ := utf8.DecodeRuneInString(s[end:])
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '.' || r == '.' && (end+1 >= len(s) || !unicode.IsDigit(rune(s[end+1]))) {
			return true
		}
		i = i + j + 1
	}
}

// Visibility flags of one probe in one piece of text.
const (
	seeCurrent uint8 = 1 << iota
	seeOld
)

// scan returns the visibility flags of every probe in text, or nil when
// no probe is visible.
func scanProbes(probes []Probe, text string) []uint8 {
	var out []uint8
	for i := range probes {
		p := &probes[i]
		var f uint8
		if p.valueVisible(text, p.Answer) {
			f |= seeCurrent
		}
		for _, o := range p.Old {
			if p.valueVisible(text, o) {
				f |= seeOld
				break
			}
		}
		if f != 0 {
			if out == nil {
				out = make([]uint8, len(probes))
			}
			out[i] = f
		}
	}
	return out
}

// ProbeOutcome is what happened to one probe in one replay.
type ProbeOutcome struct {
	Probe
	// Checks is the number of requests after the probe was planted;
	// Visible how many of them showed the answer.
	Checks  int `json:"checks"`
	Visible int `json:"visible"`
	// Stale counts checks where a superseded value was shown as current
	// (see Result.StaleAtEnd).
	Stale int `json:"stale"`
	// VisibleAtEnd: the answer is in the final surface.
	VisibleAtEnd bool `json:"visibleAtEnd"`
	// StaleAtEnd: the final surface shows a superseded value as current:
	// an old value is visible and the answer is not, or both are and the
	// last statement in surface order states an old value and not the
	// answer (nothing marks the old one as replaced).
	StaleAtEnd bool `json:"staleAtEnd"`
	// Recoverable: not visible at the end, but the engine's recall finds
	// the answer (only engines with recall).
	Recoverable bool `json:"recoverable"`

	index int // in Config.Probes
}

// judge returns (visible, stale) for probe i over the pieces' flags in
// surface order.
func judge(flags [][]uint8, i int) (visible, stale bool) {
	var cur, old bool
	var last uint8
	for _, f := range flags {
		if f == nil || f[i] == 0 {
			continue
		}
		last = f[i]
		cur = cur || f[i]&seeCurrent != 0
		old = old || f[i]&seeOld != 0
	}
	stale = old && (!cur || last&seeCurrent == 0)
	return cur, stale
}
