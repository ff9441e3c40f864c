// Package mcpserver serves Epistemic Fold's model-callable tools over the
// Model Context Protocol (MCP), so agents outside the DeepSeek Harness
// (Claude Code, Codex, Cursor, any MCP client) can reach them.
//
// A tool is a plain value: a name, a description, JSON Schemas for its
// arguments and its structured result, and a Call function. The server knows
// nothing about any one tool; the command wiring builds the list (for
// example RecallTools for context_search and context_recall) and another
// package adds its own tools by appending to that list.
//
// The MCP side (protocol versions, initialization, tools/list, tools/call,
// the stdio transport) is the official Go SDK's,
// github.com/modelcontextprotocol/go-sdk; this package stays the only one that
// imports it.
package mcpserver
