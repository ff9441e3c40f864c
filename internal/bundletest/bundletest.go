// Package bundletest holds test helpers for package bundle: a strict
// in-memory filesystem with fault injection and power-cut simulation
// (MemFS), store constructors, and generators of realistic bundles.
package bundletest

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/bundle"
)

// CreatedAt is the fixed creation time (epoch ms) of generated bundles.
const CreatedAt int64 = 1764460800000 // 2025-11-30T00:00:00Z

// MustOpen opens a store in a fresh t.TempDir() on the real filesystem
// (unless opts.FS is set, then under "/store") and closes it at cleanup.
func MustOpen(t testing.TB, opts bundle.Options) (*bundle.Store, string) {
	t.Helper()
	root := "/store"
	if opts.FS == nil {
		root = t.TempDir()
	}
	return MustOpenAt(t, root, opts), root
}

// MustOpenAt opens the store in dir and closes it at cleanup (closing it
// earlier is fine: Close is idempotent).
func MustOpenAt(t testing.TB, dir string, opts bundle.Options) *bundle.Store {
	t.Helper()
	s, err := bundle.Open(dir, opts)
	if err != nil {
		t.Fatalf("bundle.Open(%q): %v", dir, err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// Bundle returns a sealed leaf bundle holding msgs. If the ids or
// messages are invalid it returns the bundle unsealed, so tests can check
// that the store rejects it.
func Bundle(sessionID, checkpointID string, msgs []json.RawMessage) *bundle.CheckpointV1 {
	b := &bundle.CheckpointV1{
		CheckpointID: checkpointID,
		SessionID:    sessionID,
		CreatedAt:    CreatedAt,
		Mode:         bundle.ModeLeaf,
		Source:       bundle.Source{OrderedSurfaceSeqs: seqs(len(msgs)), SourceDigest: "sha256:" + strings.Repeat("0", 64)},
		Archive:      bundle.Archive{ShadowedMessages: msgs},
		Machine: &bundle.Interface{
			Requires: []string{"objective:build"}, Provides: []string{"decision:use-zstd"},
			Obligates: []string{}, Evidences: []string{"test:ok"}, Rejects: []string{}, Uncertainties: []string{},
		},
		Semantic: json.RawMessage(`{"summary":"folded ` + fmt.Sprint(len(msgs)) + ` messages"}`),
		Rendered: bundle.Rendered{Text: fmt.Sprintf("[checkpoint %s: %d messages folded]", checkpointID, len(msgs))},
	}
	_ = bundle.Seal(b)
	return b
}

// TB is the part of testing.TB (and *rapid.T) ListAll uses.
type TB interface {
	Helper()
	Fatalf(format string, args ...any)
}

// Listed is one bundle a store lists, with the session that holds it.
type Listed struct {
	Session string
	bundle.Info
}

// ListAll returns every bundle the store lists, session by session in the
// store's order; a listing error fails t. Broken bundles are listed too
// (with Info.Err set): what they mean is for the caller to say.
func ListAll(t TB, s *bundle.Store) []Listed {
	t.Helper()
	ctx := context.Background()
	sessions, err := s.Sessions(ctx)
	if err != nil {
		t.Fatalf("Sessions: %v", err)
	}
	var out []Listed
	for _, sid := range sessions {
		infos, err := s.List(ctx, sid)
		if err != nil {
			t.Fatalf("List(%q): %v", sid, err)
		}
		for _, in := range infos {
			out = append(out, Listed{sid, in})
		}
	}
	return out
}

func seqs(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i + 1
	}
	return out
}

var words = strings.Fields(`the fold keeps every message that leaves the context durable and verified
func main error return nil if err != context ctx bundle store write fsync rename directory
go test race ./... PASS FAIL ok package import fmt strings bytes json sha256 zstd segment page`)

// Message returns one realistic chat message (user, assistant with a tool
// call, or tool output) of roughly size bytes, deliberately not in
// canonical form (extra spaces, unsorted keys) so byte-exactness is tested.
func Message(r *rand.Rand, i, size int) json.RawMessage {
	var sb strings.Builder
	for sb.Len() < size {
		if sb.Len() > 0 {
			if r.IntN(12) == 0 {
				sb.WriteString("\n")
			} else {
				sb.WriteByte(' ')
			}
		}
		sb.WriteString(words[r.IntN(len(words))])
	}
	text, _ := json.Marshal(sb.String())
	switch i % 3 {
	case 0:
		return json.RawMessage(fmt.Sprintf(`{"role": "user", "seq": %d, "content": %s}`, i, text))
	case 1:
		return json.RawMessage(fmt.Sprintf(`{ "seq":%d,"role":"assistant","content":%s,"tool_calls":[{"id":"call_%d","name":"bash","arguments":{"cmd":"go test ./..."}}],"usage":{"input":%d,"output":%d}}`, i, text, i, r.IntN(5000), r.IntN(800)))
	default:
		return json.RawMessage(fmt.Sprintf(`{"role":"tool","tool_call_id":"call_%d","seq":%d,"content":%s,"exit":0.0}`, i-1, i, text))
	}
}

// Messages returns n messages of roughly size bytes each, deterministically from seed.
func Messages(seed uint64, n, size int) []json.RawMessage {
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	out := make([]json.RawMessage, n)
	for i := range out {
		out[i] = Message(r, i, size/2+r.IntN(size+1))
	}
	return out
}

// ArchiveOfBytes returns messages of about 1 KiB each totalling about total bytes.
func ArchiveOfBytes(seed uint64, total int) []json.RawMessage {
	n := max(1, total/1100)
	return Messages(seed, n, 1000)
}
