package projection

import "strings"

// A setting whose value is a map written on its line, a JSON object or a
// YAML flow map (`"Database": { "CommandTimeout": 30 }`, `resources: {
// limits: { memory: 512Mi } }`), sets the leaves of that map:
// Database.CommandTimeout is 30, as .NET reads "Database:CommandTimeout".
// Read as one value ("{ "CommandTimeout": 30 }"), a later edit of the
// leaf would name a second setting and leave the old map current beside
// it.

// maxFlowDepth bounds the maps nested in one line that are read.
const maxFlowDepth = 6

// flowLeaf is one leaf of a flow map: its dotted path and its value.
type flowLeaf struct{ key, value string }

// flowLeaves are the leaves of flow map s, in order; ok false when s is
// no map whole, or holds a list or nothing ("{}" is an empty value).
func flowLeaves(s string) (leaves []flowLeaf, ok bool) {
	s = strings.TrimSpace(s)
	p := flowParser{s: s}
	leaves, ok = p.object("", 0)
	p.space()
	if !ok || p.i != len(p.s) || len(leaves) == 0 {
		return nil, false
	}
	return leaves, true
}

// flowParser reads a flow map from s at i.
type flowParser struct {
	s string
	i int
}

func (p *flowParser) space() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t') {
		p.i++
	}
}

// object reads "{ k: v, … }" at p.i, each leaf named under prefix.
func (p *flowParser) object(prefix string, depth int) ([]flowLeaf, bool) {
	p.space()
	if depth > maxFlowDepth || p.i >= len(p.s) || p.s[p.i] != '{' {
		return nil, false
	}
	p.i++
	var out []flowLeaf
	for {
		p.space()
		if p.i < len(p.s) && p.s[p.i] == '}' {
			p.i++
			return out, true
		}
		k, ok := p.scalar(":")
		if !ok || k == "" {
			return nil, false
		}
		p.space()
		if p.i >= len(p.s) || p.s[p.i] != ':' {
			return nil, false
		}
		p.i++
		p.space()
		if p.i < len(p.s) && p.s[p.i] == '{' {
			sub, ok := p.object(prefix+k+".", depth+1)
			if !ok {
				return nil, false
			}
			out = append(out, sub...)
		} else {
			v, ok := p.scalar(",}")
			if !ok || v == "" {
				// a list, or a key with no value
				return nil, false
			}
			out = append(out, flowLeaf{prefix + k, v})
		}
		p.space()
		if p.i < len(p.s) && p.s[p.i] == ',' {
			p.i++
		}
	}
}

// scalar reads a quoted string, or a bare word up to one of stops, at
// p.i; ok false at a list or a map.
func (p *flowParser) scalar(stops string) (string, bool) {
	if p.i >= len(p.s) {
		return "", false
	}
	switch q := p.s[p.i]; q {
	case '"', '\'':
		end := strings.IndexByte(p.s[p.i+1:], q)
		if end < 0 {
			return "", false
		}
		v := p.s[p.i+1 : p.i+1+end]
		p.i += end + 2
		return v, true
	case '[', '{':
		return "", false
	}
	start := p.i
	for p.i < len(p.s) && !strings.ContainsRune(stops, rune(p.s[p.i])) && p.s[p.i] != '[' && p.s[p.i] != '{' {
		p.i++
	}
	return strings.TrimSpace(p.s[start:p.i]), true
}
