// Package synth generates deterministic synthetic agent sessions with ground
// truth, for measuring what a compaction engine keeps.
//
// A workload is a DSH session log (*hostshim.Session, Gen01 wire) of a coding
// agent at work — user turns, assistant narration with tool calls, tool
// results with code listings and logs of 5–40 KB — in mixed English and
// Chinese, into which the generator plants things an agent must not lose:
//
//   - facts with exact identifiers ("the deploy token is K7-QX-9931"),
//   - values that are superseded later ("timeout = 30", then "60"),
//   - constraints stated once, early ("never modify vendor/"),
//   - failures that open and are fixed later (a failing test, then a pass),
//   - obligations ("remember to update CHANGELOG.md");
//   - rules lifted later ("do not touch charts/" … "you may now edit
//     charts/ again");
//   - failures inside tool results not flagged as errors (--- FAIL in a
//     successful go test, a Python traceback, a script's non-zero exit, a
//     make target's Error 1), followed by an unrelated success;
//   - fixes the assistant claims without evidence ("Fixed TestX") and never
//     shows passing;
//   - decisions replaced once or twice ("codec.Decoder uses sync.Pool" …
//     "switching codec.Decoder from sync.Pool to ringbuf.Ring");
//   - approaches ruled out ("mmap is a dead end here");
//   - hypotheses the assistant later calls confirmed with no run behind
//     it ("I suspect a race in pkg/x/y.go" … "that settles it").
//
// Each kind has several phrasings per language and random subjects, so an
// engine cannot key on one template. Probe.Subject names what every
// statement about the item mentions and Probe.Authority marks the items
// that must stay in the model's context while current (rules, decisions,
// open failures and obligations).
//
// The test runs read as a real runner's would: no output reports a
// package passing ("ok  \tpkg") while a planted test of it is failing; a
// passing run goes to another package, and a fix run while another planted
// test of the package fails selects the fixed test by name (runs.go).
//
// Each plant comes with a Probe: a question, the exact expected answer, the
// values it replaced, and the seq where it was planted.
//
// The generator uses its own pseudo-random source (splitmix64), so the same
// Options give a byte-identical session on every platform and Go release.
// Generate holds no state and is safe for concurrent use.
package synth
