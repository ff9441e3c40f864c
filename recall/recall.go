package recall

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/epistemicfold/ef/internal/clip"
)

// Depth is how much of a checkpoint context_recall returns.
type Depth string

// Depths.
const (
	// DepthSummary is the checkpoint's rendered text, paged by line.
	DepthSummary Depth = "summary"
	// DepthDetail is one line per archived message, with its index.
	DepthDetail Depth = "detail"
	// DepthExact is the archived messages themselves, byte-exact, paged.
	DepthExact Depth = "exact"
)

// Recall limits.
const (
	// MaxRecallLimit is the largest limit accepted.
	MaxRecallLimit = 500
	// DefaultDetailLimit and DefaultExactLimit are the page sizes used when
	// a request names none (a message ref alone defaults to that one
	// message at exact depth). Summary pages default to every line that
	// fits the budget.
	DefaultDetailLimit = 100
	DefaultExactLimit  = 20
	// DetailLineRunes is the most characters of a message shown on its
	// detail line.
	DetailLineRunes = 200
)

// Statuses of a recall answer.
const (
	StatusOK          = "ok"
	StatusUnavailable = "unavailable"
)

// ReasonUnknownSession is the Reason of an unavailable answer whose session
// has no checkpoint in the store: it was never archived there (a ref typed
// with the wrong @session, or with text after it), or the session was
// deleted (EF-RFC-001 §25). It is the whole Reason: nothing is damaged, so
// no file error follows it. A Source says it with an *UnavailableError of
// this Reason (package bundlesource does).
const ReasonUnknownSession = "unknown session (never archived in this store, or deleted)"

// RecallRequest is a context_recall call. Request and result types
// (RecallRequest, RecallResult, DetailLine, ExactMessage, Part) are plain
// values: safe to share, not to mutate concurrently.
type RecallRequest struct {
	// Ref names the checkpoint or message (see Ref).
	Ref string `json:"ref"`
	// Depth is summary, detail or exact. Empty means summary for a
	// checkpoint ref and exact for a message ref.
	Depth Depth `json:"depth,omitempty"`
	// Offset is the first item: a line of the rendered text at summary
	// depth, a message index at detail and exact depth. Zero means the
	// message the ref names, or the start.
	Offset int `json:"offset,omitempty"`
	// Limit is the most items to return. Zero means every line that fits
	// (summary), DefaultDetailLimit (detail), DefaultExactLimit (exact), or
	// 1 for a message ref at exact depth. At most MaxRecallLimit.
	Limit int `json:"limit,omitempty"`
	// SessionID is the caller's session, used when the ref names none.
	SessionID string `json:"sessionId,omitempty"`
	// Budget is the token budget of the answer. Zero (or negative) means
	// Options.DefaultBudget; it is lowered to Options.MaxBudget.
	Budget int `json:"budget,omitempty"`
}

// RecallResult is the answer to a recall. Status "unavailable" (with
// Reason) means the bundle is missing or corrupt; nothing else is set then
// but the ids.
type RecallResult struct {
	Ref          string `json:"ref"`
	SessionID    string `json:"sessionId"`
	CheckpointID string `json:"checkpointId"`
	Depth        Depth  `json:"depth"`
	Status       string `json:"status"`
	Reason       string `json:"reason,omitempty"`

	Mode        string `json:"mode,omitempty"`
	CreatedAt   int64  `json:"createdAt,omitempty"`
	Messages    int    `json:"messages"`
	LogicalHash string `json:"logicalHash,omitempty"`

	// Offset is the first item returned, Count how many were returned, and
	// Total how many items the depth has (lines, or messages).
	Offset int `json:"offset"`
	Count  int `json:"count"`
	Total  int `json:"total"`

	// Summary holds the lines shown at summary depth.
	Summary string `json:"summary,omitempty"`
	// Lines holds the detail lines.
	Lines []DetailLine `json:"lines,omitempty"`
	// Exact holds the archived messages (or one part of one).
	Exact []ExactMessage `json:"exact,omitempty"`

	// PastEnd reports that Offset was at or past the end: nothing returned.
	PastEnd bool `json:"pastEnd,omitempty"`
	// MessageEnd is set when the ref is a part ref whose byte offset is
	// the end of its message (the offset after its last part): nothing of
	// that message is left. The page goes on with the messages after it
	// (Offset is the next one) when the limit asks for more than one, and
	// Next names the next message when there is one.
	MessageEnd *MessageEnd `json:"messageEnd,omitempty"`
	// Cut reports that the token budget stopped the answer before Limit
	// items (or inside one item).
	Cut bool `json:"cut"`
	// Next is the call that returns the next page; nil at the end.
	Next *RecallRequest `json:"next,omitempty"`

	Budget int `json:"budget"`
	Tokens int `json:"tokens"`
}

// DetailLine is one archived message in one line.
type DetailLine struct {
	Index int    `json:"index"`
	Role  string `json:"role"`
	Text  string `json:"text"`
}

// ExactMessage is an archived message as it was archived.
type ExactMessage struct {
	Index int    `json:"index"`
	Role  string `json:"role"`
	// Raw is the message's exact JSON text. It is a string, not embedded
	// JSON, so that encoding the result keeps every byte, when the bytes
	// are UTF-8: a JSON string holds Unicode text only, and encoding one
	// turns each byte that is not UTF-8 into U+FFFD.
	Raw string `json:"raw"`
	// RawNotUTF8 reports that Raw is not valid UTF-8 (a host logged a
	// tool's binary output as it came), so Raw encoded as JSON is not
	// exact; RawBase64 then holds Raw's bytes in standard base64.
	RawNotUTF8 bool   `json:"rawNotUTF8,omitempty"`
	RawBase64  string `json:"rawBase64,omitempty"`
	// Bytes and SHA256 ("sha256:<hex>") describe the whole message, also
	// when Raw is only a part of it.
	Bytes  int    `json:"bytes"`
	SHA256 string `json:"sha256"`
	// Part is set when Raw is a byte range [From, To) of a message too
	// large for the budget; the parts concatenate to the message.
	Part *Part `json:"part,omitempty"`
}

// MessageEnd is the message a part ref reached the end of: its index,
// its length and its hash (as an ExactMessage's).
type MessageEnd struct {
	Index  int    `json:"index"`
	Bytes  int    `json:"bytes"`
	SHA256 string `json:"sha256"`
}

// Part is a byte range of a message.
type Part struct {
	From int `json:"from"`
	To   int `json:"to"`
}

// Recall answers a context_recall request from the index's Source (the
// index itself is not needed to recall; see the function Recall, whose
// rules it follows: check the result's Status, since a checkpoint that
// cannot be served, or a session the store does not hold, is a result
// with Status StatusUnavailable and a nil error).
func (x *Index) Recall(ctx context.Context, req RecallRequest) (*RecallResult, error) {
	if err := x.opened(); err != nil {
		return nil, err
	}
	if err := x.readable(); err != nil {
		return nil, err
	}
	return Recall(ctx, x.src, req, x.opts)
}

// Recall answers a context_recall request by reading src. A bundle that is
// missing or corrupt, or a session src does not hold, gives a result with
// Status StatusUnavailable and the reason, not an error (CallTool makes
// it a tool error for the model); a checkpoint id the session never had
// is a *NoCheckpointError; errors are bad requests (ErrBadRef, ErrBadDepth,
// ErrBadOffset, ErrBadLimit), operational failures of the Source and
// ErrNoSource for a nil src; a ref past the end of its checkpoint (a
// message it does not have, a byte past the end of the message) is a
// *RangeError (ErrNoMessage, ErrPastEnd). Of opts, only the budgets and
// Tokens are used.
func Recall(ctx context.Context, src Source, req RecallRequest, opts Options) (*RecallResult, error) {
	if src == nil {
		return nil, ErrNoSource
	}
	r := recaller{src: src, opts: opts.withDefaults()}
	return r.recall(ctx, req)
}

// recaller answers one recall.
type recaller struct {
	src  Source
	opts Options
}

func (x *recaller) recall(ctx context.Context, req RecallRequest) (*RecallResult, error) {
	ref, err := ParseRef(req.Ref)
	if err != nil {
		return nil, err
	}
	if ref.SessionID == "" {
		if req.SessionID == "" {
			return nil, &RefError{Ref: req.Ref, Reason: "no session: add @<session> or call from a session"}
		}
		if why := SessionIDProblem(req.SessionID); why != "" {
			return nil, &RefError{Ref: req.Ref, Reason: "invalid session id: " + why}
		}
		ref.SessionID = req.SessionID
	}
	depth := req.Depth
	if depth == "" {
		depth = DepthSummary
		if ref.Message != nil {
			depth = DepthExact
		}
	}
	if depth != DepthSummary && depth != DepthDetail && depth != DepthExact {
		return nil, fmt.Errorf("%w: %q (want summary, detail or exact)", ErrBadDepth, depth)
	}
	if req.Offset < 0 {
		return nil, fmt.Errorf("%w: offset %d (want 0 or more)", ErrBadOffset, req.Offset)
	}
	if req.Limit < 0 || req.Limit > MaxRecallLimit {
		return nil, fmt.Errorf("%w: limit %d (want 1 to %d, or 0 for the depth's default)", ErrBadLimit, req.Limit, MaxRecallLimit)
	}
	offset, limit, byteOff := req.Offset, req.Limit, 0
	if ref.Message != nil && depth != DepthSummary && offset == 0 {
		offset = *ref.Message
		byteOff = ref.Byte
		if limit == 0 && depth == DepthExact {
			limit = 1
		}
	}
	out := &RecallResult{
		Ref:       FormatRef(ref, req.SessionID),
		SessionID: ref.SessionID, CheckpointID: ref.CheckpointID, Depth: depth,
		Status: StatusOK, Offset: offset, Budget: x.opts.budget(req.Budget),
	}
	ck, err := x.src.Checkpoint(ctx, ref.SessionID, ref.CheckpointID)
	if err != nil {
		return x.unavailableResult(out, err)
	}
	out.Mode, out.CreatedAt, out.Messages, out.LogicalHash = ck.Mode, ck.CreatedAt, ck.Messages, ck.LogicalHash
	if ref.Message != nil && *ref.Message >= ck.Messages {
		// A ref names one message; one the checkpoint does not have is a
		// mistake to report, at every depth. (An offset past the end is a
		// page position, answered with an empty page below.)
		return nil, &RangeError{Ref: out.Ref, CheckpointID: ref.CheckpointID, Message: *ref.Message, Messages: ck.Messages, Err: ErrNoMessage}
	}
	next := func(off, b int) *RecallRequest {
		r := Ref{SessionID: ref.SessionID, CheckpointID: ref.CheckpointID}
		n := &RecallRequest{Depth: depth, Limit: req.Limit}
		if b > 0 {
			m := off
			r.Message, r.Byte = &m, b
		} else {
			n.Offset = off
		}
		n.Ref = FormatRef(r, req.SessionID)
		return n
	}
	out.Tokens = x.opts.Tokens(renderRecallHeader(out)) + 60 // the footer
	switch depth {
	case DepthSummary:
		// The rendered text is read from the bundle's header, without
		// the messages, and tells the model that the exact messages are
		// archived and how to page them. A bundle that fails its hashes
		// holds neither for certain, so the text is served only once a
		// verified page (of no messages) says the archive is intact: a
		// damaged bundle is unavailable at every depth.
		if _, err := x.src.Page(ctx, ref.SessionID, ref.CheckpointID, 0, 0); err != nil {
			return x.unavailableResult(out, err)
		}
		x.recallSummary(out, ck.Rendered, limit, next)
		return out, nil
	case DepthDetail:
		if limit == 0 {
			limit = DefaultDetailLimit
		}
	case DepthExact:
		if limit == 0 {
			limit = DefaultExactLimit
		}
	}
	out.Total = ck.Messages
	if offset >= ck.Messages {
		out.PastEnd = true
		return out, nil
	}
	end := min(offset+limit, ck.Messages)
	callNames := map[string]string{}
	for i := offset; i < end; {
		p, err := x.src.Page(ctx, ref.SessionID, ref.CheckpointID, i, min(end-i, 64))
		if err != nil {
			return x.unavailableResult(out, err)
		}
		if p.Total != ck.Messages || p.Offset != i || len(p.Messages) == 0 {
			return x.unavailableResult(out, &UnavailableError{SessionID: ref.SessionID, CheckpointID: ref.CheckpointID,
				Reason: fmt.Sprintf("archive returned messages %d+%d of %d, header says %d", p.Offset, len(p.Messages), p.Total, ck.Messages)})
		}
		for _, raw := range p.Messages {
			var stop bool
			var cont int // byte offset to continue message i from, 0 for none
			if depth == DepthExact && byteOff > 0 && byteOff >= len(raw) {
				// A part ref at or past the end of its message: the end
				// is an answer (nothing more of it; the page goes on
				// after it), past the end an error. Neither starts the
				// message again, which would loop a reader paging by
				// hand.
				if byteOff > len(raw) {
					return nil, &RangeError{Ref: out.Ref, CheckpointID: ref.CheckpointID, Message: i, Messages: ck.Messages,
						Byte: byteOff, Bytes: len(raw), Err: ErrPastEnd}
				}
				sum := sha256.Sum256(raw)
				out.MessageEnd = &MessageEnd{Index: i, Bytes: len(raw), SHA256: "sha256:" + hex.EncodeToString(sum[:])}
				out.Tokens += x.opts.Tokens(renderMessageEnd(out.MessageEnd))
				out.Offset, byteOff = i+1, 0
				i++
				continue
			}
			if depth == DepthDetail {
				stop = x.addDetail(out, i, raw, callNames)
			} else {
				stop, cont = x.addExact(out, i, raw, byteOff, callNames)
				byteOff = 0
			}
			if stop {
				switch {
				case cont > 0:
					out.Next = next(i, cont)
				case out.Count > 0 && out.Exact != nil && out.Exact[len(out.Exact)-1].Index == i:
					// message i was finished as a part; go on after it
					if i+1 < ck.Messages {
						out.Next = next(i+1, 0)
					}
				default:
					out.Next = next(i, 0)
				}
				return out, nil
			}
			i++
		}
	}
	if end < ck.Messages {
		out.Next = next(end, 0)
	}
	return out, nil
}

func (x *Index) readable() error {
	x.mu.RLock()
	defer x.mu.RUnlock()
	if x.closed {
		return ErrClosed
	}
	return nil
}

func (x *recaller) unavailableResult(out *RecallResult, err error) (*RecallResult, error) {
	if errors.Is(err, ErrNoCheckpoint) {
		return nil, err // a bad request; the error names the session and the ref's checkpoint
	}
	if !errorsIsUnavailable(err) {
		return nil, fmt.Errorf("recall %s: %w", out.Ref, err)
	}
	r := &RecallResult{Ref: out.Ref, SessionID: out.SessionID, CheckpointID: out.CheckpointID, Depth: out.Depth,
		Status: StatusUnavailable, Budget: out.Budget}
	r.Reason = err.Error()
	if ue, ok := err.(*UnavailableError); ok {
		r.Reason = ue.Reason
		if ue.Err != nil && ue.Reason != ReasonUnknownSession {
			r.Reason += ": " + ue.Err.Error()
		}
	}
	r.Tokens = x.opts.Tokens(RenderRecall(r))
	return r, nil
}

func (x *recaller) recallSummary(out *RecallResult, rendered string, limit int, next func(int, int) *RecallRequest) {
	lines := strings.SplitAfter(rendered, "\n")
	if n := len(lines); n > 0 && lines[n-1] == "" {
		lines = lines[:n-1]
	}
	out.Total = len(lines)
	if out.Offset >= len(lines) {
		out.PastEnd = len(lines) > 0 || out.Offset > 0
		return
	}
	end := len(lines)
	if limit > 0 {
		end = min(out.Offset+limit, len(lines))
	}
	var sb strings.Builder
	i := out.Offset
	for ; i < end; i++ {
		cost := x.opts.Tokens(lines[i])
		if out.Tokens+cost > out.Budget {
			out.Cut = true
			if i == out.Offset {
				// One line larger than the whole budget: show its head.
				room := max(out.Budget-out.Tokens, 1)
				sb.WriteString(fitPrefix(lines[i], room, x.opts.Tokens))
				sb.WriteString("…[line cut]\n")
				out.Tokens = out.Budget
				i++
			}
			break
		}
		out.Tokens += cost
		sb.WriteString(lines[i])
	}
	out.Summary = sb.String()
	out.Count = i - out.Offset
	if i < len(lines) {
		out.Next = next(i, 0)
		out.Next.Depth = DepthSummary
	}
}

func (x *recaller) addDetail(out *RecallResult, i int, raw []byte, callNames map[string]string) (stop bool) {
	f := extractMessage(raw, callNames, 4*DetailLineRunes)
	var sb strings.Builder
	if len(f.Tools) > 0 && f.Role == "assistant" {
		sb.WriteString("[calls " + strings.Join(f.Tools, ", ") + "] ")
	} else if len(f.Tools) > 0 {
		sb.WriteString("[" + strings.Join(f.Tools, ", ") + " result] ")
	}
	if f.IsError {
		sb.WriteString("[error] ")
	}
	writeCollapsed(&sb, f.Text)
	text := strings.TrimSpace(sb.String())
	text = clip.Runes(text, DetailLineRunes)
	l := DetailLine{Index: i, Role: f.Role, Text: text}
	cost := x.opts.Tokens(renderDetailLine(l))
	if out.Tokens+cost > out.Budget && out.Count > 0 {
		out.Cut = true
		return true
	}
	out.Tokens += cost
	out.Lines = append(out.Lines, l)
	out.Count++
	return false
}

// addExact adds message i, raw, from byte byteOff (less than len(raw), or
// 0), to out, whole or the part of it the budget leaves room for; it
// reports whether the page stops there and, when it stops inside the
// message, the byte to continue from.
func (x *recaller) addExact(out *RecallResult, i int, raw []byte, byteOff int, callNames map[string]string) (stop bool, cont int) {
	// Only the role is read of the message, and only the part shown is
	// made a string (page.go): raw may be a pasted output of many MB.
	sum := sha256.Sum256(raw)
	m := ExactMessage{Index: i, Role: exactRole(raw), Bytes: len(raw), SHA256: "sha256:" + hex.EncodeToString(sum[:])}
	if byteOff > 0 { // less than len(raw): recall answers the end itself
		m.Part = &Part{From: byteOff, To: len(raw)}
	}
	// The frame is priced with its note on bytes that are not UTF-8 when
	// the rest of the message has any, whichever part of it is shown:
	// high, never low.
	rest := raw[byteOff:]
	m.RawNotUTF8 = !utf8.Valid(rest)
	frame := x.opts.Tokens(renderExactFrame(m))
	room := out.Budget - out.Tokens - frame
	part, fits := exactPart(rest, room, x.opts.Tokens)
	if fits {
		m.setRaw(part)
		out.Tokens += frame + x.opts.Tokens(m.Raw)
		out.Exact = append(out.Exact, m)
		out.Count++
		return false, 0
	}
	out.Cut = true
	if out.Count > 0 {
		return true, 0 // the next page starts with this message
	}
	// The first message alone is over the budget: return a part of it
	// (EF-RFC-001 §8.2: a large item is a locator plus a page).
	if r := max(room, 64); r != room {
		part, _ = exactPart(rest, r, x.opts.Tokens)
	}
	m.setRaw(part)
	m.Part = &Part{From: byteOff, To: byteOff + len(m.Raw)}
	out.Tokens += frame + x.opts.Tokens(m.Raw)
	out.Exact = append(out.Exact, m)
	out.Count++
	if m.Part.To < len(raw) {
		return true, m.Part.To
	}
	return true, 0
}

// setRaw sets Raw to raw, and RawNotUTF8 and RawBase64 when raw is not
// valid UTF-8.
func (m *ExactMessage) setRaw(raw string) {
	m.Raw, m.RawNotUTF8, m.RawBase64 = raw, false, ""
	if !utf8.ValidString(raw) {
		m.RawNotUTF8, m.RawBase64 = true, base64.StdEncoding.EncodeToString([]byte(raw))
	}
}

// fitPrefix returns the longest prefix of s, cut on a rune boundary, that
// counts at most budget tokens (at least one rune).
func fitPrefix(s string, budget int, tokens func(string) int) string {
	lo, hi := 0, len(s)
	for lo < hi {
		mid := (lo + hi + 1) / 2
		c := mid
		for c > 0 && c < len(s) && !utf8.RuneStart(s[c]) {
			c--
		}
		if tokens(s[:c]) <= budget {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	for lo > 0 && lo < len(s) && !utf8.RuneStart(s[lo]) {
		lo--
	}
	if lo == 0 && len(s) > 0 {
		_, n := utf8.DecodeRuneInString(s)
		lo = n
	}
	return s[:lo]
}
