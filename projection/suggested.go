package projection

import (
	"strings"
)

// A setting's value the agent suggests, taken by the user.
//
// "… ≈ 4,216，取整建议 max-connections-per-node = 4500。" — "行，就 4500。";
// "I'd set the pool size to 24 (3 × 8 cores)." — "ok, 24": the user's
// bare number is the value the agent suggested, for the setting it
// suggested it for, not for the setting named last. The reducer keeps
// the last suggestion of the assistant's message (suggestedRE) and gives
// its setting as the referent of the user's next message when that
// message holds the suggested number as a word of its own.

// suggestedRE is a setting and its value the agent suggests: "建议
// max-connections-per-node = 4500", "I'd set pool_size to 24", "I
// suggest a batch size of 64", "recommend timeout: 30s".
var suggestedRE = mustPattern(`(?i)(?:建议|推荐|suggest(?:ed|ion)?|propos(?:e|ed|al)|recommend(?:ed|ation)?|i'd (?:set|use|go with)|i would (?:set|use))\s*[:：]?\s*(?:(?:the|a|an|setting)\s+)?(?:把\s*)?(?P<k>[A-Za-z][\w.\-]*[A-Za-z0-9](?:\s+[a-z][\w\-]*){0,2}?|\p{Han}{2,8})\s*(?:=|:|：|设为|设成|改成|to|of|at)\s*(?P<v>\d[\d.,]*)`)

// suggestedSetting is the last setting and value text suggests, or "".
func suggestedSetting(text string) (name, value string) {
	ms := suggestedRE.FindAllStringSubmatch(text, 8)
	if len(ms) == 0 {
		// a count proposed in the agent's words (notinstead.go)
		return countedSuggestion(text)
	}
	m := ms[len(ms)-1]
	return strings.TrimSpace(m[suggestedRE.SubexpIndex("k")]), strings.TrimRight(m[suggestedRE.SubexpIndex("v")], ".,")
}

// takesSuggested reports whether user text holds the suggested value v as
// a number of its own ("行，就 4500", "sure, 24 then"; not "45000").
func takesSuggested(text, v string) bool {
	return v != "" && tokenAt(text, v, 0) >= 0
}

// settingKey is the value key of a setting's name as a message names it:
// an identifier by its words ("max-connections-per-node" and
// "MaxConnectionsPerNode" alike), other names in lower case with "_".
func settingKey(name string) string {
	if !strings.ContainsAny(name, " ") && settingIdentRE.MatchString(" "+name+" ") {
		return "value/-/" + identKey(strings.ReplaceAll(strings.ReplaceAll(name, "-", "_"), ".", "_"))
	}
	return "value/-/" + strings.ToLower(strings.Join(strings.Fields(strings.ReplaceAll(name, "-", "_")), "_"))
}
