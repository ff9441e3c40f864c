package importer

import (
	"slices"
	"strconv"
	"strings"

	"github.com/epistemicfold/ef/hostshim"
)

// A compaction the source client made itself (Claude Code's
// compact_boundary and isCompactSummary, Codex's compacted record, Gemini
// CLI's <state_snapshot>, Qwen Code's chat_compression, the summaries of
// OpenCode, Continue and Goose) is built as the DSH host builds its own: a
// compaction transaction. compaction/start, compaction/summary, then the
// user message the client continued from replaces every surface node
// before it (a checkpoint node: its source names the compaction), then
// compaction/end. The replaced messages stay in the log, where ef state
// reads them and ef fold archives their span as it archives a host
// summarizer's; the surface holds what the client's model was sent after
// the compaction, so ef inspect counts what it saw.
//
// The message that replaces is the user message right after the marker
// when it is the client's summary (Claude Code, Codex, Gemini CLI, Qwen
// Code, Continue, Goose) or OpenCode's compaction prompt ("What did we do
// so far?"), which its summary answers. A marker with neither right after
// it (a Codex compaction done on the server, which records no summary; one
// at the end of the file) replaces nothing: its messages stay on the
// surface and Compaction.Shadowed is 0.

// isCompactionPrompt reports whether user item it is OpenCode's compaction
// prompt, the client's chatter its summary answers: the message that opens
// the context after an OpenCode compaction. Any other user message after a
// marker with no summary (the user's next prompt) is the user's, never a
// checkpoint.
func isCompactionPrompt(it item) bool {
	return it.injected == hostshim.InjectedChatter && len(it.blocks) == 1 && it.blocks[0].Type == hostshim.BlockText && it.blocks[0].Text == openCodeCompactionPrompt
}

// clientCompactionID is the compaction id of the client compaction whose
// compaction/start is at seq: the same file gives the same ids.
func clientCompactionID(seq int) string { return clientCompactionPrefix + strconv.Itoa(seq) }

// clientCompactionPrefix opens the id of every client compaction.
const clientCompactionPrefix = "client-compaction-"

// IsClientCompaction reports whether a checkpoint's compaction id is one
// the importer gave a compaction the source client made itself.
func IsClientCompaction(compactionID string) bool {
	return strings.HasPrefix(compactionID, clientCompactionPrefix)
}

// compact builds user item it as the checkpoint of the client compaction
// the last marker opened: the transaction that replaces the whole surface
// with it.
func (b *builder) compact(it item) error {
	// The host's compaction runs between turns here (turn null, as
	// /compact's): the client's next request opens the next turn.
	if err := b.turns.CloseTurn(); err != nil {
		return err
	}
	k := len(b.st.Compactions) - 1
	shadowed := slices.Clone(b.surface)
	startSeq := b.seq
	id := clientCompactionID(startSeq)
	life := hostshim.CompactionStartData{CompactionID: id}
	if _, err := b.Append(hostshim.TypeCompactionStart, life, hostshim.AppendOptions{}); err != nil {
		return err
	}
	sum := hostshim.CompactionSummaryData{CompactionID: id, Summary: it.blocks,
		ShadowedRange: hostshim.ShadowedRange{Start: shadowed[0], End: shadowed[len(shadowed)-1]},
		ShadowedSeqs:  shadowed, ShadowedTokenCount: b.st.Compactions[k].PreTokens,
		Provider: b.t.provider, Model: b.t.model}
	sumEv, err := b.Append(hostshim.TypeCompactionSum, sum, hostshim.AppendOptions{})
	if err != nil {
		return err
	}
	src := hostshim.CheckpointSource(hostshim.Gen01, id, "")
	src.Injected = it.injected
	m := hostshim.Message{ID: b.msgID(), Role: hostshim.RoleUser, Content: it.blocks, Source: src}
	sources := append([]int{startSeq, sumEv.Seq}, shadowed...)
	cp, err := b.Append(hostshim.TypeUserMessage, m, hostshim.AppendOptions{
		SurfaceOp: &hostshim.SurfaceOp{Replace: true, Start: shadowed[0], End: shadowed[len(shadowed)-1]}, SourceEventSeqs: sources})
	if err != nil {
		return err
	}
	b.st.Messages++
	b.surface = append(b.surface[:0], cp.Seq)
	for _, p := range b.pending {
		b.st.Compactions[p].Seq = cp.Seq
	}
	b.pending = b.pending[:0]
	c := &b.st.Compactions[k]
	c.Shadowed = len(shadowed)
	if it.summary {
		c.SummarySeq = cp.Seq
	}
	_, err = b.Append(hostshim.TypeCompactionEnd, life, hostshim.AppendOptions{})
	return err
}
