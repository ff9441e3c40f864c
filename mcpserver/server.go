package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"sync/atomic"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/epistemicfold/ef/internal/tooldef"
)

// toolOf is the tool of definition def, answered by call, shown to people
// as title and described to the client by ann.
func toolOf(def tooldef.Def, title string, ann *Annotations, call func(ctx context.Context, args json.RawMessage) (Result, error)) Tool {
	return Tool{Name: def.Name, Title: title, Annotations: ann, Description: def.Description, Parameters: def.Parameters, Result: def.Result, Call: call}
}

// Annotations describe what calling a tool does to the world, for the
// client (MCP's tool annotations, protocol version 2025-03-26 and later):
// a client may, say, run a read-only tool without asking. They are hints
// for a client that trusts this server, never a guarantee (MCP says so),
// and are sent only to clients whose protocol version defines them.
type Annotations struct {
	// ReadOnly means the tool changes nothing in its environment.
	ReadOnly bool
	// Destructive means the tool may change or remove what exists, not
	// only add to it; it is meaningful only when ReadOnly is false.
	Destructive bool
	// Idempotent means calling the tool again with the same arguments
	// changes nothing more; meaningful only when ReadOnly is false.
	Idempotent bool
	// OpenWorld means the tool reaches entities outside a closed domain
	// (the web, other services); EF's tools read and write local stores
	// and files only.
	OpenWorld bool
}

// readOnly returns the annotations of a tool that only reads.
func readOnly() *Annotations { return &Annotations{ReadOnly: true, Idempotent: true} }

// Tool is one tool the server offers.
type Tool struct {
	// Name is the tool's name as clients call it.
	Name string
	// Title is the tool's name as a person reads it (in a client's list of
	// tools, an approval prompt); empty for none.
	Title string
	// Annotations, when set, tell the client what a call does (see
	// Annotations).
	Annotations *Annotations
	// Description is what a model reads to decide when to call the tool.
	Description string
	// Parameters is the JSON Schema of the arguments object ("type":
	// "object").
	Parameters json.RawMessage
	// Result is the JSON Schema of the structured result, or nil when the
	// tool returns text only. When set, every successful call must return a
	// Structured value that satisfies it (MCP clients check).
	Result json.RawMessage
	// Call runs one call with the arguments as the client sent them (an
	// object, possibly empty). It must honour ctx. An error is a failure of
	// the server itself; a bad call is reported in the Result (IsError).
	Call func(ctx context.Context, args json.RawMessage) (Result, error)
}

// Result is the answer of one call.
type Result struct {
	// Text is what the model reads.
	Text string
	// Structured is the value matching Tool.Result: nil for a text-only
	// tool and for an error the result schema does not describe (bad
	// arguments), set for one it does (a recall whose checkpoint is
	// unavailable: status "unavailable" and the reason), so a client reads
	// every answer the schema promises in structured form.
	Structured any
	// IsError marks a call that failed (bad arguments, nothing found, an
	// unavailable archive); Text says why and what to do.
	IsError bool
}

// Options configure a server. The zero value is usable.
type Options struct {
	// Name and Version identify the server in the MCP handshake. Empty Name
	// means "epistemic-fold"; empty Version means "dev".
	Name, Version string
	// Instructions, when set, are sent to the client at initialization.
	Instructions string
	// Logger receives the SDK's and the server's log lines. Nil discards
	// them.
	Logger *slog.Logger
}

// Server is an MCP server over a fixed list of tools. It is safe for
// concurrent use: the SDK may run calls concurrently, so each Tool.Call must
// be safe for concurrent use too.
type Server struct {
	srv    *mcp.Server
	logger *slog.Logger
	// runCtx is the context of the Run or ServeStdio serving now (nil
	// before): once it is done, the SDK's errors are its own stopping
	// (quietAfterStop).
	runCtx atomic.Pointer[context.Context]
}

// quietAfterStop passes records to h, but once the server's run context
// is done (the caller stopped it: Ctrl-C, SIGTERM, a host ending the
// session) it logs errors at debug level: the SDK reports being cancelled
// as an error ("server run cancelled"), which read as a failure on every
// Ctrl-C of ef mcp.
type quietAfterStop struct {
	h slog.Handler
	s *Server
}

func (q quietAfterStop) stopped() bool {
	c := q.s.runCtx.Load()
	return c != nil && (*c).Err() != nil
}

func (q quietAfterStop) Enabled(ctx context.Context, l slog.Level) bool { return q.h.Enabled(ctx, l) }

func (q quietAfterStop) Handle(ctx context.Context, r slog.Record) error {
	if r.Level > slog.LevelDebug && q.stopped() {
		r.Level = slog.LevelDebug
		if !q.h.Enabled(ctx, r.Level) {
			return nil
		}
	}
	return q.h.Handle(ctx, r)
}

func (q quietAfterStop) WithAttrs(as []slog.Attr) slog.Handler {
	return quietAfterStop{q.h.WithAttrs(as), q.s}
}

func (q quietAfterStop) WithGroup(name string) slog.Handler {
	return quietAfterStop{q.h.WithGroup(name), q.s}
}

// New returns a server for tools. It fails, naming the tool, when a tool has
// no name or Call, when its parameter schema is not a JSON object schema, or
// when two tools share a name.
func New(tools []Tool, opts Options) (*Server, error) {
	if opts.Name == "" {
		opts.Name = "epistemic-fold"
	}
	if opts.Version == "" {
		opts.Version = "dev"
	}
	logger := opts.Logger
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	s := &Server{}
	logger = slog.New(quietAfterStop{logger.Handler(), s})
	// Capabilities are set, not left to the SDK, which advertises logging
	// (this server sends no log notification: its log goes to the
	// Logger) and tools.listChanged (the list is fixed when the server
	// starts, so no change is ever notified).
	srv := mcp.NewServer(&mcp.Implementation{Name: opts.Name, Version: opts.Version},
		&mcp.ServerOptions{Instructions: opts.Instructions, Logger: logger,
			Capabilities: &mcp.ServerCapabilities{Tools: &mcp.ToolCapabilities{}}})
	seen := map[string]bool{}
	for _, t := range tools {
		if err := check(t); err != nil {
			return nil, err
		}
		if seen[t.Name] {
			return nil, fmt.Errorf("%w: %q", ErrDuplicateTool, t.Name)
		}
		seen[t.Name] = true
		def := &mcp.Tool{Name: t.Name, Title: t.Title, Description: t.Description, InputSchema: t.Parameters}
		if len(t.Result) > 0 {
			def.OutputSchema = t.Result
		}
		if a := t.Annotations; a != nil {
			destructive, openWorld := a.Destructive, a.OpenWorld
			def.Annotations = &mcp.ToolAnnotations{Title: t.Title, ReadOnlyHint: a.ReadOnly, IdempotentHint: a.Idempotent,
				DestructiveHint: &destructive, OpenWorldHint: &openWorld}
		}
		srv.AddTool(def, handler(t, logger))
	}
	s.srv, s.logger = srv, logger
	return s, nil
}

// check refuses what the SDK would panic on, with an error instead.
func check(t Tool) error {
	if t.Name == "" {
		return fmt.Errorf("%w: a tool has no name", ErrBadTool)
	}
	if t.Call == nil {
		return fmt.Errorf("%w: %q has no Call", ErrBadTool, t.Name)
	}
	var params struct {
		Type string `json:"type"`
	}
	if err := json.Unmarshal(t.Parameters, &params); err != nil || params.Type != "object" {
		return fmt.Errorf("%w: %q: the parameter schema must be a JSON object schema with \"type\": \"object\"", ErrBadTool, t.Name)
	}
	if len(t.Result) > 0 && !json.Valid(t.Result) {
		return fmt.Errorf("%w: %q: the result schema is not valid JSON", ErrBadTool, t.Name)
	}
	return nil
}

func handler(t Tool, logger *slog.Logger) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		args := req.Params.Arguments
		if len(args) == 0 || string(args) == "null" {
			args = json.RawMessage("{}")
		}
		res, err := t.Call(ctx, args)
		if err != nil {
			logger.Warn("tool call failed", "tool", t.Name, "err", err)
			// Reported to the model, not as a protocol error, so it can
			// see what happened and go on.
			return &mcp.CallToolResult{IsError: true,
				Content: []mcp.Content{&mcp.TextContent{Text: t.Name + " failed: " + err.Error()}}}, nil
		}
		out := &mcp.CallToolResult{IsError: res.IsError, Content: []mcp.Content{&mcp.TextContent{Text: res.Text}}}
		if res.Structured != nil {
			out.StructuredContent = res.Structured
		}
		return out, nil
	}
}

// Run serves one client on the given transport until it disconnects or ctx
// ends.
func (s *Server) Run(ctx context.Context, t mcp.Transport) error {
	s.runCtx.Store(&ctx)
	return s.srv.Run(ctx, t)
}

// ServeStdio serves one client over r and w (a process's stdin and stdout),
// newline-delimited JSON-RPC as MCP's stdio transport defines it, until the
// client closes r or ctx ends. Its answers carry only the fields the
// protocol version of their request defines (see versions.go; Run sends
// them as the SDK builds them). A line that is not a JSON-RPC message gets
// an error reply (-32700 or -32600) and the session goes on. A JSON-RPC
// batch is answered with an array when initialize agreed on protocol
// version 2025-03-26 or 2024-11-05, and refused (-32600) otherwise (see
// batchVersions in stdio.go). When r ends,
// the requests in flight are answered first, for up to 10 s; those still
// running then are abandoned, and the logger is told which.
func (s *Server) ServeStdio(ctx context.Context, r io.ReadCloser, w io.WriteCloser) error {
	pr, pw := io.Pipe()
	logger := s.logger
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	lw := &lineWriter{w: w, logger: logger}
	go filterLines(r, pw, lw)
	s.runCtx.Store(&ctx)
	return s.srv.Run(ctx, &mcp.IOTransport{Reader: pr, Writer: lw, MaxLineLength: MaxLine + 1})
}
