package projection

import (
	"slices"
	"strings"
)

// The agent's own task list, kept with a todo tool.
//
// Coding agents keep their plan in a tool whose every call writes the
// whole list: Claude Code's TodoWrite ({"todos": [{"content", "status",
// "activeForm"}]}), Codex's update_plan ({"plan": [{"step", "status"}]}),
// DSH's todo tool and the like. Each call is the list as it now stands,
// so its items are the agent's open and finished tasks: an obligation per
// item still pending or in progress, done when its status says completed
// (even the first time the list holds it), and one the newer list no
// longer holds, or holds as cancelled, is superseded by it. The list is
// the execution's own lifecycle (RFC §5.4: procedural authority), not a
// task the user set: it never outranks the user's word, and only the
// calls of a todo tool move it (a checklist the agent writes in its
// prose moves nothing, checklist.go).

// todoKeyPrefix opens the key of an item of the agent's task list.
const todoKeyPrefix = "obligation/todo/"

// todoListKeys are the arguments a todo tool holds its list in.
var todoListKeys = []string{"todos", "plan", "items", "tasks", "todo", "steps", "list"}

// todoTextKeys and todoStatusKeys are an item's text and its status.
var (
	todoTextKeys   = []string{"content", "step", "task", "title", "text", "description", "name"}
	todoStatusKeys = []string{"status", "state"}
)

// todoTool reports whether a call's tool keeps a task list by its name:
// "TodoWrite", "todo_write", "update_plan", "todos".
func todoTool(name string) bool {
	n := strings.ToLower(strings.NewReplacer("_", "", "-", "", ".", "").Replace(name))
	return strings.Contains(n, "todo") || n == "updateplan" || n == "writeplan" || n == "setplan"
}

// todoItem is one item of a task list: its text and whether it is done,
// or cancelled (OpenCode's "cancelled": the list keeps an item it no
// longer means to do).
type todoItem struct {
	text      string
	done      bool
	cancelled bool
}

// todoItems is the task list call c writes, nil when c is no todo
// tool's call or holds no list.
func todoItems(c *Call) []todoItem {
	if c == nil || !todoTool(c.Name) {
		return nil
	}
	var list []any
	for _, k := range todoListKeys {
		if l, ok := c.Args[k].([]any); ok {
			list = l
			break
		}
	}
	var out []todoItem
	for _, x := range list {
		m, ok := x.(map[string]any)
		if !ok {
			continue
		}
		var it todoItem
		for _, k := range todoTextKeys {
			if s, ok := m[k].(string); ok && strings.TrimSpace(s) != "" {
				it.text = strings.TrimSpace(s)
				break
			}
		}
		if it.text == "" {
			continue
		}
		for _, k := range todoStatusKeys {
			if s, ok := m[k].(string); ok {
				switch strings.ToLower(strings.NewReplacer("_", "", "-", "", " ", "").Replace(s)) {
				case "completed", "complete", "done", "finished", "resolved", "closed":
					it.done = true
				case "cancelled", "canceled", "cancel", "abandoned", "dropped", "skipped", "wontdo", "wontfix", "obsolete", "removed":
					it.cancelled = true
				}
				break
			}
		}
		if b, ok := m["done"].(bool); ok {
			it.done = it.done || b
		}
		if b, ok := m["completed"].(bool); ok {
			it.done = it.done || b
		}
		out = append(out, it)
	}
	return out
}

// todoProposals are the obligations a todo tool's call states: each item
// open, or done. Their quotes are the items' texts, which the call's
// arguments hold verbatim.
func todoProposals(c *Call) []Proposal {
	items := todoItems(c)
	out := make([]Proposal, 0, len(items))
	for _, it := range items {
		if it.cancelled && !it.done {
			// no proposal: the list no longer holds it as a task, so
			// an open one is superseded (todoListed) and a new one is
			// never opened
			continue
		}
		p := Proposal{Op: OpState, Kind: KindObligation, Key: todoKeyPrefix + slug(it.text), Value: oneLine(it.text, valueRunes), Quote: it.text, Links: mentions(it.text), Todo: true}
		if it.done {
			p.Op = OpDone
		}
		out = append(out, p)
	}
	return out
}

// todoListed applies the end of a todo tool's call: an open item of the
// agent's list that the newer list no longer holds was replaced by it.
func (r *Reducer) todoListed(listed map[string]bool, ref EventRef) {
	var dropped []*Anchor
	for _, a := range r.hot {
		if a.Kind == KindObligation && a.Lifecycle == Open && strings.HasPrefix(a.Key, todoKeyPrefix) && !listed[a.Key] {
			dropped = append(dropped, a)
		}
	}
	// in the order they were stated, whatever the map's
	slices.SortFunc(dropped, byAge)
	for _, a := range dropped {
		a.addRef(ref)
		r.retire(a, Superseded)
	}
}

// callName is c's tool name, "" for none.
func callName(c *Call) string {
	if c == nil {
		return ""
	}
	return c.Name
}
