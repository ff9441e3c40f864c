package taskorigin

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/internal/rpcwire"
)

// Identity of a task.origin v0.2 document (RFC-0005 §2).
const (
	Spec     = "2origin/0.2"
	Kind     = "task.origin"
	FileName = "task.origin.json"
)

// Learning statuses. A learning is written as a candidate and becomes
// verified only after it was stored as a candidate (RFC-0005 §2).
const (
	LearningCandidate  = "candidate"
	LearningVerified   = "verified"
	LearningDeprecated = "deprecated"
)

// State is the typed view of a task.origin v0.2 document. Field names and
// JSON names follow RFC-0005 §2; Constraints is EF's extension (what the
// task must not violate, carried from the session's constraints so a
// handoff keeps them). Members this struct does not know are kept by
// Document, not by State.
type State struct {
	Spec         string     `json:"spec"`
	Kind         string     `json:"kind"`
	ID           string     `json:"id"`
	Title        string     `json:"title,omitempty"`
	Goal         string     `json:"goal"`
	Version      int64      `json:"version"`
	ContentHash  string     `json:"content_hash,omitempty"`
	Actor        *Actor     `json:"actor,omitempty"`
	Scope        string     `json:"scope,omitempty"`
	CreatedAt    string     `json:"created_at,omitempty"`
	UpdatedAt    string     `json:"updated_at"`
	CurrentState string     `json:"current_state"`
	Constraints  []string   `json:"constraints,omitempty"`
	Facts        []Fact     `json:"facts"`
	Decisions    []Decision `json:"decisions"`
	Actions      []Action   `json:"actions"`
	Artifacts    []string   `json:"artifacts"`
	Verification string     `json:"verification"`
	NextSteps    []string   `json:"next_steps"`
	Learnings    []Learning `json:"learnings"`
}

// Fact is a claim with its evidence. A verified fact must cite a
// recheckable source (CheckSource).
type Fact struct {
	Claim      string `json:"claim"`
	Verified   bool   `json:"verified"`
	Source     string `json:"source"`
	SourceKind string `json:"source_kind,omitempty"`
	When       string `json:"when,omitempty"`
}

// Decision is a choice and why it was made.
type Decision struct {
	What string `json:"what"`
	Why  string `json:"why"`
}

// Action is something done, its status and its evidence.
type Action struct {
	Verb     string `json:"verb"`
	Status   string `json:"status"`
	Evidence string `json:"evidence,omitempty"`
}

// Learning is a lesson with a confidence and a lifecycle status.
type Learning struct {
	Lesson     string  `json:"lesson"`
	Confidence float64 `json:"confidence"`
	Status     string  `json:"status"`
	Evidence   string  `json:"evidence,omitempty"`
}

// New returns a fresh state for task id with its goal: spec and kind set,
// every list empty (not null) so the document has every RFC field.
func New(id, goal string) *State {
	return &State{
		Spec: Spec, Kind: Kind, ID: id, Goal: goal,
		Facts: []Fact{}, Decisions: []Decision{}, Actions: []Action{},
		Artifacts: []string{}, NextSteps: []string{}, Learnings: []Learning{},
	}
}

// unhashed are the members the content hash leaves out: they describe a
// write, not the task (RFC-0005 §3.1).
var unhashed = []string{"version", "updated_at", "content_hash", "actor"}

// fieldOrder is the order members are written in; unknown members follow
// in name order. It is RFC-0005 §2's identity members, then the task's
// content in the order a receiving agent needs it: the goal's rules
// (constraints), where the task stands (current_state), what comes next
// (next_steps), then what it may look up (decisions, artifacts,
// verification, facts, actions, learnings). RFC-0005 §2 lists next_steps
// after the facts; member order carries no meaning in JSON and does not
// change the content hash, and a reader that stops early (or a file cut
// short) should lose the facts, not the next steps.
var fieldOrder = []string{
	"spec", "kind", "id", "title", "goal", "version", "content_hash", "actor", "scope",
	"created_at", "updated_at", "constraints", "current_state", "next_steps", "decisions",
	"artifacts", "verification", "facts", "actions", "learnings",
}

// Document is a task.origin file as a JSON object: member name → raw JSON
// value. Working on the raw members keeps members this package does not
// know (another writer's extensions) byte-for-byte in the content hash and
// in the file. A Document is a plain value; it is not safe for concurrent
// mutation.
type Document map[string]json.RawMessage

// ParseDocument parses data as a task.origin document: a JSON object that
// RFC 8785 can canonicalize (so no duplicate members, no lone surrogates).
// It checks syntax only; Check validates the schema.
func ParseDocument(data []byte) (Document, error) {
	if _, err := bundle.Canonicalize(data); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalidDocument, err)
	}
	var d Document
	if err := json.Unmarshal(data, &d); err != nil || d == nil {
		return nil, fmt.Errorf("%w: not a JSON object", ErrInvalidDocument)
	}
	return d, nil
}

// FromState converts a typed state into a document.
//
// Strings keep <, > and & as they are (Go's encoder would write them as
// \u003c, \u003e, \u0026: the same JSON, but unreadable in commands and
// output that a person reads with ef origin show).
func FromState(s *State) (Document, error) {
	data, err := marshalPlain(s)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalidDocument, err)
	}
	return ParseDocument(data)
}

// marshalPlain is json.Marshal without HTML escaping.
func marshalPlain(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}

// State decodes the document's typed view. A member of the wrong JSON type
// is an ErrInvalidDocument naming the member.
func (d Document) State() (*State, error) {
	var s State
	raw, err := json.Marshal(map[string]json.RawMessage(d))
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalidDocument, err)
	}
	if err := json.Unmarshal(raw, &s); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			// Whoever wrote the document reads this: JSON types, not Go's.
			return nil, &FieldError{Field: te.Field, Reason: rpcwire.Words(&json.UnmarshalTypeError{Value: te.Value, Type: te.Type}), Err: ErrInvalidDocument}
		}
		return nil, fmt.Errorf("%w: %w", ErrInvalidDocument, err)
	}
	return &s, nil
}

// ContentHash returns the document's content hash: the lowercase hex
// SHA-256 of the RFC 8785 canonical JSON of the document without version,
// updated_at, content_hash and actor. Key order and white space do not
// change it; any change of content does.
//
// Only the top-level members are left out, as RFC-0005 §3.1 writes it. The
// 2origin-harness reference also leaves out members of those four names
// inside nested objects, so a document with such a member (a decision with
// its own "version", an extension object with an "actor") hashes
// differently there: EF keeps the RFC's rule, so a file it wrote fails
// verification here (ef origin verify names both hashes, NestedStripHash
// being the reference's, and says the content was not edited), and the
// reverse. Documents of the RFC's shape have none and hash
// the same in both (the reference's own output verifies here).
func (d Document) ContentHash() (string, error) {
	rest := make(map[string]json.RawMessage, len(d))
	for k, v := range d {
		if !slices.Contains(unhashed, k) {
			rest[k] = v
		}
	}
	raw, err := json.Marshal(rest)
	if err != nil {
		return "", fmt.Errorf("%w: %w", ErrInvalidDocument, err)
	}
	canon, err := bundle.Canonicalize(raw)
	if err != nil {
		return "", fmt.Errorf("%w: %w", ErrInvalidDocument, err)
	}
	sum := sha256.Sum256(canon)
	return hex.EncodeToString(sum[:]), nil
}

// NestedStripHash is the content hash under the rule of the 2origin-harness
// reference implementation: version, updated_at, content_hash and actor
// are left out at every nesting level, not only at the top as RFC-0005
// §3.1 writes it (ContentHash). It is not the store's hash; verify uses
// it to tell a file another implementation hashed from one edited
// outside the store. It equals ContentHash when no nested object has a
// member of those names.
func (d Document) NestedStripHash() (string, error) {
	raw, err := json.Marshal(map[string]json.RawMessage(d))
	if err != nil {
		return "", fmt.Errorf("%w: %w", ErrInvalidDocument, err)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return "", fmt.Errorf("%w: %w", ErrInvalidDocument, err)
	}
	if raw, err = json.Marshal(stripNested(v)); err != nil {
		return "", fmt.Errorf("%w: %w", ErrInvalidDocument, err)
	}
	canon, err := bundle.Canonicalize(raw)
	if err != nil {
		return "", fmt.Errorf("%w: %w", ErrInvalidDocument, err)
	}
	sum := sha256.Sum256(canon)
	return hex.EncodeToString(sum[:]), nil
}

// stripNested removes the unhashed member names from every object in v.
func stripNested(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for _, k := range unhashed {
			delete(x, k)
		}
		for k, e := range x {
			x[k] = stripNested(e)
		}
	case []any:
		for i, e := range x {
			x[i] = stripNested(e)
		}
	}
	return v
}

// ContentHash parses data and returns its content hash.
func ContentHash(data []byte) (string, error) {
	d, err := ParseDocument(data)
	if err != nil {
		return "", err
	}
	return d.ContentHash()
}

// Set replaces member name with the JSON encoding of v. A nil Document
// cannot hold it (a map): that is ErrInvalidDocument.
func (d Document) Set(name string, v any) error {
	if d == nil {
		return fmt.Errorf("%w: set %s: nil document", ErrInvalidDocument, name)
	}
	raw, err := marshalPlain(v)
	if err != nil {
		return fmt.Errorf("%w: %s: %w", ErrInvalidDocument, name, err)
	}
	d[name] = raw
	return nil
}

// Marshal returns the document as indented JSON ending in a newline, with
// RFC-0005's members first in the RFC's order and any others after them in
// name order, so files diff well and read like the RFC's example.
func (d Document) Marshal() []byte {
	var b bytes.Buffer
	b.WriteString("{")
	names := make([]string, 0, len(d))
	for _, n := range fieldOrder {
		if _, ok := d[n]; ok {
			names = append(names, n)
		}
	}
	var extra []string
	for n := range d {
		if !slices.Contains(fieldOrder, n) {
			extra = append(extra, n)
		}
	}
	slices.Sort(extra)
	names = append(names, extra...)
	for i, n := range names {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("\n  ")
		key, _ := json.Marshal(n)
		b.Write(key)
		b.WriteString(": ")
		var v bytes.Buffer
		if err := json.Indent(&v, d[n], "  ", "  "); err != nil {
			b.Write(d[n]) // ParseDocument validated it; keep the bytes if not
		} else {
			b.Write(v.Bytes())
		}
	}
	b.WriteString("\n}\n")
	return b.Bytes()
}

// Problem is one way a document breaks RFC-0005: the member path and the
// sentinel error it maps to.
type Problem = FieldError

// required are RFC-0005 §2's required members and the JSON type each must
// have.
var required = []struct {
	name     string
	typ      byte // first byte of the raw value: '"', '[', or '0' for a number
	nonEmpty bool
}{
	{"spec", '"', true}, {"kind", '"', true}, {"id", '"', true}, {"goal", '"', true},
	{"version", '0', false}, {"updated_at", '"', true}, {"current_state", '"', false},
	{"next_steps", '[', false},
}

// Check returns every way d breaks RFC-0005 §2–§3: a missing or mistyped
// required member, a wrong spec or kind, a fact without verified or
// source, a verified fact whose source is not recheckable, a learning with
// an unknown status. An empty result means the document is valid on its
// own; Store.Put also checks it against the file it replaces.
func (d Document) Check() []Problem {
	var ps []Problem
	add := func(field, reason string, err error) {
		ps = append(ps, Problem{Field: field, Reason: reason, Err: err})
	}
	for _, r := range required {
		raw, ok := d[r.name]
		v := bytes.TrimSpace(raw)
		switch {
		case !ok || string(v) == "null":
			add(r.name, "required", ErrMissingField)
			continue
		case r.typ == '0' && !(len(v) > 0 && (v[0] == '-' || (v[0] >= '0' && v[0] <= '9'))):
			add(r.name, "must be a number", ErrMissingField)
			continue
		case r.typ != '0' && (len(v) == 0 || v[0] != r.typ):
			add(r.name, map[byte]string{'"': "must be a string", '[': "must be an array"}[r.typ], ErrMissingField)
			continue
		}
		if r.nonEmpty && string(v) == `""` {
			add(r.name, "must not be empty", ErrMissingField)
		}
	}
	s, err := d.State()
	if err != nil {
		var fe *FieldError
		if errors.As(err, &fe) {
			if slices.ContainsFunc(ps, func(p Problem) bool { return p.Field == fe.Field }) {
				return ps // the required member's check above said it
			}
			return append(ps, *fe)
		}
		return append(ps, Problem{Field: "(document)", Reason: err.Error(), Err: ErrInvalidDocument})
	}
	if s.Spec != "" && s.Spec != Spec {
		add("spec", fmt.Sprintf("is %q, want %q", s.Spec, Spec), ErrWrongKind)
	}
	if s.Kind != "" && s.Kind != Kind {
		add("kind", fmt.Sprintf("is %q, want %q", s.Kind, Kind), ErrWrongKind)
	}
	if s.Version < 0 {
		add("version", "must not be negative", ErrMissingField)
	}
	var facts []map[string]json.RawMessage
	_ = json.Unmarshal(d["facts"], &facts) // State() already typed it
	for i, f := range s.Facts {
		field := fmt.Sprintf("facts[%d]", i)
		if i < len(facts) {
			if _, ok := facts[i]["verified"]; !ok {
				add(field+".verified", "required", ErrMissingField)
			}
			if _, ok := facts[i]["source"]; !ok {
				add(field+".source", "required", ErrMissingField)
			}
		}
		if strings.TrimSpace(f.Claim) == "" {
			add(field+".claim", "must not be empty", ErrMissingField)
		}
		if f.Verified {
			if c := CheckSource(f.Source, f.SourceKind); !c.OK {
				add(field+".source", c.Reason, ErrUnverifiableSource)
			}
		}
	}
	for i, l := range s.Learnings {
		switch l.Status {
		case "", LearningCandidate, LearningVerified, LearningDeprecated:
		default:
			add(fmt.Sprintf("learnings[%d].status", i), fmt.Sprintf("is %q, want candidate, verified or deprecated", l.Status), ErrLearningNotCandidate)
		}
	}
	return ps
}

// KeepExtensions copies into d what prev holds that State does not: its
// members other than RFC-0005's (another writer's extensions, absent from
// d), and the members of each fact, learning and action beyond Fact's,
// Learning's and Action's, onto the element of d that is the same fact
// (claim and source), learning (lesson) or action (verb, status and
// evidence). A document rebuilt from a State (FromState)
// loses them otherwise; call this with the document it replaces before a
// Put. It refuses nothing: an element or member that does not parse is
// left as d has it.
func (d Document) KeepExtensions(prev Document) {
	if d == nil {
		return
	}
	for k, v := range prev {
		if _, ok := d[k]; !ok && !slices.Contains(fieldOrder, k) {
			d[k] = v
		}
	}
	keepElems(d, prev, "facts", []string{"claim", "verified", "source", "source_kind", "when"}, []string{"claim", "source"})
	keepElems(d, prev, "learnings", []string{"lesson", "confidence", "status", "evidence"}, []string{"lesson"})
	keepElems(d, prev, "actions", []string{"verb", "status", "evidence"}, []string{"verb", "status", "evidence"})
}

// keepElems copies, for the array member name, the members outside known
// of each element of prev onto the element of d whose members ident equal
// its own.
func keepElems(d, prev Document, name string, known, ident []string) {
	var cur, old []map[string]json.RawMessage
	if json.Unmarshal(d[name], &cur) != nil || json.Unmarshal(prev[name], &old) != nil || len(old) == 0 {
		return
	}
	key := func(m map[string]json.RawMessage) string {
		var b strings.Builder
		for _, k := range ident {
			var s string
			_ = json.Unmarshal(m[k], &s)
			b.WriteString(s)
			b.WriteByte(0)
		}
		return b.String()
	}
	byKey := map[string]map[string]json.RawMessage{}
	for _, m := range old {
		if _, dup := byKey[key(m)]; !dup {
			byKey[key(m)] = m
		}
	}
	changed := false
	for _, m := range cur {
		o, ok := byKey[key(m)]
		if !ok {
			continue
		}
		for k, v := range o {
			if _, has := m[k]; !has && !slices.Contains(known, k) {
				m[k] = v
				changed = true
			}
		}
	}
	if changed {
		if b, err := json.Marshal(cur); err == nil {
			d[name] = b
		}
	}
}
