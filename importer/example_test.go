package importer_test

import (
	"fmt"
	"path/filepath"

	"github.com/epistemicfold/ef/importer"
)

// Import a Claude Agent SDK stream: a response split over three lines
// becomes one assistant message, the unanswered call gets a synthetic
// result, the stray result is dropped, and the compaction boundary is
// recorded with the summary message that follows it.
func ExampleImport() {
	ims, err := importer.Import(filepath.Join("testdata", "sdk-edge.jsonl"))
	if err != nil {
		fmt.Println(err)
		return
	}
	im := ims[0]
	st := im.Stats
	fmt.Println(im.Name, im.Format)
	fmt.Printf("messages %d, calls %d, results %d, unpaired %d, orphans %d\n", st.Messages, st.ToolCalls, st.ToolResults, st.Unpaired, st.Orphans)
	for _, c := range st.Compactions {
		fmt.Printf("%s before seq %d (summary at %d, %d tokens)\n", c.Kind, c.Seq, c.SummarySeq, c.PreTokens)
	}
	// Output:
	// sdk-edge.jsonl claude-sdk
	// messages 5, calls 2, results 1, unpaired 1, orphans 1
	// compact_boundary before seq 12 (summary at 12, 1234 tokens)
}
