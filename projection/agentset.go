package projection

import (
	"slices"
	"strconv"
	"strings"
)

// A setting the agent says it changed. Some logs carry no record of an
// edit's text (codex exec's file_change item names the file, not the
// diff): the agent's own sentence is then the only record of the value it
// set ("Raising `timeout` from 300 to 1800", "Setting `timeout=900`
// instead", "Reverting the sensor timeout back to the original 300", "把
// `timeout` 从 300 改成 1800", "`timeout` を 900 に変更しました").
//
// Only a report of the act is read: the sentence opens on the verb (after
// "I", "I've", "now", …), in the past or the progressive, names the
// setting as code (backquoted, or shaped as an identifier: codename.go)
// or by the name of a setting already held, and ends the phrase on the
// value. A plan ("I could set", "I'll raise"), a question, a hedge, a
// value of a name only mentioned is no setting. The value is the agent's
// word: a value the user stated stands against it, and a later edit of
// the same setting replaces it (Reducer.agentValue).

// agentValueRE is a number with its unit, or a boolean.
const agentValueRE = `[+-]?\d+(?:_\d{3})*(?:\.\d+)?(?:\s?[A-Za-z%]+)?|true|false`

var (
	// agentSetEnRE: "Raising `timeout` from 300 to 1800", "I've set
	// max_retries to 5", "Reverted the sensor timeout back to the original
	// 300".
	agentSetEnRE = mustPattern(`(?i)^(?:(?:ok(?:ay)?|so|now|next|first|then|also|and|finally|done)[,:]?\s+)*(?:(?:i'm|i am|we're|we are|i've|i have|we've|we have|i|we)\s+)?(?:(?:just|now|also|already)\s+)?(?:rais(?:ed|ing)|lower(?:ed|ing)|bump(?:ed|ing)|increas(?:ed|ing)|decreas(?:ed|ing)|reduc(?:ed|ing)|chang(?:ed|ing)|updat(?:ed|ing)|set(?:ting)?|revert(?:ed|ing)|restor(?:ed|ing)|dropp(?:ed|ing)|put(?:ting)?)\s+(?:the\s+)?(?P<n>` + "`[^`\\s]{1,60}`" + `|[\w.\-]{1,60}(?:\s+[\w.\-]{1,40}){0,2}?)(?:\s+back)?(?:\s+from\s+(?P<was>` + agentValueRE + `))?\s+(?:back\s+)?(?:to|at)\s+(?:the\s+(?:original|old|previous|earlier|default)\s+)?(?P<v>` + agentValueRE + `)`)
	// agentSetEqRE: "Setting `timeout=900` instead".
	agentSetEqRE = mustPattern(`(?i)^(?:(?:ok(?:ay)?|so|now|next|first|then|also|and|finally|done)[,:]?\s+)*(?:(?:i'm|i am|we're|we are|i've|i have|we've|we have|i|we)\s+)?(?:(?:just|now|also|already)\s+)?(?:rais(?:ed|ing)|lower(?:ed|ing)|bump(?:ed|ing)|increas(?:ed|ing)|decreas(?:ed|ing)|reduc(?:ed|ing)|chang(?:ed|ing)|updat(?:ed|ing)|set(?:ting)?|revert(?:ed|ing)|restor(?:ed|ing)|dropp(?:ed|ing)|put(?:ting)?)\s+` + "`" + `(?P<n>[A-Za-z_][\w.\-]{0,60})\s*=\s*(?P<v>` + agentValueRE + ")`")
	// agentSetZhRE: "把 `timeout` 从 300 改成 1800", "已将 max_retries
	// 设置为 5", "`timeout` 改回原来的 300".
	agentSetZhRE = mustPattern(`^(?:(?:好的|好|现在|我们|我|已经|已|先|然后|接着|最后)[，,]?\s*)*(?:(?:把|将)\s*)?(?P<n>` + "`[^`\\s]{1,60}`" + `|[A-Za-z_][\w.\-]{0,60}|\p{Han}{1,8})\s*(?:已经?|也)?(?:从\s*(?P<was>` + agentValueRE + `)\s*)?(?:改成|改为|调成|调到|调整为|调整到|设成|设为|设置为|设置成|提高到|提升到|增加到|增大到|调高到|降到|降低到|减少到|减小到|调低到|改回|调回|恢复为|恢复到|恢复成)(?:了)?\s*(?:原来|原先|之前|默认)?的?\s*(?P<v>` + agentValueRE + `)`)
	// zhDoneRE is a Chinese change told as done: 把/将, 了, 已, or a
	// revert.
	zhDoneRE = mustPattern(`把|将|了|已|改回|调回|恢复`)
	// agentSetJaRE: "`timeout` を 300 から 1800 に変更しました", "timeout
	// を元の 300 に戻しました".
	agentSetJaRE = mustPattern(`^(?P<n>` + "`[^`\\s]{1,60}`" + `|[A-Za-z_][\w.\-]{0,60})\s*(?:を|は)\s*(?:(?P<was>` + agentValueRE + `)\s*から\s*)?(?:元の\s*)?(?P<v>` + agentValueRE + `)\s*(?:に|へ)\s*(?:変更し|設定し|戻し|上げ|下げ|増やし|減らし|引き上げ|引き下げ|修正し|更新し)(?:ました|た|ています|ている|ておきました|てあります)`)
	// fileNameRE is a name that is a file's.
	fileNameRE = mustPattern(`(?i)\.(?:py|go|js|ts|tsx|jsx|json|ya?ml|toml|md|txt|sh|rs|java|kt|kts|rb|sql|cfg|ini|lock|xml|html|css|c|h|cpp|swift|gradle|env|conf|properties)$`)
	// agentPlanRE is a sentence that plans, asks or hedges rather than
	// tells what was done.
	agentPlanRE = mustPattern(`(?i)\?|？|\b(?:if|could|would|might|may|maybe|perhaps|should|consider(?:ing)?|probably|suggest|recommend|plan|want|need|unless|whether|instead of setting)\b|可以|应该|建议|要不|是否|吗|打算|考虑|如果|或者|可能|也许|准备|计划|ましょう|ませんか|べき|かも|検討|提案|予定|つもり|たら|れば`)
)

// agentSetCue reports whether text may hold a setting the agent says it
// changed, before the sentences are read.
func agentSetCue(text string) bool {
	return strings.ContainsAny(text, "`_") || strings.Contains(text, " to ") || strings.Contains(text, "把") || strings.Contains(text, "将") ||
		strings.Contains(text, "改") || strings.Contains(text, "に")
}

// agentSetValues are the settings the agent's message says it changed.
func agentSetValues(text string, held []HeldValue) []Proposal {
	if !agentSetCue(text) {
		return nil
	}
	var out []Proposal
	for _, s := range sentences(text) {
		if len([]rune(s)) > maxSentence || agentPlanRE.MatchString(s) {
			continue
		}
		p, ok := agentSetIn(s, held)
		if !ok || slices.ContainsFunc(out, func(q Proposal) bool { return q.Key == p.Key }) {
			continue
		}
		out = append(out, p)
	}
	return out
}

// agentSetIn is the setting sentence s says the agent changed.
func agentSetIn(s string, held []HeldValue) (Proposal, bool) {
	for _, re := range []*pattern{agentSetEqRE, agentSetEnRE, agentSetZhRE, agentSetJaRE} {
		m := re.FindStringSubmatch(s)
		if m == nil {
			continue
		}
		if re == agentSetZhRE && !zhDoneRE.MatchString(m[0]) {
			// "versionCode 改成 382 重新上传": the step it is about to
			// take, said as an order; a change told has 把, 了 or 已, or
			// puts a value back ("timeout 改回 300")
			return Proposal{}, false
		}
		end := len(m[0])
		v, ok := agentValue(m[re.SubexpIndex("v")], s[end:])
		if !ok {
			return Proposal{}, false
		}
		key, name, ok := agentSetting(m[re.SubexpIndex("n")], held)
		if !ok {
			return Proposal{}, false
		}
		was := ""
		if i := re.SubexpIndex("was"); i >= 0 && m[i] != "" {
			if was, ok = agentValue(m[i], ""); !ok {
				was = ""
			}
		}
		return Proposal{Op: OpState, Kind: KindValue, Key: key, Name: name, Value: v, Was: was, Quote: s, AgentSet: true}, true
	}
	return Proposal{}, false
}

// agentValue is the value v read, its unit kept only when it is one ("to
// 1800 so late landings …": 1800), false when v goes on as a version or a
// longer number ("to 3.11.2").
func agentValue(v, after string) (string, bool) {
	if (strings.HasPrefix(after, ".") || strings.HasPrefix(after, ",")) && len(after) > 1 && isDigit(after[1]) || after != "" && isDigit(after[0]) {
		return "", false
	}
	// "15_000": one number, its digits grouped
	num := strings.ReplaceAll(strings.TrimSpace(v), "_", "")
	if strings.EqualFold(num, "true") || strings.EqualFold(num, "false") {
		return strings.ToLower(num), true
	}
	i := strings.IndexFunc(num, func(r rune) bool { return r != '+' && r != '-' && r != '.' && (r < '0' || r > '9') })
	if i < 0 {
		return num, true
	}
	unit := strings.TrimSpace(num[i:])
	if after != "" && isWordByte(after[0]) {
		// the word goes on past the match ("300 seconds" read as "300
		// sec"): not a unit cut short
		return strings.TrimSpace(num[:i]), true
	}
	if !slices.Contains(strings.Split(relUnit+"|kib|mib|gib|bytes", "|"), strings.ToLower(unit)) {
		return strings.TrimSpace(num[:i]), true
	}
	return num, true
}

// agentSetting is the key and name of setting n as the agent named it:
// code (backquoted or identifier-shaped), or the name of a setting held
// ("the sensor timeout" of a held timeout); false for any other words.
func agentSetting(n string, held []HeldValue) (key, name string, ok bool) {
	if c, found := strings.CutPrefix(n, "`"); found {
		c = strings.TrimSuffix(c, "`")
		if c == "" || strings.ContainsAny(c, "=()") {
			return "", "", false
		}
		return settingKey(c), c, true
	}
	if fileNameRE.MatchString(n) {
		// "Updated README.md to …": a file, no setting
		return "", "", false
	}
	if identShaped(n) && strings.ContainsFunc(n, func(r rune) bool { return r < 0x80 && isIdentRune(r) }) {
		return settingKey(n), n, true
	}
	words := strings.Fields(strings.ToLower(n))
	if len(words) == 0 {
		return "", "", false
	}
	last := words[len(words)-1]
	for i := len(held) - 1; i >= 0; i-- {
		h := held[i]
		if strings.EqualFold(h.Name, last) || strings.EqualFold(h.Name, n) || property(h.Key) == last {
			return h.Key, h.Name, true
		}
	}
	return "", "", false
}

// agentValue applies a value the agent says it set: the same value held
// is one more source of it; a value the user stated stands; any other
// value held before it is replaced. It reports whether nu is to be held.
func (r *Reducer) agentValue(ev *Event, p *Proposal, nu *Anchor, ref EventRef, code codeIdent) bool {
	o := r.valueCoded(p.Key, code)
	if o != nil {
		if o.Value == p.Value || sameQuantity(o.Value, p.Value) {
			o.addRef(ref)
			return false
		}
		if o.Authority == Normative {
			return false
		}
		nu.Key = o.Key
		r.supersede(nu, o)
	} else if u := r.userSetJustNow(p.Value); u != nil {
		// "Set PAYMENT_TIMEOUT_MS to 15_000." after the user's "make it
		// 15" (seconds): the user's value, said in the code's unit
		u.addRef(ref)
		return false
	} else if p.Was != "" {
		nu.Was = p.Was
	}
	r.noteCode(nu.Key, code)
	r.noteValue(ev, nu)
	r.valueSet(nu, ref)
	return true
}

// userSetJustNow is the value the user's last message set that v states
// again, in the same number or one a thousand or sixty times it (15 s as
// 15000 ms, 2 min as 120 s); nil when none.
func (r *Reducer) userSetJustNow(v string) *Anchor {
	n, err := strconv.ParseFloat(leadNumber(v), 64)
	if err != nil || n == 0 {
		return nil
	}
	for _, a := range r.hot {
		if a.Kind != KindValue || a.Lifecycle != Current || a.Authority != Normative || a.Seq() != r.userSeq {
			continue
		}
		h, err := strconv.ParseFloat(leadNumber(a.Value), 64)
		if err != nil || h == 0 {
			continue
		}
		for _, f := range []float64{1, 1000, 60} {
			if n == h*f || h == n*f {
				return a
			}
		}
	}
	return nil
}
