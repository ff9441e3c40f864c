// Package sidecar is EF inside the DeepSeek Harness: the server behind
// `ef serve`, which the DSH plugin (dsh-plugin/) runs as a child process.
// It speaks JSON-RPC 2.0 over stdio, one object per line, and handles them
// one at a time in arrival order; a batch (a JSON array, which the plugin
// never sends) is answered with one -32600 error, "batches are not
// supported", like any other line that is not a message object. The plugin
// forwards the session log; the sidecar mirrors it in a hostshim.Session
// (the same model the tests hold to the real host), plans folds on the
// mirror, and compiles checkpoints for the compaction brackets the host
// opens. The host stays the only writer of its log.
//
// Methods (params → result; the types are in protocol.go):
//
//	initialize     {protocolVersion, storeDir?, settings?, hostMethods?}
//	                                                         → {protocolVersion, engine, store, tools, actionTool?, contextTool?}
//	session/open   {sessionId, events, logPath?}            (notification) mirror a session from scratch; the
//	                                                         first logPath starts the background archive of the
//	                                                         project's noted sessions (logscan.go)
//	session/events {sessionId, fromSeq, events}             (notification) append to the mirror
//	session/close  {sessionId}                              (notification) drop the mirror (bundles stay)
//	session/delete {sessionId}                              → {sessionId, deleted, bundles, indexCheckpoints, reason?}
//	                                                         (§25: the mirror, the bundles, then the index entries)
//	session/archive {sessionId}                             → {archived, pending}
//	                                                         (folds no bundle holds: archived from the log, the
//	                                                         pending ones tried again; archive.go)
//	fold/plan      {sessionId, trigger, contextWindow, totalTokens, nodes, length?}
//	                                                         → {decision: "none"|"fold", start?, end?, mode?, reason}
//	fold/compile   {sessionId, mode, messageIds, length?, provider?, model?}
//	                                                         → {summary, model, checkpointId, recall, archiveError?, digestDropped?}
//	tool/call      {name, sessionId, arguments}             → {text, isError}
//	action/submit  {intent}                                 → action.result (ef serve --act-root; package origin/action)
//	context/request {request}                               → context.bundle (ef serve --origin; package origin/northbridge)
//	shutdown       {}                                       → {} and exit
//
// One request goes the other way, from the sidecar to the plugin, while
// fold/compile is being answered (digest.go): host/llm.stream, one call of
// the host's model for the checkpoint's semantic digest (§18), when the
// plugin listed it in initialize's hostMethods.
//
// When the mirror of a session is behind or broken (a length that does not
// match, an event the model refuses), fold/plan and fold/compile answer
// CodeResync, and the plugin sends the whole log again.
//
// The guarantee: a sidecar failure fails one fold, never the session;
// malformed input gets a JSON-RPC error and never ends the serve loop.
package sidecar
