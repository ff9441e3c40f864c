package projection

// Proposer reads one event and proposes anchors and transitions. It is the
// seam for extraction: Deterministic is built in; the summarizer model's
// proposals come in at a fold, through Reducer.AdmitModel and its own
// checks (modelprop.go). Whatever a proposer says, the Reducer admits
// a proposal only when its Quote occurs verbatim in the event and the
// event's role has authority for it (see the package documentation).
// Implementations must not retain ev or ctx.
type Proposer interface {
	Propose(ev *Event, ctx *Context) []Proposal
}

// Context is what the reducer tells a proposer about the state around an
// event, read-only.
type Context struct {
	// Held are the values held, for the agent's message naming one it
	// changed by its name (agentset.go).
	Held []HeldValue
	// Objective is the active objective's text, for the metrics it sets
	// a target for (measured.go).
	Objective string
	// Call is the tool call a tool result answers (nil when unknown).
	Call *Call
	// HaveObjective: the session already has an objective.
	HaveObjective bool
	// RuledOnly: a user message before stated rules only, under a label
	// announcing them; without an objective, a later message is the goal
	// only when it asks work (rulelead.go).
	RuledOnly bool
	// ObjectiveAsked: the objective is a question the user asked ("Can you
	// create or edit a file right now under the current policy?") and
	// an event came since: a task asked next replaces it.
	ObjectiveAsked bool
	// LastValueKey and LastValueName are the value the user set last, the
	// referent of a correction that names no key ("make it 75").
	LastValueKey, LastValueName string
	// OpenFailures are the names of the open failures, for linking a
	// hypothesis to what it explains.
	OpenFailures map[string]string // name → key
	// Pinned are the things the active constraints pin to a version
	// ("go" for "Use Go 1.21 only"), for reading a restatement.
	Pinned map[string]bool
	// OpenQuestions maps the distinctive words of the user's open
	// questions ("total_count") to the question's key.
	OpenQuestions map[string]string
	// Questions maps the user's open questions' keys to their text, for
	// an answer that names its question by topic ("tom got back to me on
	// the tax thing: …").
	Questions map[string]string
	// Attempt is a past attempt the user's message before ended with and
	// gave no verdict for ("we tried orjson in the spring."), for a verdict
	// told next (story.go).
	Attempt string
	// DecidedLast reports that the newest active decision is newer than
	// the value set last: the referent of "actually make it Z instead".
	DecidedLast bool
	// Decisions are the values of the active decisions, oldest first, for
	// reading a retraction ("scratch the cursor idea").
	Decisions []string
	// Offer is what the assistant's message before offered or asked to
	// do, the referent of a bare "please don't" (bare.go).
	Offer string
	// Asked are the questions of fact the assistant's message before
	// asked the user (asked.go), for the user's answer.
	Asked []string
	// AskedNumbered: the assistant numbered those questions in a list,
	// one a line ("1. …？\n2. …？"), the marks sentences drop.
	AskedNumbered bool
	// AskedListed is how many of Asked, from the first, the list
	// numbered: the questions asked after it ("另外：…？") are not.
	AskedListed int
	// AskedHeld: Asked waited over the user's question back
	// (askedheld.go); the reply's opening yes answers the agent's answer.
	AskedHeld bool
	// Guesses are the sentences of the assistant's message before that
	// say its diagnosis ("I think the selector is wrong"), for the
	// user's correction (itemreply.go).
	Guesses []string
	// UserAsked are the questions of fact the user's last message asked
	// the agent and no reply has answered yet, for an assistant message
	// (answered.go).
	UserAsked []string
	// Asks are the questions of the user's last message, of fact or of
	// advice, for an assistant message that leaves them open
	// (leftopen.go).
	Asks []string
	// AskedBack are the user's questions the assistant's message before
	// answered with a question of its own (askback.go), for the user's
	// deferral.
	AskedBack []string
	// Answered are the user's questions the agent answered before, whose
	// answers hold, for an answer given again (answeragain.go).
	Answered []AnsweredQuestion
	// AgentAnswered are the agent's questions the user answered, whose
	// answers hold, oldest first, for the user's answer changed later
	// (reanswer.go).
	AgentAnswered []AnsweredQuestion
	// Looked tells that the assistant message comes after a tool's output
	// since the user's question, or runs nothing: what it says is what it
	// found or knows, not only what it is about to look at.
	Looked bool
	// ProposedRule is the rule the assistant's message before proposed
	// and asked whether to keep as one (keeprule.go), for the user's yes.
	ProposedRule string
	// AskedEnd is the one question to the user the assistant's message
	// before ended its turn on, among its last two sentences (passedover.go),
	// for the reply that passes over it.
	AskedEnd string
	// Offered are the options the message, or one shortly before it,
	// listed ("1. … 2. …", "一是…；二是…"), for a choice made by place
	// ("the second one"; listed.go).
	Offered []string
	// OfferedGroups are the lists of labelled options, each under its
	// topic, that the message or one shortly before it offered at once,
	// for a choice by topic and label ("Similarity: A"; groups.go).
	OfferedGroups []OptionGroup
	// OfferedPick is the option of Offered the agent recommended ("I'd go
	// with A"), for "the other one" (otherone.go).
	OfferedPick string
	// ChoseOffered: the user's message before this assistant message chose
	// among Offered by description ("the cheaper one"), so the option the
	// reply names is what was chosen.
	ChoseOffered bool
	// Chosen is the option of Offered the user's message before this
	// assistant message chose by place: the reply's sentence naming it
	// restates the user's decision.
	Chosen string
	// Language is the language of a user message as the reducer read it
	// with the user's earlier messages ("de", "es", "fr", "pt", "it",
	// "ja"; "en" for English, Chinese and the rest; lexicon.go), for a
	// short message whose own words do not tell. Empty: not read, the
	// proposer reads the message alone.
	Language string
	// Ran tells that the assistant's last tool calls ran a command,
	// where a relative change may find its setting (ranflags.go).
	Ran bool
	// Values are the current values, oldest first, for a change or a
	// revert that names its setting in another language (valuesxl.go).
	Values []HeldValue
}

// Op is what a proposal asks the reducer to do.
type Op string

// Proposal operations.
const (
	// OpState states an anchor: new, restated, or superseding the anchor of
	// the same kind and key (or, with Correction, the nearest one).
	OpState Op = "state"
	// OpLift retires the active constraint or open obligation whose words
	// overlap the quote most (the user lifted it). With Kind objective and
	// Correction it retires every constraint and value whose Scope
	// overlaps Key (a message that supersedes earlier ones of its kind).
	OpLift Op = "lift"
	// OpOutcome is tool evidence that Key passed or failed. Kind failure
	// may open a failure; kind evidence only moves failures of that key
	// (or linked to it) and records the outcome.
	OpOutcome Op = "outcome"
	// OpExcept is a permission naming one thing (Value) excepted from the
	// active prohibition of the class it belongs to: the prohibition stays
	// in force, restated with its exception (see amend.go).
	OpExcept Op = "except"
	// OpDone is the user saying the open obligation Key (or the one whose
	// words Value shares most) is done: a ticked box of a checklist the
	// user keeps (checklist.go).
	OpDone Op = "done"
)

// Proposal is one proposed anchor or transition.
type Proposal struct {
	// AgentSet marks a value the agent says it set (agentset.go).
	AgentSet bool
	// HandedUser marks a task the agent hands to the user
	// (usertaskgiven.go).
	HandedUser bool
	// Measured marks a metric the objective targets, as a run measured
	// it (measured.go).
	Measured bool
	Op       Op
	Kind     Kind
	Key      string
	// Name is the human name of the key ("timeout", a test's name, a
	// command).
	Name  string
	Value string
	// Quote is verbatim text of the event the proposal rests on.
	Quote string
	// Correction: stated as a correction ("instead", "make it", 改为).
	Correction bool
	// Was is the value the statement says it replaces ("from 30 to 75").
	Was string
	// Failed is an outcome's result; Explicit marks an outcome that names
	// the key itself (a test's own PASS line), not only the command it ran
	// in.
	Failed, Explicit bool
	// Listed marks a command outcome whose output names the tests it ran
	// (a verbose run): its pass says nothing about a test it does not
	// name.
	Listed  bool
	Because string
	Links   []string
	// Scope names the kind of message an instruction came from (the slug
	// of its first sentence); a later message of the same kind that says
	// it supersedes earlier ones retires what this one stated.
	Scope string
	// Restates marks a rule the speaker says is said again ("reminder:
	// …", "再说一遍"): it adds a source to the active rule it names, in
	// whatever words, and is new only when it names none.
	Restates bool
	// Replaces is what a decision takes back ("the (order_id, updated_at)
	// key" in "scratch the … key"): the active decision naming it is the
	// one superseded.
	Replaces string
	// Refers marks a value whose key was named by reference ("that batch
	// thing", "the rust version we set earlier"): it sets a setting
	// already held and never makes a new one.
	Refers bool
	// Rel is a relative change of a held value ("*0.5" for "halve it",
	// "+2", "+10 min"; relative.go): the value is the held one changed.
	Rel string
	// Stated marks an answer to an open question that the same sentence
	// also states as a rule or a value of its own; on a value, one read
	// with the value it replaces ("a 2 minuti, non 5"), which no repair
	// of the sentence changes.
	Stated bool
	// Instructions marks a rule read from a project's instruction file
	// (AGENTS.md, CLAUDE.md, CONTRIBUTING.md …) that a tool result shows
	// (instructions.go): normative although a tool's event carries it.
	Instructions bool
	// UserAnswer marks the user's own words a tool returned: an answer to
	// the question a tool for asking the user put (asked.go), normative
	// although a tool's event carries it.
	UserAnswer bool
	// Pasted marks a failure read from tool output the user pasted into
	// a message (pastedfail.go): empirical although a user's event
	// carries it.
	Pasted bool
	// Todo marks an item of the agent's own task list, written by a todo
	// tool's call (todo.go): procedural, moved only by such calls.
	Todo bool
	// PromptSaid marks an objective the agent restates from the user's
	// prompt (promptsaid.go): the agent's reading, which never replaces
	// the user's own objective.
	PromptSaid bool
	// Replacement marks a value read from a sentence that names it
	// against the value it replaces and no setting ("use eu-west-1
	// instead of us-east-1", replace.go): it sets the setting holding
	// Was, and nothing when none does.
	Replacement bool
	// Named is the name a lift calls its rule by ("the rule with the
	// Dependencies", "小文字ルール"; rulenamed.go): the one active rule it
	// names is the one lifted.
	Named string
}
