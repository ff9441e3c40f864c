// Package projection is the epistemic state of a session (EF-RFC-001 §3.3,
// §5.3–§5.5, §13–§17): a synchronous StateReducer that folds session events
// into the current heads — objective, constraints, current values, open
// failures and obligations, decisions, evidence, negative knowledge and
// uncertainty — so that what the model sees after a fold is true and current.
//
// # Anchors
//
// Every fact is an Anchor of one of ten kinds, with an id, a state key
// (namespace/entity/property) where it has one, a value, an authority domain
// (§5.4) and a lifecycle, and the EventRefs of its sources. An anchor quotes
// the verbatim text of its source event: nothing is invented.
//
// # Proposers and authority
//
// Extraction is split from admission. A Proposer reads one event and proposes
// anchors and transitions; the Reducer admits a proposal only when its quote
// occurs verbatim in the event and its authority fits the event's role:
//
//   - user and system text may state objectives, constraints, values and
//     obligations (normative), lift constraints and supersede values;
//   - tool results are the only empirical source: evidence, failures, and
//     every failure or hypothesis lifecycle transition; the one exception
//     is a tool's output the user pastes into a message (a fenced block,
//     or lines of output, holding a traceback, a FAILED or "--- FAIL:"
//     line, a compiler's "error:" line), whose failed tests open with the
//     user's message as their source (pastedfail.go), never a failure
//     told in prose ("the build failed yesterday") or a paste the user
//     says to ignore;
//   - assistant text may adopt decisions, reject approaches (negative
//     knowledge) and propose hypotheses, never move a failure to resolved or
//     a hypothesis to established ("fixed", "confirmed" change nothing);
//   - a tool result showing a project's instruction file whole (a cat or
//     a read tool of AGENTS.md, CLAUDE.md, CONTRIBUTING.md …, also run
//     through a shell's inline script: bash -lc "cat AGENTS.md") states
//     that file's rules, normative as a system message's (instructions.go;
//     a rule naming its thing by a pronoun keeps the sentence naming it);
//     no other tool output states a rule.
//
// Deterministic is the built-in Proposer (English and Chinese, no model; a
// user writing German, Dutch, Swedish, Spanish, French, Portuguese, Italian, Russian, Ukrainian,
// Hindi in Latin letters (Hinglish), Arabic, Japanese or Korean is read through a gloss of the message's cue words into English or
// Chinese ones, by one lexicon per language chosen once per message,
// every quote mapped back to the user's words: lexicon.go); a
// model-backed proposer can be added under the same checks. It reads a
// rule only where a sentence directs the agent (directive.go: the
// imperative, "you" as the subject, a modal binding a thing) and never in
// pasted reference (fenced blocks, code, listings, catalog entries), so a
// pasted tool list or README states no rules; a labelled objective
// ("Objective: …") is its whole line, and restating the objective does not
// supersede it.
//
// How a sentence relates to what was said before it is read by a few
// general mechanisms (discourse.go, with their short word lists): a
// setting named by a demonstrative and its head noun, or by the words of
// its acronym, is the setting already held; a correction inside a sentence
// keeps only its repair; a hedged proposal is a decision and a retraction
// takes one back; a permission qualified in the same breath lifts a rule
// and states the qualification as a rule; a reminder restates the rule it
// names; an attempt told over several sentences is one piece of negative
// knowledge; a failure is resolved by a pass of the same program and
// operands in another command, or of the same run changed (rerun.go: an
// option added, an option's value changed with the same script and path
// operands, the one name its not-found error blamed corrected; never by
// another subcommand or a --dry-run, --no-run, --help run), read on the
// failure's subject (subject.go: the deciding stage of a chain, without
// wrappers such as "timeout 60"; a wider run of the same program whose
// output names what failed; "--continue"; the missing resource corrected
// in the call's text; the command the user said to run after it), and a
// failure the user gives up on right after it ("forget the GPU path",
// "这个方案算了") leaves the heads for negative knowledge holding the
// user's words and what failed (superseded, never resolved); a relative
// change ("halve it", "add two to X", "+10 min", "再加两个", "减半", "drop
// it to a third", "cut it by a quarter", "+20%", "put it back", "same as
// staging", "a day earlier", 加一倍, 打八折, 放宽三个点; relative.go, cue
// words relCues) is applied to the held value, or, when no value holds
// the setting, to the number its own sentence gives after the change or
// the user last wrote beside the setting's word (heldIn), else shown as
// the change stated, never the old number; a list of
// settings ("lr 3e-4, batch size 64 per gpu, 30 epochs") states each, and
// two keys whose words are the same stems in another order name one
// setting ("per-gpu batch"); a time clause that opens a sentence ("before
// u open the PR: …", "收尾之前：…") or a deadline ("by Friday", "周四之前搞定")
// sets a task (obligation.go); an answer relayed by its topic ("tom got
// back to me on the tax thing: …") closes the question holding the topic;
// a partial lift restates the rule with its exception (bare "no X" is a
// prohibition: bareNo, with its list of pleasantries noNotRules).
//
// A failed test is also resolved by a later run of any command whose
// output reports the unit holding it passing whole (a Go package's "ok",
// a pytest file's dots, a jest "PASS" file; units.go), unless that run
// selected its tests by name ("-run", "-k", "-t": selectOpts). A failed
// run is resolved by the same run with the name a user's message after it
// gave in place of its words ("images go to harbor.acme.io/fin/ledger
// now", toldValue), and given up when the user drops it by its program's
// name ("forget golangci-lint for now", "mypy 先不管了", abandonNameRE);
// a run's failure is given up so however long ago it failed when the name
// is the whole thing dropped ("let's not go down the pgloader road again",
// "use COPY instead of pgloader", "别用 pgloader 了"; abandon.go), never
// when it is put off ("come back to pgloader later") or part of the thing
// ("pgloader's default casting").
//
// A run whose host records no exit status failed when its output says so
// (outputfail.go): a test runner's count with failures in it ("1 failed",
// "Tests: 1 failed | 3 passed", "2 failing"), a Playwright test marked
// "✘" (playwright.go), a database client's error ("psql:m.sql:3: ERROR:",
// "ERROR 1064 (42000)"), a log whose last deciding line is at ERROR level;
// never a count of none, the word in passing, an error logged and then
// recovered from, or the text a program only shows (cat, grep, tail,
// kubectl logs). A status command that passed may report the thing it
// looks at failed (statusfail.go): pods of one workload in
// CrashLoopBackOff or last terminated OOMKilled, a container restarting,
// a unit "Active: failed", a release "STATUS: failed"; that is a failure
// of the thing (status/-/k8s/payments-api), resolved by a later status
// showing it healthy, and never read from a listing of many things, a
// share under half of its rows, or a history (events, helm history,
// journalctl); an app's crash in a device log a passing command read
// ("adb logcat": FATAL EXCEPTION) is a failure of the app, resolved by a
// later start of it whose log shows no crash (logcat.go). A line that
// echoes the command ("./old -w level=error in.gz ran") logs no error; a
// failed step passing again told only to report otherwise ("-q",
// "--stacktrace", "-j 8", "2>&1") is the same run (neutral.go); cargo's
// "---- x stdout ----" section names a failed test, in a CI log too, so
// a test failing again after it was fixed is that failure reopened
// (cargofail.go). The result of a question asked of the user or of a task
// handed in (ask_followup_question, attempt_completion) is the user's
// reply, no evidence.
//
// A choice may name an option by its place in a list offered just before
// (listed.go: "1. … 2. …", "(1) … (2) …", "一是…；二是…", "方案一："):
// "the second one", "let's go with 3", "option (b) it is", "就用前面那个吧",
// "选第二种" choose the option at that place (a place said of an option,
// "the second one is too slow", chooses nothing); a choice by description
// ("go with whichever survives a redis flush", "最朴素的那个吧") takes the
// option the agent's reply names by its place or its words, and the
// reply's restatement of an option chosen by place is no decision of its
// own. Such a choice answers the open question the options were offered
// for (offeredFor: one the message asked before them, else the one
// sharing their words). A question sets no value, a sentence that goes
// on with the question before it is no question of its own unless it
// says it is another ("also", "还有": anotherRE), and a rule read from a
// question's own sentence is lifted by its answer unless the answer keeps
// it. "拿不准", "吃不准", "说不准", "没把握" tell a question too. "Never"
// after a subject and before a past form ("Glad Ines never saw that",
// "the lock never released") tells what happened and directs no one.
//
// An obligation may name its moment instead of "remember to" ("before we
// ship, …", "one last thing: …", "收尾之前：…", tasks.go, cue words
// lateCues; a finished step's "after" when a direction follows, "跑完之后把
// …贴到 wiki"); a compound one is one obligation per task ("bump the version,
// update the changelog and ping QA"; a task opens with a verb, a noun
// after "and" joins the task before it, tasks checked together — "make
// sure both pass" — stay one), and "…, then …" in the next sentence adds
// a task. A task is done by a write of the file it names or by a
// successful command naming all its names (a path, an identifier), never
// by a read-only one (readOnlyProgs: cat, grep, kubectl get, …), so the
// tasks left stay open. An open question may be labelled ("open question:
// …", "question for later", "still pending", "TBD", "待确认", "待定") or
// told as not knowing ("I still don't know whether …", "还不知道…",
// questions.go, cue words questionCues). An attempt that ends one user
// message with no verdict ("we tried orjson in the spring.") and the
// verdict that opens the next ("it blew up the musl builds, don't go
// there") are one piece of negative knowledge (story.go), not a rule cut
// from its story; an attempt and its verdict are read by their shape (a
// past try in any wording: "gave X a shot", "tried it" with its thing in
// the sentence before, 以前有人…; a verdict of failure or of no effect:
// "no dice", "made no difference", "stayed where they were", 没效果); so
// is an attempt closed by a pro-form prohibition ("别再走这条路",
// backOffRE). A relayed answer ("Lena says …", "财务的小林说
// …", relayMarkRE) closes the open question it shares two or more words
// with (English stems, Chinese character pairs), and a labelled question
// ("待确认：…要不要…") states no rule besides. A user's choice between
// options is a decision (choices.go, cue words choiceCues): a course set
// against the one not taken ("put the filter in the staging model, not in
// the mart", "… rather than …", "…而不是…"; not a value corrected, "50, not
// 20"), an option named by its label ("option B it is", "就选方案二"), a
// labelled final setting ("final params: …", "最终参数：…"). An assistant's
// narrated plan stays the assistant's (decision authority), never the
// user's.
//
// A user sentence is also read clause by clause (clause.go): it is cut
// at semicolons, at a label's colon ("hard limits from lars:", "几条要求："),
// and at a comma or a bare conjunction ("and", "but", "also", "plus",
// "so", "then", 另外, 还有, 但是) before a clause of its own (after a comma
// a rule or a task; alone, a clause opening with a rule's word,
// ruleOpenRE); cuts never fall inside quotation marks. A clause that only
// states an exception ("unless …", "except …", "only …", "apart from …",
// "除了…", "…除外", exceptionRE) or the remainder of one ("nothing else")
// stays with the clause before it. When two or more clauses are acts
// (a rule, an obligation, a lift) each is read as a sentence, so every
// rule of a multi-rule message is kept; the clauses after a label that
// announces rules (ruleLabelRE: rules, limits, requirements, policy,
// 规矩, 要求, 限制), and the list items after a line that does, are rules
// whatever their shape ("every new model gets unique tests", "单只股票权重
// 不超过 5%"). A single rule is quoted from its operative clause: from
// the clause that binds on, the label or reasons before it left out
// unless the label is the rule's topic ("Indexes on big tables: …") or
// the rule names its thing by a pronoun. "has to" and "needs to" bind a
// thing ("the image has to fit in 112 KB"), "hold off on" forbids, and a
// Chinese A-not-A question ("要不要…") is no prohibition. A lift is also
// read by its shape (liftShape): an unconditioned permission said with
// "now" or "again" ("you can push to hw-rev-c now", "billing's migrations
// are fair game again", "vite 可以升了"; "only", "if", "the rest" make
// it an exception instead), or a rule called off by name ("把 freeze 取消
// 了"); such a lift retires only the prohibition it shares two or more
// words with (or names, or whose topic the sentence opens with: "about
// the legacy cron: …"), with the same rule said twice in its message and
// the assistant's own restatement of it. An exception told as a rule not
// applying ("the 5% cap doesn't apply to ETFs", "…对 ETF 不适用") restates
// the rule its subject names. A user's choice is also "<option> it is",
// a choice made in one clause of a sentence, and the option the user
// takes after asking between two ("sarama or franz-go? … let's take
// franz-go"); an assistant's switch never supersedes a user's decision.
// A lead that relays rules, however long, and the list after its colon
// ("Priya sent her conditions after last week's mess, and she was firm
// about them: A, B, and C"; "…，总结下来就是：A，B，C") are rules one by
// one (colonList: the lead tells who said it, preambleRE, or names
// rules; one item at least is a rule by its shape; an exception, a
// remainder or a qualifier, qualifierRE, stays with the item before,
// and an item that only states a number is left to the values). A
// prohibition with no content of its own ("please don't.", "No no
// no.", "别。", bare.go, bareWords) is read with what it refuses: the
// sentence before it, or the assistant's offer it answers (offerRE).
// A setting changed by a passing sed in place ("sed -i
// 's/retry: 3/retry: 5/' job.rb", sedvalue.go) is the setting's current
// value, read only when both sides are the same key with a one-token
// value holding a digit, and not kept twice when a value already holds
// it. A sed in place that opens an "&&" chain whose later stage failed
// (a build or a test, the output no sed error) ran and set its value
// (leadingEdits).
// A thing said to be free again by its state ("the Plan model isn't
// off limits anymore", "the frost relay is yours now") lifts the rule
// holding all its words, and a prohibition the user told with its
// reason and that was kept as negative knowledge is lifted with it.
// So does a permission by the thing's new state said with "now" or
// "again" (liftShape: "the LLM can now process …", "the lab channel is
// released again", "it is a region like any other again"; in German
// "wieder freigegeben", in Spanish "vuelve a ser … como cualquier otra").
// A relative change may name its setting by the value it holds ("double
// the 30 min one", "那个 5 分钟的"), by a demonstrative and its noun
// ("raise that timeout by half"), say its change as a multiple ("make
// the requeue three times as long") and go on with a clause of its own,
// which, when it states a rule, is kept as the rule. A change's word is
// never a value ("make it double" is 10000, not "double"); "it" may point
// at the number the sentence before gave a held setting ("feels sluggish
// at 500. Make it half of that"), and at the setting the agent's words
// since its last run named, before that run's options; the old value put
// back may name its setting after it ("go back to the old value for the
// batch size", "TTL 退回上一个值"), and with no earlier value known it is
// shown unresolved. A replacement may be two verdicts ("30s is too much.
// 20 is enough.", "30 秒太长了，20 秒就够了": replace.go), and a question for
// an amount answered in the same breath sets it ("How many workers should
// it use? Let's say 4.": selfanswer.go). A configuration written whole or
// pasted names each setting by its block path ("resources.limits.memory"),
// with no block opener, list item or template placeholder a value; an
// edit's fragment names the setting the path ends in. What a manifest is
// (apiVersion, kind, metadata.name, labels, selectors) is no setting, and
// a setting the user named in words is the one a file's identifier runs
// the same words together for ("initial delay" and
// readiness.initialDelaySeconds: fusedSame). The old value put back may be
// the one the agent stated before the user's change ("BATCH_SIZE =
// 5000." … "make the batch size 10000" … "go back to the old value");
// "go back to 15" with no setting that held 15 puts back the setting set
// last only when it holds a number like 15. One verb may set several
// settings ("bump the initial delay to 30s and the probe timeout to 3s":
// setMoreRE). Only an applied Terraform change sets a resource's
// attributes (tfplan.go): a plan shows what the configuration would do
// then. "Let's keep working on it" and a bare "go back to what it was"
// choose nothing, so neither is a decision (carryon.go).
// A permission said under a lead that names a rule by its topic ("a
// carve-out from Helga on the refund rule: …, the task may refund it",
// "heads-up on the 48h rule: …", ruleTopicPermit) restates that rule with
// the exception (the topic's words, or its number, in the rule), and is
// kept as said when no rule holds them.
// A number the user told in passing ("Keep 3 rotating backups per slot",
// "an autosave timer every 90 seconds", "salmon quant with 8 cpus …, 4
// hour limit") is kept for the session with the words around it
// (quantity.go), so a later relative change of a setting no value holds
// resolves to a number ("one more backup than we have" is 4, "make the
// interval twice as long" 180 seconds), and a revert ("put the autosave
// back to what it was") finds the value that change made by the same
// words; a change with no base at all is shown as unresolved, never as
// a value word ("doubled"). A duration is named by a noun of time ("halve
// the cache lifetime" after "cache query results for 15 minutes"), a
// count by what it is counted per ("five more per page"). A pronoun
// right after the assistant answered the user's question by naming one
// setting's identifier with a number ("how many run in parallel?" — "4
// at once (DISPATCH_PARALLEL …)" — "set it to 6") names that setting, and
// the question's words name it later ("cut the parallel reconciles in
// half").
// Numbers written with digit groups or a decimal comma ("500,000",
// "500.000 Zeilen", "0,75", "2,5 GB") are read plainly in a gloss and in
// the messages and quantities the reducer keeps (numbers.go), and the
// quantities are part of a Snapshot. A value repaired in its own
// message ("make the timeout 4 s... hmm no, make it 8 s", "… auf 10 s,
// nein, doch lieber 20 s") is the repair. A day, a date or an amount of
// money is a value ("due on Wednesday the 12th", "$300") and a change by
// days or weeks moves it (dates.go: "two more days" is Friday the 14th,
// moving the value that is a day, never a count). A pronoun given a
// number names the setting the talk since was about, when its unit fits
// (pronoun.go: "the cache TTL of 60 s means stale reads" — "make it
// 20 s"; "the lookback has to cover that too, make it 5 days"), and a
// value that is no number replaces no number. A value only a tool's
// output showed is the setting's value once the user adopts it ("use
// that", "set the workers to what it printed": adopt.go).
// A choice may be made by elimination (eliminate.go): options listed
// after a word that announces them ("I see three candidates. A, B, or
// C.", "the options are …", "Las opciones … son …"), every one but one
// ruled out by a later clause of the message that opens with it ("A
// can't do …", "B would be one more native plugin …"): the one left is
// the user's decision ("C (not A, not B)"); an option argued for, or a
// question after the list, decides nothing. A retraction told with its
// reason ("scratch the edge-ngram thing, the index doubled in size.") is
// a retraction too, and the course the next sentence sets replaces it.
// The first message's objective is the sentence it labels as the goal
// ("Goal for this week: …", goalLabelRE) when it has one, else the
// sentence saying what the user wants after the situation ("I want a
// real SaveService: …", "What I need is …", wantedSentence).
//
// A question is open when its label says the user cannot settle it
// ("one thing I can't answer myself: …?", "another open point, not mine
// to decide: …?", askLabelRE) or the sentence after it passes it on or
// parks it ("I've asked the Android guys", "it's parked until …",
// deferral); "still unknown", "up in the air" too. A relayed answer may
// follow a lead with no content ("Helga got back on both."): the
// sentences after it answer the questions they share words with; a task
// set for later answers none. A list whose lead relays rules ("I wrote
// her conditions down: …", "From Tomás in QA: …") keeps its items told
// as descriptions as rules (normShapeRE: "speed is capped at 0.8 m/s",
// "nothing gets onto a robot that hasn't run in the sim"), and a bare "no
// X" after a short lead is one (ledRule). A permission said of an act by
// its gerund after its scope ("in the Editor …, granting locally is
// fine") is an exception shown on the rule; a thing back in its place
// ("it's part of the fleet again") lifts the rule that kept the agent off
// it. Tasks a lead counts or numbers ("three things: A, B, and C") are one
// obligation each (in English; a glossed message's stay one), and a task
// quoting one command is done when it runs.
//
// A failure is also given up when the user tells the agent to stop on it
// ("don't bother with the bag", "skip it", "just build with rustls
// instead", "Lass Metabase in Ruhe", "Déjalo", "laisse tomber", "deixa
// pra lá"; giveUpRE): the one whose run shares a word with the thing
// named, else the newest if at most three events old; a trajectory's
// "no result recorded" stand-in is no failure. Some tasks are done by a
// command sharing no words with them (taskKinds: "open the PR" by gh pr
// create, "tag the release" by git tag, "bump the version" by npm version
// or an edit of a manifest; a test task by the run whose pass lines name
// two of its words), and any task by a command writing the file it names;
// parentheses do not cut a task, and a check ("`dbt docs generate` has to
// pass") is a task of its own. One shared name closes a question only
// when the statement is about it (opensClause, sharesBeside). Someone
// else's past incident told as a warning ("last year a contractor dropped
// its resolution to 0.025 … Leave it at 0.05 or coarser.", incidentRE) is
// negative knowledge, or a constraint led by the direction after it, and
// no state lift frees it. A permission told with what stays ("…; the 0.8
// ceiling stays everywhere else", keptElsewhere) restates the rule the
// remainder names with the exception. The objective leads with what is
// asked: a greeting is dropped, a want told after the situation ("…, and
// I want it to …", "What I want: …") is the goal, and a message of tagged
// blocks (<issue_description>, <pr_description>) has the block its
// request names as the goal (blockObjective).
//
// # Model proposals
//
// The summarizer model a fold already calls for its semantic digest
// (engine.Summarizer, the DSH host's model through the sidecar) also
// proposes anchors (modelprop.go), which are admitted only through the
// checks above and never change what the log's reading holds.
//
// What the model sees: the folded span as its conversation (inside DSH,
// the conversation as the host last sent it), the digest instruction, and
// ModelPrompt's section: every event of the span it may cite, one line
// each as "e<seq> <speaker>: <its first 100 characters>" (speaker user,
// system, assistant, tool or "tool (error)"; the agent client's injected
// text and checkpoints are not listed: they state nothing), the heads
// already read as "<anchor id> <kind> [e<first seq>]: <value>" (so it can
// name one), and the schema. It answers after the digest with one fenced
// block whose info string is ef-proposals (or an <ef-proposals> tag), one
// JSON object per line (a JSON array is read too), at most 32:
//
//	{"kind": K, "event": "e<seq>", "quote": Q,
//	 "condition": C, "subject": S, "value": V, "target": T,
//	 "subject_event": "e<seq>", "value_event": "e<seq>", "change": X, "id": L}
//
// every field a string; kind, event and quote always; K one of constraint
// (C optional: exact words of the event saying when the rule applies),
// decision, value (S the setting as the event names it, V the value
// exactly as written, inside Q), obligation, failure, negative (an
// approach rejected), uncertainty (an open question, a hypothesis),
// supersedes (T the id of the anchor the event replaces; V for a value),
// lifts (T a rule or task called off), done (T a task, the event a tool
// output showing it finished; or T a failure, the event a tool output the
// log ties to it showing it fixed: modelpropfix.go; or T an open question
// or hypothesis the model proposed, the event the user's, the system's or
// a tool output's words answering or confirming it: it is established). A value whose quote
// does not name its setting may cite the message that does (subject_event:
// the one it answers, or an earlier one of the user or the system); a value
// the event adopts from a tool output without writing it ("put the
// version you saw in the output"; "as many workers as the server has
// cores", then nproc prints 16) may cite that output (value_event: an
// earlier output, or one of a call made in answer to the user's message
// before the user writes again; V copied from it as a whole token, and Q
// holding no digit); X is a
// change relative to the held value ("revert", "*0.5", "+2", "-10 min";
// modelpropvalue.go); L a local id a later line may name as its T.
//
// SplitModelAnswer cuts the block from the digest (the last block is the
// model's; an earlier one, a block the digest echoes from a tool's output,
// is cut and not read; a fence line may end in CRLF), in time linear in
// the answer's length; ParseModelProposals reads it defensively: a line that is
// not an object of string fields, over its bound (4 KB a line, 1000 bytes
// a quote, 64 KB the block: each line past it counted), past the 32nd or
// of another kind is dropped and counted, never fatal. A quote is looked
// for at its first 500 occurrences in the cited event (past them the
// proposal is dropped as oversized, with a note), and a clause's negation
// within the 1000 bytes before it, so a proposal's check costs a bounded
// amount however large the event. AdmitModel then keeps a proposal only when the
// cited event is one the prompt listed; its quote (white space aside) and
// condition occur in that event's text (a tool result's output, never its
// call's arguments; a user's or the system's message without its fenced
// blocks and code listings, pasted text the log's reading skips), starting and ending at a word's edge, and a rule, a
// task, a choice or a value keeping its clause's negation ("wipe the
// staging tables" of "Nobody gets to wipe the staging tables" is
// dropped, negation-cut); the statement quotes two content words or more; the
// event's speaker has authority for the kind (admit, and stricter: rules,
// values and tasks only from the user or the system, decisions, rejected
// approaches and questions also from the assistant, failures and finished
// tasks only from a tool's output, so an instruction inside a tool's
// output is never the user's rule); a value's quote contains its value
// and names its subject, word for word (or the subject is a setting
// already held: "go back to 25"); a target exists, is older than the
// event and is a head of a kind the op moves, and a supersession of the
// user's word comes from the user or the system. A proposal the state
// already holds, repeated, or a value the log has set again since is
// dropped too; ModelReport counts every drop by reason.
//
// Model-proposed anchors (Anchor.Proposed: the checkpoint, provider and
// model) are held apart from the log's: the log's reading never sees them,
// so every anchor it makes is the same with or without them, and a model
// proposal never retires one (lifts and done move only model-proposed
// anchors; a supersedes of a log-read anchor is a new model anchor saying
// what it would replace, in Was). The state shows one head a key: a model
// anchor that stands for a log-read head (a newer value of its key, the
// fix of its failure) displaces it from Heads, Anchors and State, while
// Snapshot keeps the log's reading as it is. A value the log sets again
// later retires the model's value of that key. They have their own caps (32 heads, 16
// closed). Heads, Anchors and State list them with the others (so
// checkpoints state them and the validator requires them); a Snapshot
// carries them in Model (snapshot version 2, written only when there are
// any), and AdmitModel is deterministic, so a replay that admits a
// checkpoint's recorded ModelBatch after its span restores them exactly.
//
// Some readings rest on the structure of what was said or run rather
// than on its words. A failure is resolved by the same work run another
// way (samework.go): a chain that shows its error through a viewer of a
// file is read by the stage that wrote the file, and the same program and
// operands run again with every option kept and at most one value in
// three changed (names the error blamed still there) resolves it. Options
// named in a sentence (two to five names linked by a word of alternative,
// or three or more by commas and "and") are decided by a later short user
// clause naming exactly one of them with nothing but claim-less words
// beside it (namedopts.go). A command whose verb sets things ("qm set 102
// --memory 4096", "postconf -e k=v", "sysctl -w k=v") gives each setting
// as the thing's current value, scoped by program and thing (setcmd.go).
// A user's value followed by words of repair and a token of its shape
// ending the clause is the repaired value ("….17 — sorry no, .71",
// selfrepair.go). A clause binding "we" or "you" after someone's stance
// ("she was clear that we do not store …", "fine with it as long as we
// only …") is a rule wherever it stands in a paragraph (relayed.go). A
// correction refusing by a pro-form ("no, don't do that") refuses the
// agent's last act and replaces no earlier rule (correctref.go).
// Lifecycles told in any language the projection reads (lifecycle.go): a
// task left for later ("remind me to …", "il faut encore …", "Morgen
// schauen wir uns noch X an", "entro venerdì mi prepari …") is an open
// obligation, never the user's own ("I'll call tomorrow") nor a rule for
// the moment; a rule bound in time ("en attendant que …", "solange …", the
// bound said in the sentence before) is lifted when the user says its
// condition back ("le GPU 2 est réparé"); a retry ruled out ("don't try
// that again", "No vuelvas a probar …") is negative knowledge, and the
// failure it refers to leaves the heads for it; a failed test shown
// passing ("ok  pkg") in a run failing elsewhere is resolved; an open
// question is answered by a conclusion after a run ("ok so they do have
// layer caching") or by elimination ("那就只剩 RQ 了"). A value
// told in a shape the gloss does not map is read on the message itself
// (valuesxl.go, for a sentence no other reading gave a value): a setting
// stated with its copula or verb ("Le délai est de 30 s", "steht auf 30
// Minuten", "リトライ回数は3"), a change relative to the held value said
// as a multiple, a fraction, a percentage or points with its direction
// ("um ein Drittel kürzer", "du 50 %", "改成原来的两倍", "dobra"), a
// revert naming the held setting or "the old" one ("vuelve al tamaño de
// antes", "撤销…的修改"), a held setting taken to a number ("pula a
// numeração pra 2000"), a value repaired as it is said ("… at 10.0.0.12 —
// sorry, .21", "30 s, pardon, 45 s", "3、いや5"), a tool's value adopted
// by a relative clause on what it reported ("el valor que reportó para
// …"), and a choice by an option's label among options offered inline
// ("(A) … or (B) …", "Variante 2", "方案二", "la A"). In English only a
// change or a revert that opens its clause and names a held setting is
// read there; the rest is the English readings'.
//
// # Questions, clock times and what the agent proposes
//
// A question of fact the user asks the agent is kept with the answer the
// agent finds, shown with the question (answered.go): asked outright or
// as a request to look ("帮我看下 … 有多少人？", "can you check how many
// …?"), waiting for the answer through a message of the user's that asks
// nothing new and does not move on ("vpn's back, retry"); when the user
// contradicts the agent's answer ("No, Python 3.11 no: … 3.12"), the
// user's word is the answer (contest.go); a rule the agent
// words and asks to keep becomes the user's on a yes (keeprule.go); a
// number the user takes from the agent's suggestion is the suggested
// setting's (suggested.go); a value turned down by name is superseded
// (veto.go); a day moved by naming the new one ("demo got pushed to next
// tuesday", "提测改到下周三了") moves the day held for the thing named, and
// a Chinese sentence of a day and a short act ("这周五提测") holds the
// act's day (moveday.go); options offered in two or more labelled lists
// at once, each under its topic, are chosen by topic and label
// ("Similarity: A, JPlag", "sync: A"; groups.go); a rule bound to a time
// of day ends when the session's clock
// shows the hour passed (clock.go); a rule's range has an end moved by an
// amount (bound.go); a sentence that says of itself it is no rule ("one
// change per commit when its easy, not a hard rule tho", "no es una
// regla") is a preference however its wish is worded (notARule), unless it
// says a rule is no longer one. Transient state these keep between events (the
// questions waiting, the rule proposed, the clock) is not part of a
// Snapshot, like the other conversational state.
//
// # Tasks put off, favours asked, settings pointed to
//
// A setting told as a label and a quantity ("Time limit per test: 10
// seconds", "Límite de tiempo por test: 10 segundos, no, mejor 5
// segundos"), or as what a thing is worth ("Style is worth 10% of the
// grade", "El estilo vale el 10% de la nota"), is a value in any language
// (labelqty.go); a limit opened by "max N" ("Máximo 4 contenedores en
// paralelo") is a rule.
//
// A deadline held in a rule or a task moves with its day ("RC2 has to
// reach QA on thursday" … "RC2 moved to friday morning"; "we have till
// wednesday night"; "o relatório fica pra sexta"), the anchor restated
// with the new day (moveday.go). A relative change of a setting no value
// holds applies to the number of the limit rule that names it ("at most
// 50 jobs" … "double the job limit"), and a change of a rule's one end
// ("raise the minimum depth by 5") restates the rule (limitrule.go,
// bound.go). A change said with its result ("halve the pretrigger then,
// 250ms is plenty") holds the result; the amount of a comparison ("6 dB
// more sensitive") is no value. A label, a number put aside and the one
// a contrast settles on ("…: I was going to use 0.1, but Helena wants
// 0.2") holds the second; a setting named with a verb of change and
// given a number later ("bump the sd clock, …, go to 50") holds it.
//
// A grant of as much as the agent wants ("use all the cores you want",
// "usa todos los núcleos que quieras") lifts the limit rule the message
// names, by the thing bounded or the reason it was (freeall.go).
//
// A statement the user calls firm ("non-negotiable", "no discussion",
// "这个没得商量") is a rule whatever its words, the marker in the sentence
// or alone after it (firm.go); "no exceptions" closes a rule after a word
// for every case, of what must or may not be, or of a penalty.
//
// A task put off by a pro-form ("明天再弄这个", "let's pick this up
// tomorrow") is shown with what it points at: the open failure the
// session was just on, else the agent's last words (proform.go).
// A task put off to a later moment or an outside event ("tmrw fix …",
// "when they've fixed it, re-check …", "等他弄好了你再…", "quand il aura
// répondu, corrige …") is an open obligation, and a failure put off with
// it stays open (tasks.go deferredTask, subject.go postponedRE); a reply
// instruction, the agent's own standing guidance and a plan's next step
// are none. A rule asked as a favour ("can we not touch the prod DB?",
// "能不能先别碰？") is a rule; so are "in no case cannot" and a statement
// for every case closed by "no exceptions". A setting set the same as
// another takes the other's value ("跟之前 redis 那个一样"), a thing done at
// an interval holds the interval ("refresh every 30 seconds"), a choice
// among options put off until someone answers is an open question, and a
// retraction that names another thing takes back no choice.
//
// # Bounds
//
// The hot state is O(W + A + O + C): every head kind has a cap (oldest
// evicted first), superseded lineage is not kept (a value keeps only the one
// value it replaced, for "75 (was 30)"), pending tool calls live until their
// result, and Retire drops the hot facts (evidence, artifacts, closed
// failures) of a folded span. History stays recallable from the session log
// and the checkpoint bundles, never from this package.
//
// A Reducer is not safe for concurrent use; Snapshot and Restore move its
// state between goroutines, processes and checkpoint bundles.
package projection
