package importer_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/importer"
)

// A Claude Code session of 2026 (Claude Code 2.1) imports whole. Its
// slash commands are system records of subtype local_command, which
// Claude Code sends the model as user messages: they are kept, as the
// client's chatter. A Bash call the user stopped mid-run (a message sent
// while it ran) reports it in its structured result (toolUseResult's
// "interrupted") and ends its text with Claude Code's abort note, with no
// is_error: it is the user's interruption and failed. A non-zero exit
// (is_error) fails; a grep that matched nothing ("No matches found", no
// is_error) does not. Redacted thinking stays visible as reasoning; an
// image is named; an Agent call is answered by the sub-agent's report.
// The compaction is one marker, opened by the compact_boundary (its
// preTokens kept), its summary the isCompactSummary record after it.
// Records the model never saw (file-history snapshots, queue operations,
// progress and hook records, api_error, informational and turn_duration
// system records, the API error stub, the title summary, custom-title and
// a record type not known) are skipped and counted, never refused.
func TestImportClaudeCode2026(t *testing.T) {
	im := importOne(t, "claude-code-2026.jsonl", importer.FormatClaudeCode, []string{
		"user: <command-name>/model</command-name>\n            <command-message>model</command-message>\n            <command-args>opus</command-args>",
		"user: <local-command-stdout>Set model to \x1b[1mopus (claude-opus-4-6)\x1b[22m</local-command-stdout>",
		"user: Invoices with three line items come out one cent off. Find out why and fix it; don't change the public API of billing/totals.py.",
		"assistant: Rounding per line then summing would drift. Check how totals are computed.\nBash {\"command\":\"pytest -q tests/test_totals.py\",\"description\":\"Run the totals tests\"}",
		"user: Exit code 1\nF.\n=================================== FAILURES ===================================\n____________________________ test_three_items ____________________________\nE       assert Decimal('30.01') == Decimal('30.00')\n1 failed, 1 passed in 0.21s",
		"assistant: Bash {\"command\":\"grep -n quantize billing/*.py\",\"description\":\"Find rounding calls\"}",
		"user: (Bash completed with no output)",
		"assistant: [redacted thinking]\nRead {\"file_path\":\"/srv/billing/billing/totals.py\"}",
		"user:      1\tfrom decimal import Decimal, ROUND_HALF_UP\n     2\t\n     3\tdef total(lines):\n     4\t    return sum(round(l.qty * l.price, 2) for l in lines)\n",
		"assistant: total() rounds each line before summing; three lines of 10.005 drift by a cent. I'll round once, at the end.\nEdit {\"file_path\":\"/srv/billing/billing/totals.py\",\"old_string\":\"    return sum(round(l.qty * l.price, 2) for l in lines)\",\"new_string\":\"    return sum(l.qty * l.price for l in lines).quantize(Decimal('0.01'), ROUND_HALF_UP)\"}",
		"user: The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.",
		"user: [Request interrupted by user for tool use]",
		"user: Keep the helper round_money(); use it for the final total. This is the failing invoice:\n[image omitted: image/png, 96 bytes of base64]",
		"assistant: Edit {\"file_path\":\"/srv/billing/billing/totals.py\",\"old_string\":\"    return sum(round(l.qty * l.price, 2) for l in lines)\",\"new_string\":\"    return round_money(sum(l.qty * l.price for l in lines))\"}",
		"user: The file /srv/billing/billing/totals.py has been updated. Here's the result of running `cat -n` on a snippet of the edited file:\n     3\tdef total(lines):\n     4\t    return round_money(sum(l.qty * l.price for l in lines))",
		"assistant: Bash {\"command\":\"pytest -q\",\"description\":\"Run the whole suite\",\"timeout\":600000}",
		"user: collected 212 items\n\ntests/test_export.py ....\n<error>Command was aborted before completion</error>",
		"user: Stop the full run, it takes ten minutes. Ask a sub-agent to list the other callers of round() in billing/ instead.",
		"assistant: Agent {\"description\":\"Find round() callers\",\"prompt\":\"List every call of the builtin round() in billing/, with file and line.\",\"subagent_type\":\"Explore\"}",
		"user: round() is also called in billing/tax.py:18 and billing/discounts.py:41.\nagentId: a7f3c21 (for resuming to continue this agent's work if needed)",
		"user: [Request interrupted by user]",
		"user: This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:\nSummary:\n1. Primary Request: fix invoices with three line items being one cent off without changing billing/totals.py's public API.\n2. Pending: run the totals tests; check billing/tax.py:18 and billing/discounts.py:41.",
		"user: <command-name>/compact</command-name>\n            <command-message>compact</command-message>\n            <command-args></command-args>",
		"user: <local-command-stdout>Compacted (ctrl+o to see full summary)</local-command-stdout>",
		"assistant: Bash {\"command\":\"pytest -q tests/test_totals.py\",\"description\":\"Run the totals tests\"}",
		"user: ..\n2 passed in 0.19s",
		"assistant: The totals tests pass: total() now rounds once, through round_money().",
	})
	checkMarks(t, im, []string{"chatter", "chatter", "-", "-", "-", "-", "-", "-", "-", "-", "interruption", "interruption", "-", "-", "-", "-",
		"interruption", "-", "-", "-", "interruption", "-", "chatter", "chatter", "-", "-", "-"})
	if failed := failedResults(t, im); !reflect.DeepEqual(failed, []string{"toolu_01Bash1", "toolu_01Edit1", "toolu_01Bash2"}) {
		t.Errorf("failed results %v, want the exit 1, the rejected edit and the stopped run", failed)
	}
	st := im.Stats
	if st.ToolCalls != 8 || st.ToolResults != 8 || st.Unpaired != 0 || st.Orphans != 0 || st.Abandoned != 0 || st.Skipped != 13 {
		t.Errorf("stats %+v", st)
	}
	if c := st.Compactions; len(c) != 1 || c[0].Kind != "compact_boundary" || c[0].PreTokens != 48213 || c[0].SummarySeq == 0 {
		t.Errorf("compactions %+v, want one compact_boundary of 48213 tokens with its summary", c)
	}
	checkStreamsAsImported(t, "testdata/claude-code-2026.jsonl")
}

// Near misses and edges of the 2026 records: a local_command record on a
// branch a /rewind left is left out with it; a sidechain's is skipped; an
// empty one is skipped; a result whose text only mentions an abort, or
// whose structured result says interrupted: false, is no interruption; a
// compaction summary with no compact_boundary before it (Claude Code
// before 1.0.60) still opens its own marker, and one after a boundary
// adds none.
func TestImportClaudeCodeSystemRecords(t *testing.T) {
	rec := func(uuid, parent, body string) string {
		p := `null`
		if parent != "" {
			p = `"` + parent + `"`
		}
		return `{"parentUuid":` + p + `,"isSidechain":false,"sessionId":"s-sys","uuid":"` + uuid + `",` + body + `}`
	}
	lines := []string{
		rec("u1", "", `"type":"user","message":{"role":"user","content":"Check the build."}`),
		rec("x1", "u1", `"type":"system","subtype":"local_command","content":"<command-name>/cost</command-name>"`),
		rec("x2", "x1", `"type":"user","message":{"role":"user","content":"abandoned prompt"}`),
		rec("s1", "u1", `"type":"system","subtype":"local_command","content":"<local-command-stdout>Total cost: $0.12</local-command-stdout>"`),
		`{"parentUuid":"s1","isSidechain":true,"sessionId":"s-sys","uuid":"sc1","type":"system","subtype":"local_command","content":"<command-name>/help</command-name>"}`,
		rec("s2", "s1", `"type":"system","subtype":"local_command","content":""`),
		rec("a1", "s2", `"type":"assistant","message":{"id":"m1","role":"assistant","model":"claude-sonnet-4-6","content":[{"type":"tool_use","id":"b1","name":"Bash","input":{"command":"make"}}]}`),
		rec("r1", "a1", `"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"b1","content":"echo 'Command was aborted before completion'\nok"}]},"toolUseResult":{"stdout":"ok","stderr":"","interrupted":false}`),
		rec("c2", "r1", `"type":"user","isCompactSummary":true,"message":{"role":"user","content":"This session is being continued from a previous conversation that ran out of context. Summary: make works."}`),
		rec("u3", "c2", `"type":"user","message":{"role":"user","content":"Thanks."}`),
	}
	ims, err := importer.ImportBytes("s.jsonl", []byte(strings.Join(lines, "\n")+"\n"))
	if err != nil || len(ims) != 1 || ims[0].Format != importer.FormatClaudeCode {
		t.Fatalf("ImportBytes: %v %+v", err, ims)
	}
	im := ims[0]
	want := []string{
		"user - Check the build.",
		"user chatter <local-command-stdout>Total cost: $0.12</local-command-stdout>",
		"assistant - Bash {\"command\":\"make\"}",
		"user - echo 'Command was aborted before completion'\nok",
		"user - This session is being continued from a previous conversation that ran out of context. Summary: make works.",
		"user - Thanks.",
	}
	if got := markedMessages(t, im); !reflect.DeepEqual(got, want) {
		t.Errorf("messages\n got %q\nwant %q", got, want)
	}
	if failed := failedResults(t, im); len(failed) != 0 {
		t.Errorf("failed results %v, want none", failed)
	}
	if st := im.Stats; st.Abandoned != 2 || len(st.Compactions) != 1 || st.Compactions[0].Kind != "isCompactSummary" || st.Compactions[0].SummarySeq == 0 {
		t.Errorf("stats %+v: want the dead branch's two records left out, one isCompactSummary marker", st)
	}
}
