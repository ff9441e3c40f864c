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
// compacted record, …). The importer builds each as a compaction
// transaction (importer/clientcompact.go): the messages before it stay in
// the log, off the surface, which holds the message the client continued
// from and what followed, as its model was sent them. A compaction no
// message followed replaced nothing; the note says so. Empty when the
// client never compacted.
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
	kept := 0
	for i, c := range st.Compactions {
		if c.Shadowed == 0 {
			kept++
		}
		if i == maxCompactionsNamed {
			at = append(at, "…")
			continue
		}
		if i < maxCompactionsNamed {
			at = append(at, compactionAt(c))
		}
	}
	note := compactionNoteHead + times + ", at " + strings.Join(at, ", ") +
		": the messages before a compaction are in the log, where ef state reads them and ef fold archives them, but off the surface, which holds what the client's model was sent after it (its summary or prompt, then what followed)"
	if kept > 0 {
		note += "; " + count(kept, "compaction") + " replaced nothing (it opens the file, or no message follows it to replace the surface with)"
	}
	return note
}

// compactionAt words one compaction: its seq, the source's marker, the
// token count before it when the source gives one, and its summary.
func compactionAt(c importer.Compaction) string {
	what := []string{c.Kind}
	if c.Shadowed > 0 {
		what = append(what, count(c.Shadowed, "message")+" taken off the surface")
	}
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
