// Package northbridge answers the 2origin State Lane's context call
// (RFC-0006 §1): a context.request (a goal, a scope, a budget, a
// freshness) is answered with a context.bundle drawn from the task.origin
// files (package taskorigin) under one or more directories.
//
//   - Build answers a Request; ParseRequest checks one read from JSON, and
//     Answer does both for a model's context_request call (Tool is its
//     definition, served by ef mcp --origin and ef serve --origin).
//   - SessionStart compiles the session-start bundle of RFC-0005 §3.4: the
//     current task, then the verified facts of its scope, as text in a
//     token budget (ef origin bundle). RFC-0005 gives the current task in
//     full; here the budget binds it too (stricter): its facts and other
//     sections go first, said in the header, and its must-keep part
//     (goal, constraints, current state, next steps) is cut only when it
//     alone is over the budget, by the rule Build cuts a state[] entry by
//     (cutrule.go), so the two lanes agree.
//
// A bundle holds only tasks in scope (InScope: "*", "task:<id>", or a
// scope name matched whole, "project:x" matching "project:x/api", a
// project named with or without "project:"; a scope entry that matches
// no task is named in the note with the scopes there are), ranks
// their verified facts and its tasks by relevance to the goal (how many
// of the goal's words each carries, then BM25 for facts; the newest first
// among equals), and fits a budget counted
// in real tokens (o200k_base) of the bundle as serialized: a small budget
// carries the most important entries that fit (the task most relevant to
// the goal, the most relevant facts, then the other tasks), the first
// task cut short and marked truncated when it alone is over the budget.
// Whatever did not fit, was older than the freshness or cites nothing
// recheckable is listed in cut[], each entry naming its task, and summed
// up in the note; nothing is dropped silently; over_budget is set exactly
// when content was cut for the token budget.
// A malformed request is an error wrapping ErrBadRequest (IsRequestError),
// worded in JSON terms for whoever sent it; so is a request over a limit
// (MaxGoalBytes, MaxScopeEntries, MaxScopeEntryBytes, MaxFreshnessBytes,
// MaxRequestBytes), where the reference takes any size and echoes the
// goal whole.
//
// Nothing is kept between calls: Build, Answer and SessionStart read the
// files afresh each time and are safe for concurrent use with a Tokenizer
// that is (the one LoadTokenizer returns is).
//
// # Against the 2origin-harness reference
//
// The request and the bundle are the reference's (its buildContext), with
// members added: cut, tokenizer and skipped in the bundle; scope, goal,
// constraints, version, content_hash and updated_at in each state[] entry.
// These choices differ: an empty scope is a bad request (the reference
// reads it as every task; here it must be said, ["*"]); a scope entry
// matches whole names (the reference matches any string prefix, so
// "project:a" also took "project:alpha"); token_estimate is the
// tokenizer's count of the serialized bundle as carried, where the
// reference divides a character count by four and counts the facts it
// did not cut, so here over_budget with a token_estimate under the budget
// means content was cut to fit; memory[] holds only facts that share a
// word with the goal, where the reference fills budget.facts with the
// best-matching facts even when none matches (the note counts the facts
// left out as unrelated, so a goal too vague to match anything shows);
// and skills[] is always empty (EF keeps no skills directory; the
// reference lists the skills/ entries whose name's first four letters the
// goal contains).
package northbridge
