package importer_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/importer"
)

// A Codex rollout of 2026 (Codex 0.12x) imports whole. Its system prompt
// is session_meta's base_instructions; a command's output is text whose
// header holds the exit code ("Process exited with code 1" of a unified
// exec session, "Exit code: 0" of shell_command), and the event_msg
// records say what failed (exec_command_end's exit_code, patch_apply_end's
// success): both mark the result failed. A code-mode exec script is a
// call whose "cmd" is the command it runs; a web search is a call of
// web_search; a sub-agent's spawn_agent call is answered by its output and
// its <subagent_notification>, like a ! shell command's
// <user_shell_command>, is the client's chatter. The user's stop is one
// interruption however many of Codex's notes say it; the server-side
// compaction (an empty message) is a marker with no summary; ghost
// snapshots, events and a record type this reading does not know are
// skipped and counted. Before, the failures were not marked (the output
// is no longer JSON with a metadata.exit_code), the web search left no
// trace, and the system prompt was missing.
func TestImportCodex2026(t *testing.T) {
	im := importOne(t, "codex-rollout-2026.jsonl", importer.FormatCodex, []string{
		"user: # AGENTS.md instructions for /srv/cachesvc\n\n<INSTRUCTIONS>\nRun pytest before you say a change works.\n</INSTRUCTIONS>",
		"user: <environment_context>\n  <cwd>/srv/cachesvc</cwd>\n  <shell>bash</shell>\n</environment_context>",
		"user: Entries never expire from the cache. Fix it; keep the public API unchanged.",
		"assistant: **Reproducing the expiry bug**\nI'll run the cache tests first.\nexec_command {\"cmd\":\"pytest -q tests/test_cache.py\",\"workdir\":\"/srv/cachesvc\",\"yield_time_ms\":10000}",
		"user: Chunk ID: 5b2e91\nWall time: 1.2031 seconds\nProcess exited with code 1\nOriginal token count: 41\nOutput:\nFAILED tests/test_cache.py::test_ttl - AssertionError: entry still present after 2s\n1 failed, 1 passed in 1.10s\n",
		"assistant: shell_command {\"command\":\"git status --short\",\"workdir\":\"/srv/cachesvc\"}",
		"user: Exit code: 0\nWall time: 0.1 seconds\nOutput:\n",
		"assistant: exec {\"cmd\":\"rg -n ttl src/cache.py\",\"input\":\"const r = await tools.exec_command({\\\"cmd\\\": \\\"rg -n ttl src/cache.py\\\"});\\ntext(r.output);\"}",
		"user: 14:        self.ttl = ttl\n31:        return self._data.get(key)",
		"assistant: web_search {\"type\":\"search\",\"query\":\"python monotonic clock cache expiry\"}",
		"user: (the search's results are not recorded)",
		"assistant: apply_patch {\"input\":\"*** Begin Patch\\n*** Update File: src/cache.py\\n@@\\n-        return self._data.get(key)\\n+        return self._get_fresh(key)\\n*** End Patch\"}",
		"user: apply_patch verification failed: Failed to find expected lines in src/cache.py:\n        return self._data.get(key)",
		"assistant: spawn_agent {\"message\":\"List every caller of Cache.get in src/.\",\"agent_type\":\"explorer\"}",
		"user: {\"agent_id\":\"019d8a33-0b71-7c52-a0e4-6f1b9d2e4c88\",\"nickname\":\"Lovelace\"}",
		"user: <subagent_notification>{\"agent_id\":\"019d8a33-0b71-7c52-a0e4-6f1b9d2e4c88\",\"status\":{\"completed\":\"Cache.get is called from src/api.py:22 and src/worker.py:57.\"}}</subagent_notification>",
		"assistant: get() never checked the entry's age; the patch did not apply, so nothing is fixed yet.",
		"user: <user_shell_command>\n<command>git log -1 --oneline</command>\n<result>\n9c1e2d4 cache: add ttl\n</result>\n</user_shell_command>",
		"user: Retry the patch against the current file.",
		"assistant: local_shell {\"type\":\"exec\",\"command\":[\"bash\",\"-lc\",\"sed -n 25,40p src/cache.py\"],\"timeout_ms\":10000}",
		"user:     def get(self, key):\n        return self._data.get(key)\n",
		"assistant: exec_command {\"cmd\":\"pytest -q\"}",
		"user: aborted by user",
		"user: <turn_aborted>\nThe user interrupted the previous turn on purpose.\n</turn_aborted>",
		"user: Go on.",
		"assistant: Resuming: I will re-read src/cache.py and patch get().",
	})
	checkMarks(t, im, []string{"instructions", "chatter", "-", "-", "-", "-", "-", "-", "-", "-", "-", "-", "-", "-", "-",
		"chatter", "-", "chatter", "-", "-", "-", "-", "interruption", "interruption", "-", "-"})
	if failed := failedResults(t, im); !reflect.DeepEqual(failed, []string{"call_pyt1", "call_patch1"}) {
		t.Errorf("failed results %v, want the command that exited 1 and the patch that did not apply", failed)
	}
	if !inRequestHeader(im, "You are Codex, a coding agent.") {
		t.Error("base_instructions are not the system prompt")
	}
	st := im.Stats
	if st.ToolCalls != 8 || st.ToolResults != 8 || st.Unpaired != 0 || st.Orphans != 0 {
		t.Errorf("stats %+v", st)
	}
	// 9 event_msg, turn_context, ghost_snapshot, the unknown record, the
	// compaction's empty summary... none refused.
	if st.Skipped == 0 || len(st.Compactions) != 1 || st.Compactions[0].SummarySeq != 0 {
		t.Errorf("skipped %d, compactions %+v: want skips counted, one marker with no summary", st.Skipped, st.Compactions)
	}
	checkStreamsAsImported(t, "testdata/codex-rollout-2026.jsonl")
}

// The events a Codex rollout writes in other orders, and by older
// versions: an exec_command_end after the output it reports on still
// marks it failed, and one whose exit code is 0 does not; a turn_aborted
// event with no note of Codex's before it (Codex before 0.60) is the
// user's interruption, and one for a turn the next prompt replaced is
// none; a compacted record with a message is the marker and its summary,
// which is the client's (marked as its chatter), not the user speaking. Near misses: output that
// prints "Exit code: 1" in its body, not its header, is no failure.
func TestImportCodexEvents(t *testing.T) {
	lines := []string{
		`{"timestamp":"t","type":"session_meta","payload":{"id":"s-ev","cwd":"/w","cli_version":"0.52.0"}}`,
		`{"timestamp":"t","type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"Build it."}]}}`,
		`{"timestamp":"t","type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{\"command\":[\"make\"]}","call_id":"c1"}}`,
		`{"timestamp":"t","type":"response_item","payload":{"type":"function_call_output","call_id":"c1","output":"make: *** [all] Error 2"}}`,
		`{"timestamp":"t","type":"event_msg","payload":{"type":"exec_command_end","call_id":"c1","stdout":"","stderr":"make: *** [all] Error 2","exit_code":2,"duration":{"secs":0,"nanos":5},"formatted_output":""}}`,
		`{"timestamp":"t","type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{\"command\":[\"cat\",\"log.txt\"]}","call_id":"c2"}}`,
		`{"timestamp":"t","type":"event_msg","payload":{"type":"exec_command_end","call_id":"c2","stdout":"","stderr":"","exit_code":0,"duration":{"secs":0,"nanos":5},"formatted_output":""}}`,
		`{"timestamp":"t","type":"response_item","payload":{"type":"function_call_output","call_id":"c2","output":"Exit code: 0\nWall time: 0 seconds\nOutput:\nstep 3\nExit code: 1\nOutput: none"}}`,
		`{"timestamp":"t","type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{\"command\":[\"make\",\"test\"]}","call_id":"c3"}}`,
		`{"timestamp":"t","type":"response_item","payload":{"type":"function_call_output","call_id":"c3","output":"aborted"}}`,
		`{"timestamp":"t","type":"event_msg","payload":{"type":"turn_aborted","reason":"interrupted"}}`,
		`{"timestamp":"t","type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"Skip the tests."}]}}`,
		`{"timestamp":"t","type":"response_item","payload":{"type":"message","role":"assistant","content":[{"type":"output_text","text":"Skipping them."}]}}`,
		`{"timestamp":"t","type":"event_msg","payload":{"type":"turn_aborted","reason":"interrupted"}}`,
		`{"timestamp":"t","type":"event_msg","payload":{"type":"turn_aborted","reason":"replaced"}}`,
		`{"timestamp":"t","type":"compacted","payload":{"message":"The user wants the build fixed; make fails with Error 2."}}`,
		`{"timestamp":"t","type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"Continue."}]}}`,
	}
	ims, err := importer.ImportBytes("rollout.jsonl", []byte(strings.Join(lines, "\n")+"\n"))
	if err != nil || len(ims) != 1 || ims[0].Format != importer.FormatCodex {
		t.Fatalf("ImportBytes: %v %+v", err, ims)
	}
	im := ims[0]
	if failed := failedResults(t, im); !reflect.DeepEqual(failed, []string{"c1"}) {
		t.Errorf("failed results %v, want c1 (exit 2, its event after its output) alone", failed)
	}
	got := markedMessages(t, im)
	want := []string{
		"user - Build it.",
		"assistant - shell {\"command\":[\"make\"]}",
		"user - make: *** [all] Error 2",
		"assistant - shell {\"command\":[\"cat\",\"log.txt\"]}",
		"user - Exit code: 0\nWall time: 0 seconds\nOutput:\nstep 3\nExit code: 1\nOutput: none",
		"assistant - shell {\"command\":[\"make\",\"test\"]}",
		"user interruption aborted",
		"user - Skip the tests.",
		"assistant - Skipping them.",
		"user interruption [the user interrupted the turn]",
		"user chatter The user wants the build fixed; make fails with Error 2.",
		"user - Continue.",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("messages\n got %q\nwant %q", got, want)
	}
	if c := im.Stats.Compactions; len(c) != 1 || c[0].SummarySeq == 0 {
		t.Errorf("compactions %+v, want one with its summary", c)
	}
}
