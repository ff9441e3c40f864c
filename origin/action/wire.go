package action

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/epistemicfold/ef/internal/rpcwire"
	"github.com/epistemicfold/ef/origin/trust"
)

// Wire constants (RFC-0006 §2.3).
const (
	// Spec is the spec field of every result.
	Spec = "2origin/0.1"
	// KindIntent is the kind of a request.
	KindIntent = "action.intent"
	// KindResult is the kind of a response.
	KindResult = "action.result"
)

// Verbs and modes of the one action family the kernel knows.
const (
	VerbWrite  = "file.write"
	VerbAppend = "file.append"
	ModeWrite  = "write"
	ModeAppend = "append"
)

// Channel names the adapter an intent came through (RFC-0001 §3.3: every
// adapter marks its channel). It is recorded in the result's actor field
// and in the audit; it never changes a verdict.
type Channel string

// The channels of this project's adapters.
const (
	ChannelAPI Channel = "ef_api" // a Go caller of the library
	ChannelCLI Channel = "ef_cli" // ef act
	ChannelMCP Channel = "ef_mcp" // the action_submit tool of ef mcp
	ChannelDSH Channel = "ef_dsh" // the DSH plugin's tool, through ef serve
)

// Status is a result's status: decided by observing the world, not by a
// call that did not fail.
type Status string

// Statuses (RFC-0006 §2.3).
const (
	StatusDone             Status = "done"
	StatusRequiresApproval Status = "requires_approval"
	StatusDenied           Status = "denied"
	StatusFailed           Status = "failed"
)

// Risk is the tier an action falls in, from three objective inputs only:
// inside the roots, the target exists, the target is protected.
type Risk string

// Risk tiers (RFC-0006 §2.1).
const (
	RiskLow    Risk = "low"
	RiskMedium Risk = "medium"
	RiskHigh   Risk = "high"
	RiskDenied Risk = "denied"
)

// Approval names what approved an action, or what was tried and refused.
type Approval string

// Approvals (RFC-0006 §2.2, RFC-0001 §3.2).
const (
	ApprovalAuto         Approval = "auto"
	ApprovalExpectSHA256 Approval = "expect_sha256"
	ApprovalProofOfRead  Approval = "proof_of_read"
	ApprovalConfirm      Approval = "confirm"
	ApprovalNone         Approval = "none"
)

// Intent is an action.intent: write content to relpath (or append it).
//
// Relpath is relative to the kernel's base directory. ExpectSHA256 is the
// optimistic lock (the hex sha256 of the content the caller read);
// Approval "confirm" is a human's approval; Credentials carries
// trust.credential objects (proof_of_read). ActionID is optional: given
// twice for an action that was done, the second answer comes from the
// audit and nothing is written again.
type Intent struct {
	Spec         string             `json:"spec,omitempty"`
	Kind         string             `json:"kind,omitempty"`
	ActionID     string             `json:"action_id,omitempty"`
	Verb         string             `json:"verb,omitempty"`
	Relpath      string             `json:"relpath"`
	Content      *string            `json:"content"`
	Mode         string             `json:"mode,omitempty"`
	ExpectSHA256 string             `json:"expect_sha256,omitempty"`
	Approval     string             `json:"approval,omitempty"`
	Credentials  []trust.Credential `json:"credentials,omitempty"`
}

// Observation is what the kernel saw of a target: stat and sha256 of its
// bytes. SHA256 is null when the file does not exist.
type Observation struct {
	Exists    bool    `json:"exists"`
	SizeBytes int64   `json:"size_bytes"`
	SHA256    *string `json:"sha256"`
}

// Current is what a requires_approval result tells about the target. It
// deliberately leaves out the hash: handing the hash to a caller that was
// refused would let it present a proof_of_read without reading anything.
type Current struct {
	Exists    bool  `json:"exists"`
	SizeBytes int64 `json:"size_bytes"`
}

// StateDiff is the target before and after the action.
type StateDiff struct {
	Before Observation `json:"before"`
	After  Observation `json:"after"`
}

// CredentialRef names the credential that approved an action: its index in
// the intent's credentials array, its type and its target.
type CredentialRef struct {
	Index  int    `json:"index"`
	Type   string `json:"type"`
	Target string `json:"target"`
}

// Result is an action.result. Its field order is fixed, so the same verdict
// encodes to the same bytes through every adapter (only Actor differs).
type Result struct {
	Spec         string         `json:"spec"`
	Kind         string         `json:"kind"`
	ActionID     string         `json:"action_id"`
	Verb         string         `json:"verb"`
	Target       string         `json:"target"`
	Actor        Channel        `json:"actor"`
	Status       Status         `json:"status"`
	Risk         Risk           `json:"risk"`
	Approval     Approval       `json:"approval,omitempty"`
	Credential   *CredentialRef `json:"credential,omitempty"`
	Reason       string         `json:"reason,omitempty"`
	RiskReason   string         `json:"risk_reason,omitempty"`
	Current      *Current       `json:"current,omitempty"`
	Evidence     *Observation   `json:"evidence,omitempty"`
	StateDiff    *StateDiff     `json:"state_diff,omitempty"`
	BytesWritten int64          `json:"bytes_written"`
	Reversible   bool           `json:"reversible"`
	BackupPath   *string        `json:"backup_path"`
	UndoHint     string         `json:"undo_hint,omitempty"`
	Replayed     bool           `json:"replayed,omitempty"`
}

// MarshalLine encodes r as one line of compact JSON ending in a newline,
// without HTML escaping: the form every adapter prints.
func (r *Result) MarshalLine() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(r); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// DecodeIntent reads one action.intent JSON object of at most max bytes
// (zero means 64 MiB; a nil r is an error). Unknown fields are refused, so
// a caller cannot smuggle in a channel or anything the kernel would ignore,
// and so is a spec other than Spec (the kind, when present, must be
// KindIntent). A credential's own members are not checked here: a
// credential with unknown members decodes and is judged (denied) by
// Submit. The error wraps ErrIntent.
func DecodeIntent(r io.Reader, max int64) (Intent, error) {
	if r == nil {
		return Intent{}, fmt.Errorf("%w: no reader", ErrIntent)
	}
	if max <= 0 {
		max = 64 << 20
	}
	data, err := io.ReadAll(io.LimitReader(r, max+1))
	if err != nil {
		return Intent{}, fmt.Errorf("%w: read: %v", ErrIntent, err)
	}
	if int64(len(data)) > max {
		return Intent{}, fmt.Errorf("%w: over %d bytes", ErrIntent, max)
	}
	return ParseIntent(data)
}

// ParseIntent decodes one action.intent from data (see DecodeIntent).
func ParseIntent(data []byte) (Intent, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var in Intent
	if err := dec.Decode(&in); err != nil {
		// Whoever sent the intent reads this: JSON types, not Go's.
		return Intent{}, fmt.Errorf("%w: %s", ErrIntent, rpcwire.Words(err))
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return Intent{}, fmt.Errorf("%w: trailing data after the intent object", ErrIntent)
	}
	if in.Kind != "" && in.Kind != KindIntent {
		return Intent{}, fmt.Errorf("%w: kind %q, want %q", ErrIntent, in.Kind, KindIntent)
	}
	if in.Spec != "" && in.Spec != Spec {
		// A version this kernel does not speak may mean members it would
		// read differently; refused as task.origin refuses one.
		return Intent{}, fmt.Errorf("%w: spec %q, want %q (or none)", ErrIntent, in.Spec, Spec)
	}
	// relpath and content are the tool's required parameters: an intent
	// without one breaks its schema as a member of the wrong type does,
	// and is refused the same way (a model is told, through MCP, with an
	// error, not a "denied" answer that reads like a verdict). An empty
	// relpath is there, and judged (denied) as the reference does.
	if in.Relpath == "" && !hasMember(data, "relpath") {
		return Intent{}, fmt.Errorf("%w: relpath is missing (the target file, relative to the workspace base)", ErrIntent)
	}
	// A verb the kernel does not have is judged (denied, naming the verb)
	// whether content is there or not: a file.delete has no content to
	// ask for.
	knownVerb := in.Verb == "" || in.Verb == VerbWrite || in.Verb == VerbAppend
	if in.Content == nil && knownVerb {
		return Intent{}, fmt.Errorf("%w: content is missing (the text to write; \"\" writes an empty file)", ErrIntent)
	}
	return in, nil
}

// hasMember reports whether data, a JSON object, has a member named name
// (null included).
func hasMember(data []byte, name string) bool {
	var m map[string]json.RawMessage
	if json.Unmarshal(data, &m) != nil {
		return false
	}
	_, ok := m[name]
	return ok
}

// digest is the hex sha256 of the intent's canonical encoding, without its
// action_id: what an action_id given twice must match to be answered from
// the audit.
func (in Intent) digest() string {
	c := in
	c.ActionID = ""
	c.Spec, c.Kind = "", ""
	b, _ := json.Marshal(c) // fixed struct order; cannot fail
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

func observation(content []byte) Observation {
	sum := sha256.Sum256(content)
	h := hex.EncodeToString(sum[:])
	return Observation{Exists: true, SizeBytes: int64(len(content)), SHA256: &h}
}
