package sidecar

import (
	"encoding/json"

	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/rpcwire"
	"github.com/epistemicfold/ef/origin/action"
	"github.com/epistemicfold/ef/origin/northbridge"
	"github.com/epistemicfold/ef/recall"
)

// ProtocolVersion is the wire version of the methods below; initialize
// refuses any other.
const ProtocolVersion = 1

// The methods. dsh-plugin/lib/sidecar.js declares the same names in its
// Method table; a test holds the two lists equal.
const (
	// MethodInitialize (InitializeParams → InitializeResult) opens the
	// store and reports what the sidecar offers.
	MethodInitialize = "initialize"
	// MethodSessionOpen (SessionOpenParams, notification) mirrors a
	// session from scratch.
	MethodSessionOpen = "session/open"
	// MethodSessionEvents (SessionEventsParams, notification) appends to a
	// mirror.
	MethodSessionEvents = "session/events"
	// MethodSessionClose (SessionCloseParams, notification) drops a
	// session's mirror when the host closes it; its bundles stay.
	MethodSessionClose = "session/close"
	// MethodSessionDelete (SessionDeleteParams → SessionDeleteResult)
	// deletes a session (EF-RFC-001 §25): its mirror, its bundles, then
	// its recall index entries. No DSH seam calls it by itself: rc.8 and
	// 0.1.7 emit no session-delete event, so the plugin has nothing to
	// hook it to; a host or tool that deletes a session calls it (or runs
	// ef store delete).
	MethodSessionDelete = "session/delete"
	// MethodSessionArchive (SessionArchiveParams → SessionArchiveResult)
	// archives from the mirror's log the folds the host committed without
	// an EF bundle (its own summary, while the sidecar was down) and says
	// what it archived and what is still pending. A mirror archives them
	// by itself when it takes the events in; this method retries the
	// pending ones and reports.
	MethodSessionArchive = "session/archive"
	// MethodFoldPlan (FoldPlanParams → FoldPlanResult) decides whether and
	// where to fold.
	MethodFoldPlan = "fold/plan"
	// MethodFoldCompile (FoldCompileParams → FoldCompileResult) compiles
	// the checkpoint for the bracket the host opened.
	MethodFoldCompile = "fold/compile"
	// MethodToolCall (ToolCallParams → ToolCallResult) runs a recall tool.
	MethodToolCall = "tool/call"
	// MethodActionSubmit (ActionSubmitParams → action.result) submits an
	// action.intent to the action kernel on the DSH channel.
	MethodActionSubmit = "action/submit"
	// MethodContextRequest (ContextRequestParams → context.bundle) answers
	// a Northbridge context.request from the task.origin files under the
	// sidecar's origin roots (package origin/northbridge).
	MethodContextRequest = "context/request"
	// MethodShutdown ({} → {}) answers and ends the serve loop.
	MethodShutdown = "shutdown"
)

// Methods returns every method name the sidecar answers, in the order
// above.
func Methods() []string {
	return []string{MethodInitialize, MethodSessionOpen, MethodSessionEvents, MethodSessionClose, MethodSessionDelete, MethodSessionArchive, MethodFoldPlan, MethodFoldCompile, MethodToolCall, MethodActionSubmit, MethodContextRequest, MethodShutdown}
}

// ToolLane is a model-callable tool of a package other than recall (the
// 2origin lanes): the plugin registers it from its definition in
// initialize's result, and a call sends the model's arguments to a sidecar
// method of its own. Such a tool is wired by hand in four places (the
// plugin's registerTools, the sidecar's method and InitializeResult field,
// ef mcp's tool list, the docs); ToolLanes is the list the tests hold those
// places to (TestToolLanesMatch here, TestToolLanesServed in cmd/ef).
type ToolLane struct {
	// Tool is the tool's name, as the model calls it.
	Tool string
	// Method is the sidecar method a call goes to.
	Method string
	// Param is the key of Method's params that holds the model's
	// arguments.
	Param string
	// Init is the key of initialize's result that carries the tool's
	// definition when the sidecar offers it.
	Init string
}

// ToolLanes returns the tools served through a sidecar method of their
// own, in the order the plugin registers them.
func ToolLanes() []ToolLane {
	return []ToolLane{
		{Tool: action.ToolName, Method: MethodActionSubmit, Param: "intent", Init: "actionTool"},
		{Tool: northbridge.ToolName, Method: MethodContextRequest, Param: "request", Init: "contextTool"},
	}
}

// Error codes: JSON-RPC 2.0's, and the sidecar's own in the range the
// specification leaves to servers.
const (
	CodeParseError     = rpcwire.CodeParseError
	CodeInvalidRequest = rpcwire.CodeInvalidRequest
	CodeMethodNotFound = rpcwire.CodeMethodNotFound
	CodeInvalidParams  = rpcwire.CodeInvalidParams
	CodeInternalError  = rpcwire.CodeInternalError
	// CodeResync: the mirror of a session is missing, broken or behind the
	// host's log; the plugin re-sends the whole log with session/open and
	// retries once.
	CodeResync = -32001
)

// InitializeParams are initialize's params. StoreDir is used only when the
// command line gave no store.
type InitializeParams struct {
	ProtocolVersion int       `json:"protocolVersion"`
	StoreDir        string    `json:"storeDir"`
	Settings        *Settings `json:"settings,omitempty"`
	// HostMethods are the requests the plugin answers for the sidecar
	// (MethodHostLLMStream, "host/log"). The semantic digest needs
	// host/llm.stream.
	HostMethods []string `json:"hostMethods,omitempty"`
}

// Settings are the plugin's configuration keys the sidecar plans with
// (the DSH profile's config of the plugin row). Zero values keep the
// sidecar's defaults.
type Settings struct {
	// ThresholdRatio is the pressure threshold as a share of the window
	// (BasicCompactionEngine's thresholdRatio); zero means 0.8.
	ThresholdRatio float64 `json:"thresholdRatio,omitempty"`
	// EmergencyRatio is the share of the window an emergency fold brings
	// the request under; zero means EmergencyRatio.
	EmergencyRatio float64 `json:"emergencyRatio,omitempty"`
	// CachePriceRatio is the provider's price of a cached input token
	// relative to an uncached one (engine.Policy.CachePriceRatio): it sizes
	// pressure folds from the prompt cache's economics. Zero means the
	// engine's default (DeepSeek's 0.1); negative turns the economic
	// trigger off (fold only at the threshold).
	CachePriceRatio float64 `json:"cachePriceRatio,omitempty"`
	// SemanticDigest turns the checkpoint's semantic digest through the
	// host's model on or off; nil leaves the sidecar's default.
	SemanticDigest *bool `json:"semanticDigest,omitempty"`
	// DigestLeaves asks for a digest on leaf (pressure) folds too; by
	// default only root folds (/compact, merges) ask, since a digest is a
	// model call on every fold (engine.Policy.DigestLeaves).
	DigestLeaves bool `json:"digestLeaves,omitempty"`
	// DigestTimeoutMs bounds one digest call; zero means
	// DefaultDigestTimeout. On a timeout the checkpoint keeps its
	// deterministic text.
	DigestTimeoutMs int `json:"digestTimeoutMs,omitempty"`
	// ModelPolicies override ThresholdRatio for one provider/model.
	ModelPolicies []ModelPolicy `json:"modelPolicies,omitempty"`
}

// ModelPolicy is a per-model override of Settings.
type ModelPolicy struct {
	Provider       string  `json:"provider"`
	Model          string  `json:"model"`
	ThresholdRatio float64 `json:"thresholdRatio,omitempty"`
}

// InitializeResult is initialize's result. (Fields of every result are in
// JSON key order, so a result encodes as the map it replaced did.)
type InitializeResult struct {
	// ActionTool is the action tool's definition when the sidecar has an
	// action kernel (ef serve --act-root), so the plugin registers it.
	ActionTool *action.ToolDef `json:"actionTool,omitempty"`
	// ContextTool is context_request's definition when the sidecar has
	// origin roots (ef serve --origin), so the plugin registers it.
	ContextTool *northbridge.ToolDef `json:"contextTool,omitempty"`
	Engine      EngineInfo           `json:"engine"`
	// MaxLine bounds one wire line, in bytes (DefaultMaxLine): a longer
	// message is refused, so the plugin says so before it sends one.
	MaxLine         int              `json:"maxLine"`
	ProtocolVersion int              `json:"protocolVersion"`
	Store           StoreInfo        `json:"store"`
	Tools           []recall.ToolDef `json:"tools"`
}

// EngineInfo names the engine behind the sidecar.
type EngineInfo struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

// StoreInfo says whether the bundle store is open; Reason says why not.
type StoreInfo struct {
	Available bool   `json:"available"`
	Dir       string `json:"dir"`
	Reason    string `json:"reason,omitempty"`
}

// SessionOpenParams are session/open's params: the whole log, and where
// the host keeps it.
type SessionOpenParams struct {
	SessionID string               `json:"sessionId"`
	Events    []hostshim.EventJSON `json:"events"`
	// LogPath, when the host persists the session in a file of its own
	// directory (DSH: <sessions>/<project>/<session>/session.jsonl.zstd),
	// is that file. The first one named starts the background archive of
	// the other sessions in the same project directory that the plugin
	// noted as holding folds not archived (PendingMarker).
	LogPath string `json:"logPath,omitempty"`
}

// SessionCloseParams are session/close's params.
type SessionCloseParams struct {
	SessionID string `json:"sessionId"`
}

// SessionDeleteParams are session/delete's params.
type SessionDeleteParams struct {
	SessionID string `json:"sessionId"`
}

// SessionDeleteResult is session/delete's result. Deleting a session the
// store does not know is not an error: Deleted is false and Reason says
// so, and nothing changed.
type SessionDeleteResult struct {
	Bundles          int    `json:"bundles"`
	Deleted          bool   `json:"deleted"`
	IndexCheckpoints int    `json:"indexCheckpoints"`
	Reason           string `json:"reason,omitempty"`
	SessionID        string `json:"sessionId"`
}

// SessionArchiveParams are session/archive's params.
type SessionArchiveParams struct {
	SessionID string `json:"sessionId"`
}

// SessionArchiveResult is session/archive's result: the folds of the
// session this sidecar archived from the log since the last
// session/archive (Archived), and those it could not archive yet, with why
// (Pending). Folds EF compiled are in neither: their bundles were written
// before the host committed them.
type SessionArchiveResult struct {
	Archived []FoldedSpan `json:"archived"`
	Pending  []FoldedSpan `json:"pending"`
}

// FoldedSpan is one fold the host committed: its checkpoint id (the
// bundle's), the host's compaction id, the surface nodes it shadowed and,
// when it is pending, why.
type FoldedSpan struct {
	CheckpointID string `json:"checkpointId"`
	CompactionID string `json:"compactionId"`
	Reason       string `json:"reason,omitempty"`
	Seqs         []int  `json:"seqs"`
}

// SessionEventsParams are session/events' params: the events from FromSeq
// on, which must be the mirror's length.
type SessionEventsParams struct {
	SessionID string               `json:"sessionId"`
	FromSeq   int                  `json:"fromSeq"`
	Events    []hostshim.EventJSON `json:"events"`
}

// FoldPlanParams are fold/plan's params. Trigger is the host's
// ("pressure" or "context-overflow"); Provider and Model, when given, pick
// a Settings.ModelPolicies entry; ContextWindow and TotalTokens are in
// the host's heuristic tokens. Nodes, when given, is the host's surface,
// checked against the mirror's; Length, when non-zero, the host's log
// length.
type FoldPlanParams struct {
	SessionID     string        `json:"sessionId"`
	Trigger       string        `json:"trigger"`
	Provider      string        `json:"provider,omitempty"`
	Model         string        `json:"model,omitempty"`
	ContextWindow int           `json:"contextWindow"`
	TotalTokens   int           `json:"totalTokens"`
	Nodes         []SurfaceNode `json:"nodes"`
	Length        int           `json:"length"`
}

// SurfaceNode is one node of the host's surface with its price.
type SurfaceNode struct {
	Seq    int `json:"seq"`
	Tokens int `json:"tokens"`
}

// Decisions of fold/plan.
const (
	DecisionNone = "none"
	DecisionFold = "fold"
)

// FoldPlanResult is fold/plan's result. For DecisionFold, Start and End
// are the surface span to hand to the host's compactRegion, Mode the fold
// mode and Window the context window it was planned for; for
// DecisionNone, Reason says why not, and Refused is set when a fold was
// due (pressure at or over the threshold, or an overflow) and EF found none
// it could make: the plugin logs that, and on an overflow falls back to the
// host's own selection.
type FoldPlanResult struct {
	Decision string      `json:"decision"`
	End      *int        `json:"end,omitempty"`
	Mode     engine.Mode `json:"mode,omitempty"`
	Reason   string      `json:"reason"`
	Refused  bool        `json:"refused,omitempty"`
	Start    *int        `json:"start,omitempty"`
	Window   int         `json:"window,omitempty"`
}

// FoldCompileParams are fold/compile's params: the ids of the messages the
// host put into its summarization input.
type FoldCompileParams struct {
	SessionID     string    `json:"sessionId"`
	Mode          string    `json:"mode"`
	MessageIDs    []*string `json:"messageIds"`
	ContextWindow int       `json:"contextWindow"`
	Length        int       `json:"length"`
	// Provider and Model are where the host routes the session's model
	// calls (its summarization target); the semantic digest goes there.
	Provider string `json:"provider,omitempty"`
	Model    string `json:"model,omitempty"`
}

// FoldCompileResult is fold/compile's result: the checkpoint's blocks for
// the host's summary, and where it was archived.
type FoldCompileResult struct {
	CheckpointID string           `json:"checkpointId"`
	Mode         engine.Mode      `json:"mode"`
	Model        string           `json:"model"`
	Recall       string           `json:"recall"`
	Summary      []hostshim.Block `json:"summary"`
	// ArchiveError, when set, says why the fold's span could not be
	// archived (the store could not be written): the checkpoint is EF's,
	// compiled without writing its bundle; the span stays in the host's
	// log and in the mirror, and a later session/archive archives it from
	// them once the store can be written.
	ArchiveError string `json:"archiveError,omitempty"`
	// DigestDropped, when set, says why the semantic digest this fold
	// asked the host's model for was dropped (the call failed, or its
	// answer is no digest: a host-style summary, invented values, …): the
	// checkpoint keeps EF's deterministic text (Model "deterministic").
	// The plugin warns with it, so a dropped digest is heard on the host's
	// log, not only in the sidecar's.
	DigestDropped string `json:"digestDropped,omitempty"`
}

// ToolCallParams are tool/call's params.
type ToolCallParams struct {
	Name      string          `json:"name"`
	SessionID *string         `json:"sessionId"`
	Arguments json.RawMessage `json:"arguments"`
}

// ToolCallResult is tool/call's result: the text for the model, and
// whether it reports a failure.
type ToolCallResult struct {
	IsError bool   `json:"isError"`
	Text    string `json:"text"`
}

// ActionSubmitParams are action/submit's params: one action.intent object.
// The result is the action.result object exactly as the kernel encoded it
// (the bytes every adapter returns, with actor "ef_dsh").
type ActionSubmitParams struct {
	Intent json.RawMessage `json:"intent"`
}

// ContextRequestParams are context/request's params: one context.request
// object. The result is the context.bundle exactly as Northbridge
// serialized it (the bytes its token_estimate counts).
type ContextRequestParams struct {
	Request json.RawMessage `json:"request"`
}
