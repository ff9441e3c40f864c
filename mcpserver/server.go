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

// toolOf is the tool of definition def, answered by call.
func toolOf(def tooldef.Def, call func(ctx context.Context, args json.RawMessage) (Result, error)) Tool {
	return Tool{Name: def.Name, Description: def.Description, Parameters: def.Parameters, Result: def.Result, Call: call}
}

// Tool is one tool the server offers.
type Tool struct {
	// Name is the tool's name as clients call it.
	Name string
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
	// Structured is the value matching Tool.Result (nil on error or for a
	// text-only tool).
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
	srv := mcp.NewServer(&mcp.Implementation{Name: opts.Name, Version: opts.Version},
		&mcp.ServerOptions{Instructions: opts.Instructions, Logger: logger})
	seen := map[string]bool{}
	for _, t := range tools {
		if err := check(t); err != nil {
			return nil, err
		}
		if seen[t.Name] {
			return nil, fmt.Errorf("%w: %q", ErrDuplicateTool, t.Name)
		}
		seen[t.Name] = true
		def := &mcp.Tool{Name: t.Name, Description: t.Description, InputSchema: t.Parameters}
		if len(t.Result) > 0 {
			def.OutputSchema = t.Result
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
		if !res.IsError && res.Structured != nil {
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
// client closes r or ctx ends. A line that is not a JSON-RPC message gets
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
