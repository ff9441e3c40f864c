package bundle_test

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/internal/bundletest"
)

// contentMessages is a span with ordinary messages and the hostile ones
// (hashed raw).
func contentMessages() []json.RawMessage {
	r := rand.New(rand.NewPCG(7, 13))
	var msgs []json.RawMessage
	for i := range 40 {
		msgs = append(msgs, bundletest.Message(r, i, 300))
	}
	for _, h := range hostile {
		msgs = append(msgs, json.RawMessage(h))
	}
	return msgs
}

// cloneMessages copies msgs into fresh memory.
func cloneMessages(msgs []json.RawMessage) []json.RawMessage {
	out := make([]json.RawMessage, len(msgs))
	for i, m := range msgs {
		out[i] = slices.Clone(m)
	}
	return out
}

// TestContentHashesAsLogicalHash: a Content's hash and raw indexes are
// LogicalHash's and RawIndexes', and the documented rule's.
func TestContentHashesAsLogicalHash(t *testing.T) {
	for _, msgs := range [][]json.RawMessage{nil, {}, contentMessages()} {
		c := bundle.NewContent(msgs)
		want, _ := bundle.LogicalHash(msgs)
		if c.LogicalHash() != want || want != archiveHashRef(msgs) {
			t.Fatalf("%d messages: content hash %s, LogicalHash %s", len(msgs), c.LogicalHash(), want)
		}
		if !slices.Equal(c.RawIndexes(), bundle.RawIndexes(msgs)) || c.Len() != len(msgs) {
			t.Fatalf("raw indexes %v, want %v", c.RawIndexes(), bundle.RawIndexes(msgs))
		}
	}
}

// TestContentOfEncodedHashesAsLogicalHash: a Content made from messages
// encoded beforehand (Encode) hashes and holds exactly as NewContent's,
// whether each encoding holds its message, holds other bytes (stale) or is
// missing; an encoding whose source bytes changed afterwards is not used.
func TestContentOfEncodedHashesAsLogicalHash(t *testing.T) {
	msgs := contentMessages()
	msgs = append(msgs, json.RawMessage(`{"a":1,"b":[true,null]}`)) // canonical as it is
	want, _ := bundle.LogicalHash(msgs)
	encs := make([]*bundle.Encoded, len(msgs))
	for i, m := range msgs {
		switch i % 3 {
		case 0:
			encs[i] = bundle.Encode(m)
		case 1:
			encs[i] = bundle.Encode(msgs[(i+1)%len(msgs)]) // stale: another message
		}
	}
	// Encodings hold a copy: changing the source afterwards changes nothing.
	mine := cloneMessages(msgs)
	src := bundle.Encode(mine[3])
	mine[3][1] ^= 1
	encs[3] = src
	for _, tc := range []struct {
		name string
		encs []*bundle.Encoded
	}{{"mixed", encs}, {"none", nil}, {"short", encs[:4]}} {
		c := bundle.NewContentOf(msgs, tc.encs)
		if c.LogicalHash() != want || !slices.Equal(c.RawIndexes(), bundle.RawIndexes(msgs)) {
			t.Errorf("%s: hash %s raw %v, want %s %v", tc.name, c.LogicalHash(), c.RawIndexes(), want, bundle.RawIndexes(msgs))
		}
		if !c.Holds(msgs) || c.Holds(mine) {
			t.Errorf("%s: holds its messages %v, holds changed ones %v", tc.name, c.Holds(msgs), c.Holds(mine))
		}
	}
	if !src.Holds(msgs[3]) || src.Holds(mine[3]) {
		t.Error("an encoding follows its source's bytes instead of its copy")
	}
}

// TestContentHolds: a Content holds equal bytes wherever they are, and
// nothing else; the caller's bytes changing after NewContent do not change
// the copy it compares with.
func TestContentHolds(t *testing.T) {
	msgs := contentMessages()
	c := bundle.NewContent(msgs)
	if !c.Holds(msgs) || !c.Holds(cloneMessages(msgs)) {
		t.Fatal("a content does not hold its own messages")
	}
	var none *bundle.Content
	if none.Holds(nil) {
		t.Fatal("a nil content holds something")
	}
	changed := cloneMessages(msgs)
	changed[3][len(changed[3])/2] ^= 1
	for name, other := range map[string][]json.RawMessage{
		"one byte changed": changed,
		"one fewer":        msgs[:len(msgs)-1],
		"one more":         append(cloneMessages(msgs), json.RawMessage(`{}`)),
		"reordered":        append([]json.RawMessage{msgs[1], msgs[0]}, msgs[2:]...),
	} {
		if c.Holds(other) {
			t.Errorf("%s: held", name)
		}
	}
	// Mutating the caller's bytes in place: the content kept its copy.
	mine := cloneMessages(msgs)
	c = bundle.NewContent(mine)
	mine[0][1] ^= 1
	if c.Holds(mine) || !c.Holds(msgs) {
		t.Fatal("the content follows the caller's bytes instead of its copy")
	}
}

// TestSealAndPutTakeTheHashOnlyFromAContentThatHolds: Seal and Store.Put
// take the archive's hash from a Content that holds the messages, and hash
// the messages themselves when it does not: a hash never vouches for bytes
// it was not computed from.
func TestSealAndPutTakeTheHashOnlyFromAContentThatHolds(t *testing.T) {
	msgs := contentMessages()
	want, _ := bundle.LogicalHash(msgs)
	other := bundle.NewContent(msgs[:5])
	st, _ := bundletest.MustOpen(t, bundle.Options{})
	for i, tc := range []struct {
		name    string
		content *bundle.Content
	}{
		{"holds", bundle.NewContent(cloneMessages(msgs))},
		{"other messages", other},
		{"one message changed", bundle.NewContent(append(cloneMessages(msgs[:len(msgs)-1]), json.RawMessage(`{"changed":true}`)))},
		{"none", nil},
	} {
		b := bundletest.Bundle("s", "c"+string(rune('a'+i)), msgs)
		b.Archive.LogicalHash, b.Archive.RawMessages, b.Archive.Content = "", nil, tc.content
		sealed := *b
		if err := bundle.Seal(&sealed); err != nil {
			t.Fatalf("%s: Seal: %v", tc.name, err)
		}
		if sealed.Archive.LogicalHash != want || !slices.Equal(sealed.Archive.RawMessages, bundle.RawIndexes(msgs)) {
			t.Errorf("%s: Seal gave %s %v, want %s", tc.name, sealed.Archive.LogicalHash, sealed.Archive.RawMessages, want)
		}
		if sealed.Archive.Content != nil {
			t.Errorf("%s: Seal kept the content", tc.name)
		}
		rc, err := st.Put(ctx, b)
		if err != nil {
			t.Fatalf("%s: Put: %v", tc.name, err)
		}
		if rc.LogicalHash != want {
			t.Errorf("%s: Put receipt %s, want %s", tc.name, rc.LogicalHash, want)
		}
		got, err := st.Get(ctx, "s", b.CheckpointID)
		if err != nil {
			t.Fatalf("%s: Get: %v", tc.name, err)
		}
		if got.Archive.LogicalHash != want || !slices.Equal(got.Archive.RawMessages, bundle.RawIndexes(msgs)) {
			t.Errorf("%s: stored %s %v", tc.name, got.Archive.LogicalHash, got.Archive.RawMessages)
		}
	}
	// A caller's hash that disagrees with the bytes is refused, whatever
	// content comes with it.
	b := bundletest.Bundle("s", "wrong", msgs)
	b.Archive.LogicalHash, b.Archive.Content = other.LogicalHash(), other
	if _, err := st.Put(ctx, b); err == nil {
		t.Fatal("Put accepted a logical hash of other messages")
	}
}

// TestContentOfHugeEncoded: a message over 1 MiB is not prepared (Encode
// returns nil: no copy of it is kept beside the host's), and a Content
// made with those nil encodings hashes and holds as LogicalHash does (each
// copied and encoded then); a huge message canonical as it is, and one
// that is not I-JSON, too.
func TestContentOfHugeEncoded(t *testing.T) {
	text := strings.Repeat("000123 ERROR: retry socket timeout é \\u00e9\\n", 40000)
	msgs := []json.RawMessage{
		json.RawMessage(`{"role":"user","content":[{"type":"text","text":"` + text + `"}],"id":"imp-6"}`),
		json.RawMessage(`{"content":[{"text":"` + strings.ReplaceAll(text, `\u00e9`, "x") + `","type":"text"}],"id":"a","role":"user"}`),
		json.RawMessage(`{"b":"` + text + `","a":1,"a":2}`), // a duplicate name: not I-JSON
		json.RawMessage(`{"b":1,"a":2}`),
	}
	if len(msgs[0]) <= 1<<20 {
		t.Fatalf("the huge message is %d bytes, not over 1 MiB", len(msgs[0]))
	}
	want, _ := bundle.LogicalHash(msgs)
	encs := make([]*bundle.Encoded, len(msgs))
	for i, m := range msgs {
		encs[i] = bundle.Encode(m)
		if huge := len(m) > 1<<20; huge != (encs[i] == nil) {
			t.Errorf("message %d (%d bytes): Encode gave %v", i, len(m), encs[i])
		}
	}
	c := bundle.NewContentOf(msgs, encs)
	if c.LogicalHash() != want || !slices.Equal(c.RawIndexes(), bundle.RawIndexes(msgs)) {
		t.Errorf("hash %s raw %v, want %s %v", c.LogicalHash(), c.RawIndexes(), want, bundle.RawIndexes(msgs))
	}
	if !c.Holds(msgs) {
		t.Error("the content does not hold its messages")
	}
}
