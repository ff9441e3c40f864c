package recall_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/epistemicfold/ef/internal/recalltest"
	"github.com/epistemicfold/ef/recall"
)

func recallOK(t *testing.T, x *recall.Index, req recall.RecallRequest) *recall.RecallResult {
	t.Helper()
	res, err := x.Recall(context.Background(), req)
	if err != nil {
		t.Fatalf("Recall(%+v): %v", req, err)
	}
	if res.Status != recall.StatusOK {
		t.Fatalf("Recall(%+v): %s: %s", req, res.Status, res.Reason)
	}
	if res.Tokens > res.Budget {
		t.Fatalf("Recall(%+v): %d tokens over the %d budget", req, res.Tokens, res.Budget)
	}
	if n := recall.EstimateTokens(recall.RenderRecall(res)); n > res.Budget+100 {
		t.Fatalf("Recall(%+v): rendered %d tokens for a %d budget", req, n, res.Budget)
	}
	return res
}

// readAllExact follows Next from req until the end and reassembles the
// archived messages, parts included, checking each against its hash.
func readAllExact(t *testing.T, x *recall.Index, req recall.RecallRequest) ([]json.RawMessage, int) {
	t.Helper()
	var out []json.RawMessage
	var partial []byte
	pages := 0
	for {
		pages++
		if pages > 10_000 {
			t.Fatal("paging does not end")
		}
		res := recallOK(t, x, req)
		for _, m := range res.Exact {
			if m.Part == nil {
				if len(partial) > 0 {
					t.Fatalf("message %d: whole message after an unfinished part", m.Index)
				}
				if m.Index != len(out) {
					t.Fatalf("got message %d, want %d", m.Index, len(out))
				}
				out = append(out, json.RawMessage(m.Raw))
			} else {
				if m.Part.From != len(partial) || m.Index != len(out) {
					t.Fatalf("part %+v of message %d, have %d bytes of message %d", m.Part, m.Index, len(partial), len(out))
				}
				partial = append(partial, m.Raw...)
				if m.Part.To == m.Bytes {
					out = append(out, json.RawMessage(partial))
					partial = nil
				}
			}
			if m.Part == nil || m.Part.To == m.Bytes {
				sum := sha256.Sum256(out[len(out)-1])
				if "sha256:"+hex.EncodeToString(sum[:]) != m.SHA256 || len(out[len(out)-1]) != m.Bytes {
					t.Fatalf("message %d: hash or size does not match its bytes", m.Index)
				}
			}
		}
		if res.Next == nil {
			return out, pages
		}
		req = *res.Next
		req.SessionID = "s"
		req.Budget = res.Budget
	}
}

func TestRecallExactEqualsArchive(t *testing.T) {
	c := loadCorpus(t)
	src := recalltest.NewMemSource()
	big := c.ckpts[0]
	for _, ck := range c.ckpts {
		if len(ck.Archive) == 25 && len(mustJSON(ck.Archive)) > len(mustJSON(big.Archive)) {
			big = ck
		}
	}
	big.SessionID = "s"
	src.Put(big)
	x, _ := recalltest.MustOpen(t, src, recall.Options{})
	for _, budget := range []int{recall.MinBudget, 1000, recall.DefaultBudget, recall.MaxBudget} {
		got, pages := readAllExact(t, x, recall.RecallRequest{Ref: big.CheckpointID, Depth: recall.DepthExact, SessionID: "s", Budget: budget})
		if len(got) != len(big.Archive) {
			t.Fatalf("budget %d: %d messages, want %d", budget, len(got), len(big.Archive))
		}
		for i := range got {
			if !bytes.Equal(got[i], big.Archive[i]) {
				t.Fatalf("budget %d: message %d differs from the archive", budget, i)
			}
		}
		t.Logf("budget %5d: %d messages (%d bytes) in %d pages", budget, len(got), len(mustJSON(big.Archive)), pages)
	}
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// pagingFixture is one checkpoint of five small messages and one of 40 KB.
func pagingFixture(t *testing.T) (*recall.Index, *recalltest.MemSource, []json.RawMessage) {
	src := recalltest.NewMemSource()
	var msgs []json.RawMessage
	for i, text := range []string{"first", "second", "third", "fourth", "fifth"} {
		msgs = append(msgs, json.RawMessage(`{"role":"user","content":[{"type":"text","text":"`+text+` message `+strings.Repeat("x", i)+`"}]}`))
	}
	ck := recalltest.Checkpoint{Archive: msgs}
	ck.SessionID, ck.CheckpointID, ck.Mode, ck.CreatedAt = "s", "small", "leaf", recalltest.T0
	ck.Rendered = "line one\nline two\nline three\n"
	src.Put(ck)
	huge := json.RawMessage(`{"role":"tool","toolCallId":"c1","content":[{"type":"text","text":"` + strings.Repeat("日志 log line\\n", 3000) + `"}]}`)
	ck2 := recalltest.Checkpoint{Archive: []json.RawMessage{msgs[0], huge, msgs[1]}}
	ck2.SessionID, ck2.CheckpointID, ck2.Mode, ck2.CreatedAt = "s", "huge", "emergency", recalltest.T0+1
	ck2.Rendered = "a huge tool output"
	src.Put(ck2)
	x, _ := recalltest.MustOpen(t, src, recall.Options{})
	return x, src, append(msgs, huge)
}

func TestRecallPagingEdges(t *testing.T) {
	x, _, msgs := pagingFixture(t)
	exact := func(ref string, offset, limit, budget int) *recall.RecallResult {
		return recallOK(t, x, recall.RecallRequest{Ref: ref, Depth: recall.DepthExact, Offset: offset, Limit: limit, SessionID: "s", Budget: budget})
	}
	t.Run("first", func(t *testing.T) {
		r := exact("small", 0, 2, 0)
		if r.Count != 2 || r.Exact[0].Raw != string(msgs[0]) || r.Next == nil || r.Next.Offset != 2 || r.Cut {
			t.Fatalf("%+v", r)
		}
		if !strings.Contains(recall.RenderRecall(r), `Next page: context_recall {"ref":"small","depth":"exact","offset":2,"limit":2}`) {
			t.Errorf("render:\n%s", recall.RenderRecall(r))
		}
	})
	t.Run("last", func(t *testing.T) {
		r := exact("small", 4, 10, 0)
		if r.Count != 1 || r.Exact[0].Index != 4 || r.Exact[0].Raw != string(msgs[4]) || r.Next != nil || r.PastEnd {
			t.Fatalf("%+v", r)
		}
		if !strings.Contains(recall.RenderRecall(r), "[end of checkpoint small]") {
			t.Errorf("render:\n%s", recall.RenderRecall(r))
		}
	})
	t.Run("past the end", func(t *testing.T) {
		for _, off := range []int{5, 6, 1000} {
			r := exact("small", off, 0, 0)
			if !r.PastEnd || r.Count != 0 || r.Next != nil || r.Total != 5 {
				t.Fatalf("offset %d: %+v", off, r)
			}
			if !strings.Contains(recall.RenderRecall(r), "[empty page: offset "+strconv.Itoa(off)+" is past the end: 5 messages, offsets 0–4]") {
				t.Errorf("render:\n%s", recall.RenderRecall(r))
			}
		}
	})
	t.Run("message ref", func(t *testing.T) {
		r := recallOK(t, x, recall.RecallRequest{Ref: "small#3", SessionID: "s"})
		if r.Depth != recall.DepthExact || r.Count != 1 || r.Exact[0].Index != 3 || r.Exact[0].Raw != string(msgs[3]) {
			t.Fatalf("%+v", r)
		}
		if r.Next == nil || r.Next.Ref != "small" || r.Next.Offset != 4 {
			t.Fatalf("next %+v", r.Next)
		}
	})
	t.Run("page larger than the budget", func(t *testing.T) {
		// Ask for everything of "huge" at the smallest budget: the first
		// message fits, the 40 KB one does not, so the page stops before it.
		r := exact("huge", 0, 3, recall.MinBudget)
		if !r.Cut || r.Count != 1 || r.Next == nil || r.Next.Offset != 1 {
			t.Fatalf("%+v", r)
		}
		if !strings.Contains(recall.RenderRecall(r), "[cut at the 256-token budget. Next page:") {
			t.Errorf("render:\n%s", recall.RenderRecall(r))
		}
		// Asking for the huge message alone gives it in parts.
		r = exact("huge", 1, 1, recall.MinBudget)
		if !r.Cut || r.Count != 1 || r.Exact[0].Part == nil || r.Exact[0].Part.From != 0 || r.Next == nil || !strings.HasPrefix(r.Next.Ref, "huge#1:") {
			t.Fatalf("%+v", r)
		}
		got, _ := readAllExact(t, x, recall.RecallRequest{Ref: "huge", Depth: recall.DepthExact, SessionID: "s", Budget: recall.MinBudget})
		if len(got) != 3 || !bytes.Equal(got[1], msgs[5]) {
			t.Fatalf("reassembled %d messages; huge equal: %v", len(got), len(got) > 1 && bytes.Equal(got[1], msgs[5]))
		}
	})
	t.Run("summary", func(t *testing.T) {
		r := recallOK(t, x, recall.RecallRequest{Ref: "small", SessionID: "s"})
		if r.Depth != recall.DepthSummary || r.Summary != "line one\nline two\nline three\n" || r.Total != 3 || r.Next != nil {
			t.Fatalf("%+v", r)
		}
		r = recallOK(t, x, recall.RecallRequest{Ref: "small", SessionID: "s", Depth: recall.DepthSummary, Offset: 1, Limit: 1})
		if r.Summary != "line two\n" || r.Next == nil || r.Next.Offset != 2 {
			t.Fatalf("%+v", r)
		}
		r = recallOK(t, x, recall.RecallRequest{Ref: "small", SessionID: "s", Depth: recall.DepthSummary, Offset: 3})
		if !r.PastEnd {
			t.Fatalf("%+v", r)
		}
	})
	t.Run("detail", func(t *testing.T) {
		r := recallOK(t, x, recall.RecallRequest{Ref: "huge", SessionID: "s", Depth: recall.DepthDetail})
		if r.Count != 3 || len(r.Lines) != 3 || r.Lines[1].Index != 1 || r.Lines[1].Role != "tool" || len([]rune(r.Lines[1].Text)) > recall.DetailLineRunes+1 {
			t.Fatalf("%+v", r.Lines)
		}
		text := recall.RenderRecall(r)
		if !strings.Contains(text, "#0 user: first message") || !strings.Contains(text, "#2 user: second message x") {
			t.Errorf("render:\n%s", text)
		}
	})
}

// TestRecallRefPastTheEnd: a part ref at the end of its message says so
// (it does not start the message again, which would loop a reader paging
// by hand), one past the end is an error naming the message's length, and
// a message ref the checkpoint does not have is an error naming the
// indexes it has, at every depth and through CallTool.
func TestRecallRefPastTheEnd(t *testing.T) {
	x, _, msgs := pagingFixture(t)
	huge := msgs[5]
	t.Run("a part ref at the end", func(t *testing.T) {
		end := strconv.Itoa(len(huge))
		r := recallOK(t, x, recall.RecallRequest{Ref: "huge#1:" + end, SessionID: "s"})
		sum := sha256.Sum256(huge)
		want := recall.MessageEnd{Index: 1, Bytes: len(huge), SHA256: "sha256:" + hex.EncodeToString(sum[:])}
		if r.MessageEnd == nil || *r.MessageEnd != want || r.Count != 0 || len(r.Exact) != 0 {
			t.Fatalf("end of message 1: %+v (messageEnd %+v)", r, r.MessageEnd)
		}
		if r.Next == nil || r.Next.Ref != "huge" || r.Next.Offset != 2 {
			t.Fatalf("next %+v, want message 2", r.Next)
		}
		text := recall.RenderRecall(r)
		if !strings.Contains(text, "[end of message 1: byte "+digits(len(huge))+" is its end") || strings.Contains(text, "bytes 0–") {
			t.Errorf("render:\n%s", text)
		}
		// With a larger limit the page goes on after the message.
		r = recallOK(t, x, recall.RecallRequest{Ref: "huge#1:" + end, SessionID: "s", Limit: 5})
		if r.MessageEnd == nil || r.Offset != 2 || r.Count != 1 || r.Exact[0].Index != 2 || r.Exact[0].Raw != string(msgs[1]) || r.Next != nil {
			t.Fatalf("limit 5: %+v", r)
		}
		// The end of the last message is the end of the checkpoint.
		r = recallOK(t, x, recall.RecallRequest{Ref: "small#4:" + strconv.Itoa(len(msgs[4])), SessionID: "s"})
		if r.MessageEnd == nil || r.MessageEnd.Index != 4 || r.Count != 0 || r.Next != nil {
			t.Fatalf("end of the last message: %+v", r)
		}
		if text := recall.RenderRecall(r); !strings.Contains(text, "[end of checkpoint small]") {
			t.Errorf("render:\n%s", text)
		}
	})
	t.Run("paging a message by hand ends", func(t *testing.T) {
		// A reader that composes each part's ref from the last part's end
		// (not from Next) reaches the end of the message and stops.
		var got []byte
		for pages := 0; ; pages++ {
			if pages > 1000 {
				t.Fatal("paging by hand does not end")
			}
			r := recallOK(t, x, recall.RecallRequest{Ref: "huge#1:" + strconv.Itoa(len(got)), SessionID: "s", Budget: recall.MinBudget})
			if r.MessageEnd != nil {
				break
			}
			if len(r.Exact) != 1 || r.Exact[0].Index != 1 {
				t.Fatalf("at byte %d: %+v", len(got), r)
			}
			got = append(got, r.Exact[0].Raw...)
		}
		if !bytes.Equal(got, huge) {
			t.Fatalf("reassembled %d bytes, want the %d of the message", len(got), len(huge))
		}
	})
	t.Run("a part ref past the end", func(t *testing.T) {
		for _, b := range []int{len(huge) + 1, 99999999} {
			ref := "huge#1:" + strconv.Itoa(b)
			_, err := x.Recall(context.Background(), recall.RecallRequest{Ref: ref, SessionID: "s"})
			var re *recall.RangeError
			if !errors.Is(err, recall.ErrPastEnd) || !errors.As(err, &re) || re.Bytes != len(huge) || re.Byte != b {
				t.Fatalf("%s: %v", ref, err)
			}
			if !strings.Contains(err.Error(), "which has "+digits(len(huge))+" bytes") {
				t.Errorf("%s: %v", ref, err)
			}
		}
	})
	t.Run("a message the checkpoint does not have", func(t *testing.T) {
		for _, d := range []recall.Depth{"", recall.DepthSummary, recall.DepthDetail, recall.DepthExact} {
			for _, ref := range []string{"small#5", "small#999", "small#5:10"} {
				_, err := x.Recall(context.Background(), recall.RecallRequest{Ref: ref, Depth: d, SessionID: "s"})
				if !errors.Is(err, recall.ErrNoMessage) || !strings.Contains(err.Error(), "archived 5 messages: #0 to #4") {
					t.Fatalf("%s at depth %q: %v", ref, d, err)
				}
			}
		}
		out, err := x.CallTool(context.Background(), "s", recall.ToolRecall, json.RawMessage(`{"ref":"small#999"}`))
		if !errors.Is(err, recall.ErrNoMessage) || !out.IsError || !strings.Contains(out.Text, "#0 to #4") || out.Result != nil {
			t.Fatalf("CallTool: %+v, %v", out, err)
		}
	})
}

// digits groups n by thousands, as recall prints sizes.
func digits(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

func TestRecallUnavailable(t *testing.T) {
	x, src, _ := pagingFixture(t)
	src.Break("s", "small", "hash mismatch")
	for _, d := range []recall.Depth{recall.DepthSummary, recall.DepthDetail, recall.DepthExact} {
		r, err := x.Recall(context.Background(), recall.RecallRequest{Ref: "small", Depth: d, SessionID: "s"})
		if err != nil || r.Status != recall.StatusUnavailable || r.Reason != "hash mismatch" {
			t.Fatalf("%s: %+v, %v", d, r, err)
		}
		if text := recall.RenderRecall(r); !strings.Contains(text, "small: unavailable — hash mismatch") {
			t.Errorf("render: %s", text)
		}
	}
	r, err := x.Recall(context.Background(), recall.RecallRequest{Ref: "nosuch#2", SessionID: "s"})
	if err != nil || r.Status != recall.StatusUnavailable || r.Reason != "missing" {
		t.Fatalf("missing: %+v, %v", r, err)
	}
}

func TestRecallBadRequests(t *testing.T) {
	x, _, _ := pagingFixture(t)
	for _, tc := range []struct {
		req  recall.RecallRequest
		want error
	}{
		{recall.RecallRequest{Ref: "", SessionID: "s"}, recall.ErrBadRef},
		{recall.RecallRequest{Ref: "small"}, recall.ErrBadRef},
		{recall.RecallRequest{Ref: "small#x", SessionID: "s"}, recall.ErrBadRef},
		{recall.RecallRequest{Ref: "small#-1", SessionID: "s"}, recall.ErrBadRef},
		{recall.RecallRequest{Ref: "small:3", SessionID: "s"}, recall.ErrBadRef},
		{recall.RecallRequest{Ref: "sm all", SessionID: "s"}, recall.ErrBadRef},
		{recall.RecallRequest{Ref: "small@", SessionID: "s"}, recall.ErrBadRef},
		{recall.RecallRequest{Ref: "small", Depth: "full", SessionID: "s"}, recall.ErrBadDepth},
		{recall.RecallRequest{Ref: "small", Offset: -1, SessionID: "s"}, recall.ErrBadOffset},
		{recall.RecallRequest{Ref: "small", Limit: recall.MaxRecallLimit + 1, SessionID: "s"}, recall.ErrBadLimit},
	} {
		if _, err := x.Recall(context.Background(), tc.req); !errors.Is(err, tc.want) {
			t.Errorf("Recall(%+v) = %v, want %v", tc.req, err, tc.want)
		}
	}
}

func TestRefRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		text string
		want recall.Ref
		cur  string
	}{
		{"ck-1", recall.Ref{CheckpointID: "ck-1"}, ""},
		{"ck-1#12", recall.Ref{CheckpointID: "ck-1", Message: ptr(12)}, ""},
		{"ck-1#12:4096", recall.Ref{CheckpointID: "ck-1", Message: ptr(12), Byte: 4096}, ""},
		{"ck-1#0@other%20session%23%2F", recall.Ref{CheckpointID: "ck-1", Message: ptr(0), SessionID: "other session#/"}, "mine"},
		{"ck-1@we@ird", recall.Ref{CheckpointID: "ck-1", SessionID: "we@ird"}, "mine"},
	} {
		r, err := recall.ParseRef(tc.text)
		if err != nil {
			t.Fatalf("ParseRef(%q): %v", tc.text, err)
		}
		if r.CheckpointID != tc.want.CheckpointID || r.SessionID != tc.want.SessionID || r.Byte != tc.want.Byte ||
			(r.Message == nil) != (tc.want.Message == nil) || (r.Message != nil && *r.Message != *tc.want.Message) {
			t.Fatalf("ParseRef(%q) = %+v, want %+v", tc.text, r, tc.want)
		}
		back := recall.FormatRef(r, tc.cur)
		r2, err := recall.ParseRef(back)
		if err != nil || r2.SessionID != r.SessionID || r2.CheckpointID != r.CheckpointID {
			t.Fatalf("FormatRef(%+v) = %q does not parse back: %+v, %v", r, back, r2, err)
		}
	}
	if got := recall.FormatRef(recall.Ref{CheckpointID: "a", SessionID: "me"}, "me"); got != "a" {
		t.Errorf("own session ref %q, want a", got)
	}
}

func ptr(i int) *int { return &i }

// TestRecallExactNotUTF8: a message whose bytes are not valid UTF-8
// survives recall's JSON: each exact message or part that is not valid
// UTF-8 is flagged (RawNotUTF8) and carries its bytes in RawBase64, which
// a JSON round trip keeps, where it turns Raw's invalid bytes into U+FFFD;
// the parts, paged at the smallest budget, concatenate to the message. A
// valid one has neither field, and the text says which is which.
func TestRecallExactNotUTF8(t *testing.T) {
	src := recalltest.NewMemSource()
	bad := json.RawMessage("{\"role\":\"tool\",\"toolCallId\":\"c1\",\"content\":[{\"type\":\"text\",\"text\":\"" +
		strings.Repeat("bin \x89\xff\xfe 日志 ", 2000) + "\"}]}")
	good := json.RawMessage(`{"role":"user","content":[{"type":"text","text":"plain"}]}`)
	ck := recalltest.Checkpoint{Archive: []json.RawMessage{good, bad}}
	ck.SessionID, ck.CheckpointID, ck.Mode, ck.CreatedAt = "s", "bin", "leaf", recalltest.T0
	src.Put(ck)
	x, _ := recalltest.MustOpen(t, src, recall.Options{})

	req := recall.RecallRequest{Ref: "bin", Depth: recall.DepthExact, SessionID: "s", Budget: recall.MinBudget}
	var got []byte
	for pages := 0; ; pages++ {
		if pages > 1000 {
			t.Fatal("paging does not end")
		}
		r := recallOK(t, x, req)
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		var back recall.RecallResult
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		for k, m := range back.Exact {
			exact := r.Exact[k].Raw
			if m.RawNotUTF8 != !utf8.ValidString(exact) {
				t.Fatalf("message %d part %+v: rawNotUTF8 %v for bytes valid UTF-8: %v", m.Index, m.Part, m.RawNotUTF8, utf8.ValidString(exact))
			}
			if !m.RawNotUTF8 {
				if m.RawBase64 != "" || m.Raw != exact {
					t.Fatalf("message %d part %+v, valid UTF-8: rawBase64 %q, raw kept %v", m.Index, m.Part, m.RawBase64, m.Raw == exact)
				}
				if m.Index == 1 {
					got = append(got, m.Raw...)
				}
				continue
			}
			raw, err := base64.StdEncoding.DecodeString(m.RawBase64)
			if err != nil || string(raw) != exact || m.Raw == exact {
				t.Fatalf("message %d part %+v: rawBase64 does not hold the bytes (%v), or raw kept them through JSON", m.Index, m.Part, err)
			}
			if m.Index == 1 {
				got = append(got, raw...)
			}
			if !strings.Contains(recall.RenderRecall(r), "not valid UTF-8") {
				t.Fatalf("the text does not say the bytes are not UTF-8:\n%.300s", recall.RenderRecall(r))
			}
		}
		if r.Next == nil {
			break
		}
		req = *r.Next
		req.SessionID, req.Budget = "s", recall.MinBudget
	}
	if !bytes.Equal(got, bad) {
		t.Fatalf("the parts of the message, from rawBase64, give %d bytes, want the %d archived", len(got), len(bad))
	}
}
