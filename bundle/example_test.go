package bundle_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/epistemicfold/ef/bundle"
)

// Example shows the life of one checkpoint: seal, durable Put, a page of
// exact recall, and full verification.
func Example() {
	dir, _ := os.MkdirTemp("", "ef-bundles-")
	defer os.RemoveAll(dir)

	s, err := bundle.Open(dir, bundle.Options{}) // zero Options: OS filesystem, time.Now, 1s lock timeout
	if err != nil {
		fmt.Println(err)
		return
	}
	defer s.Close()

	b := &bundle.CheckpointV1{
		CheckpointID: "ckpt-0001",
		SessionID:    "session/with odd chars",
		CreatedAt:    1764460800000,
		Mode:         bundle.ModeLeaf,
		Source:       bundle.Source{OrderedSurfaceSeqs: []int{7, 8}, SourceDigest: "sha256:..."},
		Archive: bundle.Archive{ShadowedMessages: []json.RawMessage{
			json.RawMessage(`{"role": "user",  "content": "keep me byte-exact"}`),
			json.RawMessage(`{"role":"assistant","content":"ok"}`),
		}},
		Rendered: bundle.Rendered{Text: "[2 messages folded]"},
	}
	if err := bundle.Seal(b); err != nil {
		fmt.Println(err)
		return
	}
	ctx := context.Background()
	r, err := s.Put(ctx, b) // returns only after fsync, rename, directory fsync and read-back
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("messages:", r.Messages, "logical:", r.LogicalHash == b.Archive.LogicalHash)

	p, _ := s.Page(ctx, "session/with odd chars", "ckpt-0001", 0, 1)
	fmt.Printf("page: %s of %d\n", p.Messages[0], p.Total)

	fmt.Println("verify:", s.Verify(ctx, "session/with odd chars", "ckpt-0001"))
	// Output:
	// messages: 2 logical: true
	// page: {"role": "user",  "content": "keep me byte-exact"} of 2
	// verify: <nil>
}

// ExampleCanonicalize shows the RFC 8785 canonical form used for every hash.
func ExampleCanonicalize() {
	c, _ := bundle.Canonicalize([]byte(`{"b": 1.50, "a": [1e21, 0.000001, "\u00e9"]}`))
	fmt.Println(string(c))
	// Output: {"a":[1e+21,0.000001,"é"],"b":1.5}
}
