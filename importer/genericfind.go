package importer

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"github.com/epistemicfold/ef/hostshim"
)

// genericFound is where the generic reading found a conversation: its
// records (nil for one with no role-like field), and where they were.
type genericFound struct {
	records []map[string]any
	where   string
	torn    *hostshim.TruncatedTail
}

// genericMaxDepth is how deep in a document the message list is looked for.
const genericMaxDepth = 6

// findConversation finds a conversation by its shape: in a JSON document,
// the top-level array, else the array of objects with the most role-like
// fields under any key (genericMaxDepth deep); in JSONL, the lines that
// have one (at their top, or in an object one level down). ok is false when
// no record has a role the reading knows.
func findConversation(data []byte) (genericFound, bool) {
	body := bytes.TrimSpace(bytes.TrimPrefix(data, utf8BOM))
	if len(body) == 0 {
		return genericFound{}, false
	}
	if v, ok := jsonAny(body); ok {
		if list, ok := v.([]any); ok && knownRoles(list) > 0 {
			return genericFound{records: recordsOf(list), where: fmt.Sprintf("the top-level array (%d elements)", len(list))}, true
		}
		best, path := bestArray(v, "$", 0)
		if best == nil {
			// One message alone (a JSONL file's first line, as
			// DetectBytes is given it).
			if obj, ok := v.(map[string]any); ok && knownRoles([]any{obj}) > 0 {
				return genericFound{records: recordsOf([]any{obj}), where: "the file's one JSON object"}, true
			}
			return genericFound{}, false
		}
		return genericFound{records: recordsOf(best), where: fmt.Sprintf("the array at %s (%d elements)", path, len(best))}, true
	}
	return findLines(body)
}

// findLines reads body as JSONL: the lines that are objects with a
// role-like field. A last line that is not JSON is torn and left out;
// another such line means the file is not JSONL.
func findLines(body []byte) (genericFound, bool) {
	lines := bytes.Split(body, []byte{'\n'})
	var f genericFound
	total, known := 0, 0
	for i, raw := range lines {
		raw = bytes.TrimSpace(raw)
		if len(raw) == 0 {
			continue
		}
		total++
		v, ok := jsonAny(raw)
		if !ok {
			if i == len(lines)-1 && total > 1 {
				f.torn = &hostshim.TruncatedTail{Line: i + 1, Bytes: len(raw), Reason: "unterminated line is not valid JSON"}
				total--
				break
			}
			return genericFound{}, false
		}
		obj, _ := v.(map[string]any)
		rec := messageIn(obj)
		if rec != nil {
			if r, _ := roleOf(rec); genericRoles[roleKey(r)] != "" {
				known++
			}
		}
		f.records = append(f.records, rec)
	}
	if known == 0 {
		return genericFound{}, false
	}
	f.where = fmt.Sprintf("the JSONL lines with a role (%d of %d lines)", countRecords(f.records), total)
	return f, true
}

// messageIn is obj when it has a role-like field, else its first child
// object (by key) that has one (a line wrapping its message), else nil.
func messageIn(obj map[string]any) map[string]any {
	if obj == nil {
		return nil
	}
	if _, ok := roleOf(obj); ok {
		return obj
	}
	for _, k := range sortedKeys(obj) {
		if m, ok := obj[k].(map[string]any); ok {
			if _, ok := roleOf(m); ok {
				return m
			}
		}
	}
	return nil
}

func countRecords(rs []map[string]any) int {
	n := 0
	for _, r := range rs {
		if r != nil {
			n++
		}
	}
	return n
}

// recordsOf is a list's elements, nil for those that are no object with a
// role-like field.
func recordsOf(list []any) []map[string]any {
	out := make([]map[string]any, len(list))
	for i, v := range list {
		if m, ok := v.(map[string]any); ok {
			out[i] = messageIn(m)
		}
	}
	return out
}

// knownRoles counts the elements of list whose role the reading knows.
func knownRoles(list []any) int {
	n := 0
	for _, v := range list {
		if m, ok := v.(map[string]any); ok {
			if rec := messageIn(m); rec != nil {
				if r, _ := roleOf(rec); genericRoles[roleKey(r)] != "" {
					n++
				}
			}
		}
	}
	return n
}

// bestArray is the array under v (depth levels down at most) with the most
// elements of a known role, and its path; the first found (keys in sorted
// order) on a tie; nil when none has one.
func bestArray(v any, path string, depth int) ([]any, string) {
	if depth > genericMaxDepth {
		return nil, ""
	}
	var best []any
	bestPath, bestN := "", 0
	consider := func(list []any, p string) {
		if n := knownRoles(list); n > bestN {
			best, bestPath, bestN = list, p, n
		}
	}
	switch v := v.(type) {
	case []any:
		consider(v, path)
		for i, e := range v {
			if l, p := bestArray(e, fmt.Sprintf("%s[%d]", path, i), depth+1); l != nil {
				consider(l, p)
			}
		}
	case map[string]any:
		for _, k := range sortedKeys(v) {
			if l, p := bestArray(v[k], path+"."+k, depth+1); l != nil {
				consider(l, p)
			}
		}
	}
	return best, bestPath
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// genericRoleKeys are the fields a role is looked for under, in order;
// only "role" is read whatever its value, the others when it is a role
// the reading knows.
var genericRoleKeys = []string{"role", "author", "speaker", "sender", "from", "actor", "participant", "type"}

// roleOf is a record's role and whether it has a role-like field: a
// string, or an object with a role or name (ChatGPT's author {role}).
func roleOf(m map[string]any) (string, bool) {
	for _, k := range genericRoleKeys {
		v, ok := m[k]
		if !ok {
			continue
		}
		r, ok := v.(string)
		if obj, isObj := v.(map[string]any); isObj {
			r, ok = firstString(obj, "role", "type")
		}
		if !ok {
			continue
		}
		if k == "role" || genericRoles[roleKey(r)] != "" {
			return r, true
		}
	}
	return "", false
}

// roleKey is a role or part type folded for lookup: lower case, without
// '_', '-' and spaces.
func roleKey(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	return strings.NewReplacer("_", "", "-", "", " ", "").Replace(s)
}

// genericRoles maps a folded role to user, assistant, system or tool.
var genericRoles = func() map[string]string {
	m := map[string]string{}
	for role, names := range map[string][]string{
		"user":      {"user", "human", "customer", "person", "prompter", "enduser", "humanmessage", "usermessage"},
		"assistant": {"assistant", "ai", "model", "bot", "agent", "gpt", "chatgpt", "chatbot", "llm", "aimessage", "assistantmessage", "aiassistant"},
		"system":    {"system", "developer", "systemprompt", "systemmessage", "sys"},
		"tool":      {"tool", "function", "observation", "toolresult", "toolresponse", "tooloutput", "functionresult", "functionresponse", "ipython", "toolmessage", "functionmessage"},
	} {
		for _, n := range names {
			m[n] = role
		}
	}
	return m
}()
