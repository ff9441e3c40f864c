package main

import (
	"fmt"
	"strings"

	"github.com/epistemicfold/ef/importer"
)

// maxCompactionsNamed caps the compactions compactionNote names one by one.
const maxCompactionsNamed = 4

// compactionNoteHead opens the note on the compactions the source client
// made itself (importer.Stats.Compactions).
const compactionNoteHead = "the client compacted this session's context itself "

// compactionNote says where the source client compacted the session's
// context (Claude Code's compact_boundary or isCompactSummary, a Codex
// compacted record, …): the importer keeps the messages before each
// compaction and its summary after them, so the surface holds more than
// the model was sent after it. Empty when the client never compacted.
func compactionNote(st importer.Stats) string {
	n := len(st.Compactions)
	if n == 0 {
		return ""
	}
	times := "once"
	if n > 1 {
		times = count(n, "time")
	}
	var at []string
	for i, c := range st.Compactions {
		if i == maxCompactionsNamed {
			at = append(at, "…")
			break
		}
		at = append(at, compactionAt(c))
	}
	return compactionNoteHead + times + ", at " + strings.Join(at, ", ") +
		": the messages before each compaction are kept on the surface, then its summary where the client recorded one, though after it the model was sent only that summary and what followed"
}

// compactionAt words one compaction: its seq, the source's marker, the
// token count before it when the source gives one, and its summary.
func compactionAt(c importer.Compaction) string {
	what := []string{c.Kind}
	if c.PreTokens > 0 {
		what = append(what, count(c.PreTokens, "token")+" in the context before it")
	}
	switch {
	case c.SummarySeq == 0:
		what = append(what, "no summary recorded")
	case c.SummarySeq != c.Seq:
		what = append(what, fmt.Sprintf("its summary at seq %d", c.SummarySeq))
	default:
		what = append(what, "its summary the message there")
	}
	return fmt.Sprintf("seq %d (%s)", c.Seq, strings.Join(what, ", "))
}

// isCompactionNote reports whether import note n is compactionNote's.
func isCompactionNote(n string) bool { return strings.HasPrefix(n, compactionNoteHead) }
