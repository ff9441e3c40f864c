package projection

import (
	"strings"
	"unicode"
)

// A team channel relayed into the session (a Slack or Matrix bridge, a
// pasted thread) puts each message on a line of its own behind the
// speaker's tag: "[dana, 09:12] holds expire after 10 minutes", "<kai>
// could we make it 15?", "**Priya**: no deploys today". The tag says who
// spoke; it is no part of what was said, so the readings see the line
// without it, and a rule's or a value's words are the speaker's own.

// chatTagRE is a speaker's tag opening a line: "[dana]", "[dana, 09:12]",
// "[09:12] dana:", "[09:12] <dana>", "<dana>", "**Dana**:".
var chatTagRE = mustPattern(`(?m)^[ \t]*(?:\[(?P<n>[\p{L}][\p{L}\d _.'-]{0,30}?)(?P<t>,\s*\d{1,2}:\d{2}(?::\d{2})?(?:\s*[apAP][mM])?)?\]|\[\d{1,2}:\d{2}(?::\d{2})?\]\s*(?:<(?P<n2>[^>\n]{1,30})>|(?P<n3>[\p{L}][\p{L}\d_.-]{0,30}):)|<(?P<n4>[\p{L}@][^>\n]{0,30})>|\*\*(?P<n5>[\p{L}][^*\n]{0,30})\*\*\s*:)[ \t]*`)

// addressRE is the name a line is addressed to, opening it: "@agent ",
// "@kai: ".
var addressRE = mustPattern(`^@[\p{L}\d_.-]+[,:]?[ \t]+`)

// untagChat is text with the speakers' tags of a relayed channel blanked
// (the same length in spaces, so every offset into the text holds), ok
// when it is one: two tagged lines or more, or a tag with its time. A
// bracket of capitals ("[ERROR]", "[WIP]") is a log's level or a title's
// mark, a bracket of a box ("[x]") a checklist's: no speaker.
func untagChat(text string) (string, bool) {
	ms := chatTagRE.FindAllStringSubmatchIndex(text, -1)
	var keep [][]int
	timed := false
	for _, m := range ms {
		name := tagName(text, m)
		if !speakerName(name) || strings.Contains(text, "</"+name) || strings.HasPrefix(text[m[1]:], "(") || strings.HasSuffix(text[m[0]:m[1]], "](") {
			// "<important>…</important>" is markup, "[the docs](…)" a
			// link
			continue
		}
		if i := chatTagRE.SubexpIndex("t"); m[2*i] >= 0 || strings.HasPrefix(strings.TrimSpace(text[m[0]:m[1]]), "[") && !strings.HasPrefix(strings.TrimSpace(text[m[0]:m[1]]), "["+name) {
			timed = true
		}
		keep = append(keep, m)
	}
	if len(keep) < 2 && !timed {
		return text, false
	}
	b := []byte(text)
	for _, m := range keep {
		if botSpeakers[strings.ToLower(strings.TrimSpace(tagName(text, m)))] {
			// "[bridge] #quakefeed is now relayed …": the relay's own
			// notice, no one's words
			if e := strings.IndexByte(text[m[1]:], '\n'); e >= 0 {
				m = []int{m[0], m[1] + e}
			} else {
				m = []int{m[0], len(text)}
			}
		} else if a := addressRE.FindStringIndex(text[m[1]:]); a != nil {
			// "[dana] @agent the ttl …": whom the line is for
			m = []int{m[0], m[1] + a[1]}
		}
		for i := m[0]; i < m[1]; i++ {
			if b[i] != '\n' {
				b[i] = ' '
			}
		}
	}
	return string(b), true
}

// tagName is the name a speaker's tag (a match m of chatTagRE) holds.
func tagName(text string, m []int) string {
	for _, g := range []string{"n", "n2", "n3", "n4", "n5"} {
		if i := chatTagRE.SubexpIndex(g); m[2*i] >= 0 {
			return text[m[2*i]:m[2*i+1]]
		}
	}
	return ""
}

// botSpeakers are the names a channel's relay or integrations post under:
// their lines are notices, no one's words.
var botSpeakers = map[string]bool{"bridge": true, "bot": true, "relay": true, "system": true, "integration": true, "webhook": true,
	"github": true, "gitlab": true, "jira": true, "ci": true, "slackbot": true, "matrix-bridge": true}

// speakerName reports whether a tag's name can be a person's or a bot's:
// letters with one in lower case ("dana", "Priya R.", "marco.b"), not a
// checklist's box.
func speakerName(n string) bool {
	n = strings.TrimSpace(strings.TrimPrefix(n, "@"))
	if n == "" || strings.EqualFold(n, "x") {
		return false
	}
	return strings.ContainsFunc(n, unicode.IsLower)
}

// requoted is out with each quote read from untagged (the channel without
// its tags, untagChat) that runs over a tag cut to its words before it
// (a quote is the speaker's words verbatim, and spans no other speaker's
// tag), and without the rules, decisions and negative knowledge read
// across two speakers' lines.
func requoted(orig, untagged string, out []Proposal) []Proposal {
	kept := out[:0]
	for i := range out {
		q := out[i].Quote
		if q == "" || strings.Contains(orig, q) {
			kept = append(kept, out[i])
			continue
		}
		if out[i].Kind == KindConstraint || out[i].Kind == KindDecision || out[i].Kind == KindNegative {
			// a rule read across two speakers' lines ("we could alert on
			// those" and the next speaker's "no.") is neither's
			continue
		}
		at := strings.Index(untagged, q)
		if at < 0 {
			kept = append(kept, out[i])
			continue
		}
		span := orig[at : at+len(q)]
		// the first run of the span that is the quote's own
		end := 0
		for end < len(span) && span[end] == q[end] {
			end++
		}
		if cut := strings.TrimSpace(q[:end]); cut != "" {
			if v := strings.TrimSuffix(out[i].Value, "…"); v != "" && strings.HasPrefix(strings.Join(strings.Fields(q), " "), strings.Join(strings.Fields(v), " ")) {
				// a value that is the quote, or its head: cut with it
				out[i].Value = oneLine(cut, valueRunes)
			}
			out[i].Quote = cut
		}
		kept = append(kept, out[i])
	}
	return kept
}
