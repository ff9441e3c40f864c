// Package importer turns recorded agent trajectories of several public
// formats into DeepSeek Harness session logs (*hostshim.Session, Gen01 wire),
// so that the benchmark, the command line (ef inspect, ef fold) and tests can
// replay real sessions through compaction engines.
//
// Every session is built through hostshim.Session.Append, so the host
// model's append rules validate it. The importers promise:
//
//   - Message order follows the source, except that each tool result is moved
//     to directly after the assistant message that issued its call (some
//     formats record results before the call or after unrelated messages).
//     Moves are counted in Stats.Reordered.
//   - Tool calls and results are paired by id (or by position where the
//     format has no ids). A call with no recorded result gets a synthetic
//     error result "no result recorded" (Stats.Unpaired) so the surface stays
//     balanced; a result with no call is dropped (Stats.Orphans). A call
//     that ends the run and never has a result (OpenHands' finish) is
//     answered "run finished: <what the agent said>" instead, not an error
//     (Stats.Ended).
//   - Call ids are unique within a session: a reused source id is renamed
//     (Stats.RenamedIDs).
//   - OpenAI chat logs (one {"messages": [...]} document, or JSONL of one
//     message or one conversation per line) are detected only by a known
//     role on plain message objects, so no other format's records read as
//     chat; tool results without a tool_call_id, and legacy function
//     messages, answer the calls of the assistant message before them in
//     order; a call may be written flat (no "function"), and the Vercel
//     AI SDK's tool-call and tool-result parts are calls and results. A
//     message of a role the format does not have is kept as a user
//     message naming it (Stats.OtherRoles). Anthropic Messages API conversations (a request body with its
//     top-level "system", or JSONL of messages) are read the same way: an
//     assistant's tool_use blocks are its calls, a user message's
//     tool_result blocks answer them; a log may mix both APIs' shapes.
//     LangChain and LangGraph message dumps (messages_to_dict's list, a
//     state's "messages", JSONL) map their types (human, ai, tool, system)
//     to those roles; a file that is one JSON list of messages is one
//     conversation.
//   - OpenAI Responses API conversations (a request body's input items and
//     a response's output items, a list or JSONL of items) are read as a
//     chat log is: function, custom-tool, shell and computer calls are
//     answered by their outputs by call_id, a hosted mcp_call or
//     code_interpreter_call holds its own result; a chat log may hold
//     items. Vercel AI SDK UI messages ({"role", "parts"}) hold a call and
//     its outcome in one part: the result follows the step that made the
//     call.
//   - Google Gemini conversations (the API's contents with their
//     systemInstruction, a list or JSONL of contents, Gemini CLI's /chat
//     save checkpoint (a list of contents, or since Gemini CLI 0.16
//     {"history": contents, "authType"}: packages/core/src/core/logger.ts),
//     a Gemini CLI session recording) map role model to
//     assistant: functionCall parts are calls, functionResponse parts answer
//     them by id, else the first pending call of their name; executed code
//     is a call its codeExecutionResult answers. A recording's tool calls
//     hold their results (the user message that repeats them as
//     functionResponse parts adds nothing); its info and error notices
//     are skipped. Gemini CLI 0.39 and later record a session as JSONL
//     (chats/session-*.jsonl: a metadata line, each message appended
//     again whenever it changes, $set updates, $rewindTo rewinds; the
//     layout of packages/core/src/services/chatRecordingService.ts and
//     chatRecordingTypes.ts in google-gemini/gemini-cli, read at v0.56.0,
//     commit 5411f113): it is read as the conversation Gemini CLI resumes,
//     each message at its first place with its last content, messages a
//     rewind or a $set of messages dropped left out (Stats.Abandoned), in
//     two passes a line at a time (see geminirec.go). Gemini
//     CLI's stream-json output reads its messages (delta chunks joined)
//     and its tool_use events answered by tool_result by tool_id.
//   - An Aider chat history (.aider.chat.history.md) holds a session for
//     each "# aider chat started at" line: "#### " lines are the user's,
//     replies the assistant's, Aider's "> " output and the user's
//     /commands the client's chatter. Aider calls no tools, but a shell
//     command it ran ("Running cmd" after "Run shell command? … y", or
//     the user's /run or !cmd) with the output Aider printed under it is
//     a "shell" call of the reply that suggested it, answered by that
//     output; Aider's "Tokens: … Cost: …" lines, its (Y)es/(N)o
//     questions and "Added N lines of output" are left out, a command
//     the user declined is no call, and a run whose output Aider did not
//     print (newer versions print it to the terminal only) stays a note.
//   - The output of `codex exec --json` reads its completed items: agent
//     messages, reasoning, commands, file changes and MCP calls, each
//     call holding its result; the prompt is not in it, so the session
//     has no user message (Stats.UnrecordedPrompts, which ef inspect,
//     ef state and ef fold turn into a note).
//   - A VS Code chat session (GitHub Copilot Chat's export) reads each
//     request's message, then the model's rounds from the result's
//     metadata (toolCallRounds), the calls answered by toolCallResults.
//   - A Cline (Roo Code, Kilo Code) task's api_conversation_history.json
//     is an Anthropic conversation whose tool calls are XML in the
//     assistant's text and whose results open the next user message with
//     "[tool for '…'] Result:"; its <environment_details> is chatter, a
//     denied call an interruption, the task and feedback the user's
//     (cline.go). The user's <feedback>, <answer> or <user_message>
//     given with a result is the user's message only, read once: the
//     result keeps Cline's words around it ("The user has provided
//     feedback on the results. …", "The user denied this operation and
//     provided the following feedback:", an interruption) or, for an
//     answer alone, says "(the user's reply follows)". A resumed task's
//     "[TASK RESUMPTION]" note is chatter, and of the message it resumed
//     with only the words in <user_message> are the user's. The task's
//     first message may go on after its <environment_details> (the
//     working directory's files) and is read as Cline's from there.
//   - An OpenCode session is read from `opencode export`'s JSON, or from
//     its info file in OpenCode's storage directory (session/<project>/
//     <id>.json), whose messages and parts Import and Open read beside it
//     (message/<id>/, part/<message>/) and never outside it; ImportBytes,
//     given the info file's bytes alone, says so. OpenCode 1.2 and later
//     keep sessions in an SQLite database (opencode.db), which is refused
//     with the advice to export the session. Its parts become what
//     OpenCode shows the model: an assistant message splits at its steps,
//     a tool part is a call its output or error answers (a pending or
//     running one is unpaired), synthetic text is OpenCode's chatter, a
//     compaction part is a marker (see opencode.go).
//   - A Continue (continue.dev) session, ~/.continue/sessions/<id>.json,
//     is read as Continue's GUI sends it to the model: context items
//     open their user message, a thinking message is the next reply's
//     reasoning, tool calls are answered by their toolCallStates (an
//     errored or canceled call by Continue's notes, one not run yet
//     unpaired), the tool messages that repeat them are skipped, and a
//     conversationSummary is a compaction marker and the summary after
//     it. The index beside the sessions, sessions.json, is read by its
//     path as every session it lists (FILE#<sessionId>; Open reads only
//     the one named), never outside its folder; its bytes alone are
//     refused. The layout is
//     continuedev/continue's core/index.d.ts and core/util/history.ts at
//     commit d0a3c0b6 (2026-06-18, VS Code extension 1.3.40); see
//     continue.go. Neither file records when a message was written.
//   - OpenAI Codex CLI rollouts read their response_item records
//     (Responses API items): messages, reasoning summaries, function,
//     custom-tool and shell calls answered by call_id; event_msg records
//     repeat them for the UI and are skipped.
//   - System prompts become request/header events (Gen01 keeps the system
//     prompt in the header, not on the surface).
//   - Compaction markers already in the source (Claude Code compact_boundary
//     and isCompactSummary records, "Compacting" status steps, DSH
//     compaction transactions) are not replayed as compaction; their
//     positions are listed in Stats.Compactions.
//   - A JSONL source (Claude SDK, Claude Code, OpenHands, OpenAI chat) whose last line is
//     not valid JSON, a session still being written or cut by a crash, is
//     read without that line, described in Imported.Torn, as a DSH log's
//     torn tail is; the same damage on an earlier line is an *Error naming
//     the line.
//   - Imported.ID names the session for a store: the format and the
//     session id the source records (Claude Code's last "sessionId", the
//     Claude Agent SDK's "session_id", ATIF's and the OpenAgents
//     trajectory's "session_id", a Gemini CLI recording's "sessionId", an OpenCode session's "ses_…" id, a Continue session's "sessionId"), else the format and a digest of the
//     session's first 8 messages' events; never the file's name, which two
//     different trajectories may share.
//   - Open reads one session as a stream of events, the same events
//     ImportBytes builds. A JSONL format whose lines are one session's
//     records (Claude Code, the Claude Agent SDK, a chat log of one message
//     per line) is read twice, a line at a time, never whole: once to pair
//     every call with its result, once to build the events. A file that is
//     one JSON document, or whose lines are whole sessions (OpenHands, a
//     chat log of one conversation per line), is read a session at a time,
//     up to MaxWholeBytes (ErrTooLarge beyond).
//   - A Claude Code session's records on dead-end branches (turns a
//     /rewind, an edited prompt or a retried response replaced) are left
//     out: the session is the parentUuid path from its last message
//     (claudeCodeDeadEnds says what stays beside it), counted in
//     Stats.Abandoned; a path that breaks leaves nothing out. A
//     sub-agent's transcript (agent-<id>.jsonl: every record a
//     sidechain's) is read as its conversation, under the session's id
//     and the agent's.
//   - Text an agent client wrote into the user's side of the conversation
//     is kept and marked in its message's hostshim.Source.Injected
//     (injected.go holds each client's conventions): Claude Code's isMeta
//     records, slash commands and their output and system-reminders, and
//     Codex's <environment_context> are chatter; CLAUDE.md in a
//     system-reminder and Codex's <user_instructions> (AGENTS.md) are the
//     project's instructions, as are the memory files Claude Code 2.1 and
//     later store as attachment records (nested_memory, instructions),
//     whose prompts typed while the agent worked (queued_command) are the
//     user's own messages (claudeAttachment); "[Request interrupted by user…]" notes and
//     the results of calls the user stopped or rejected are
//     interruptions. A record holding both such blocks and the user's
//     text becomes one message per run of blocks of one kind, in order;
//     a CLAUDE.md reminder is split the same way at its lines, so that
//     only the files' contents are instructions and Claude Code's words
//     around them ("Be sure to adhere to these instructions…", its
//     "# important-instruction-reminders") chatter.
//   - A byte that is not part of valid UTF-8 (a log that mixes encodings)
//     is read as the Windows-1252 character it is, one to one, not
//     replaced by U+FFFD as decoding JSON would; a DSH log is read as
//     hostshim reads it.
//
// The same input always gives byte-identical events. Functions here hold no
// state and are safe for concurrent use; a returned Session is not.
package importer
