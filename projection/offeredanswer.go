package projection

import (
	"slices"
	"strings"
)

// A number the user picks from the ones the agent's question offered.
//
// "The /orders default page size — keep 50, or go to 100?" — "50.
// dashboard can page": a reply whose first word is one of the numbers the
// question offered sets the setting the question named before them, the
// rest of the reply its reason. The question names the setting before
// its first number, up to a dash or a colon ("what page size /
// threshold: 25 or 50?"); a reply that opens with a number it did not
// offer ("2. …", a list's item) sets nothing.

// offeredNumRE is a number a question offers, with its unit.
var offeredNumRE = mustPattern(`(?i)(?:^|[^\p{L}\d.,])(\d+(?:[.,]\d+)?(?:\s?(?:` + offerUnit + `)\b)?)\b`)

// offerUnit is a unit after an offered or picked number ("1s o 3s",
// "512Mi", "25%"), never a word ("50 or 100").
const offerUnit = `%|ms|s|sec|m|min|h|d|k|kb|mb|gb|ki|mi|gi|kib|mib|gib|px`

// pickedLeadRE is a reply that opens with a number: "50.", "50, the
// dashboard can page", "keep 50 — …", "ok 50".
var pickedLeadRE = mustPattern(`(?i)^\W*(?:(?:ok(?:ay)?|sure|yes|yeah|ja|sì|si|oui|da|tak)[,!]?\s+)?(?:(?:keep|use|go\s+with|let's\s+do|make\s+it|houd|neem|behalte|nimm|tieni|usa|garde|prends|mantén|usa|behåll|ta)\s+)?(\d+(?:[.,]\d+)?(?:\s?(?:` + offerUnit + `)\b)?)\s*(?:$|[.,;:!—–-]\s*|\s+(?:it\s+is|then|is\s+fine|dan|dann|allora|alors|entonces)\b)`)

// offeredSetting is the setting question q names before the two or more
// numbers it offers, and those numbers; "" when q offers fewer.
func offeredSetting(q string) (name string, nums []string) {
	ms := offeredNumRE.FindAllStringSubmatchIndex(q, 8)
	for _, m := range ms {
		n := leadNumber(q[m[2]:m[3]])
		if !slices.Contains(nums, n) {
			nums = append(nums, n)
		}
	}
	if len(nums) < 2 {
		return "", nil
	}
	before := q[:ms[0][2]]
	if k := strings.LastIndexAny(before, "?!\n"); k >= 0 {
		before = before[k+1:]
	}
	// the setting is named in the part before the numbers, after a dash,
	// a colon or a comma ("… page size — keep 50", "Resta la domanda di
	// prima: timeout del readiness probe, 1s o 3s?"), or in the part
	// before that when the last holds only a verb ("— keep 50")
	parts := strings.FieldsFunc(before, func(r rune) bool { return strings.ContainsRune(":—–,;", r) })
	if len(parts) < 2 && !strings.ContainsAny(before, ":—–,;") {
		return "", nil
	}
	for len(parts) > 0 {
		last := strings.Fields(parts[len(parts)-1])
		if len(last) > 0 && !(len(last) <= 2 && pickVerbs[strings.ToLower(last[0])]) {
			break
		}
		parts = parts[:len(parts)-1]
	}
	if len(parts) == 0 {
		return "", nil
	}
	name = strings.Trim(parts[len(parts)-1], " `*\"'-")
	f := strings.Fields(strings.ReplaceAll(name, "`", ""))
	for len(f) > 0 && (stopwords[strings.ToLower(f[0])] || settingAskWords[strings.ToLower(f[0])]) {
		f = f[1:]
	}
	if len(f) == 0 || len(f) > 6 {
		return "", nil
	}
	return strings.Join(f, " "), nums
}

// pickVerbs are the verbs an option opens with ("keep 50", "go to 100").
var pickVerbs = wordSet(`keep go use stay stick set make teniamo tieni teniamo passiamo usa usiamo houd houden gebruik ga behalte behalten nimm bleib garde garder passe mantén mantener usar behåll håll ta or o of oder ou`)

// settingAskWords open a question for a setting's value in the languages the
// lexicons read.
var settingAskWords = wordSet(`what which welke wat welk welche welcher welches quale quali che quel quelle quels cuál cuáles qué qual quais vilken vilket vilka какой какая какое który która które`)

// offeredAnswered is the value reply text picks for the setting question
// q offered numbers for ("50. dashboard can page"), false when the reply
// does not open with one of them.
func offeredAnswered(q, text string) (Proposal, bool) {
	s := strings.TrimSpace(text)
	m := pickedLeadRE.FindStringSubmatch(s)
	if m == nil || questionRE.MatchString(firstSentence(s)) {
		return Proposal{}, false
	}
	name, nums := offeredSetting(q)
	if name == "" || !slices.Contains(nums, leadNumber(m[1])) {
		return Proposal{}, false
	}
	return Proposal{Op: OpState, Kind: KindValue, Key: "value/-/" + valueKey(name), Name: name, Value: strings.Replace(m[1], ",", ".", 1), Quote: s, Stated: true}, true
}
