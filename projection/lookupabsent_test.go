package projection

import "testing"

func TestLookupAbsent(t *testing.T) {
	read := func(name string, args map[string]any) *Call { return &Call{ID: "c", Name: name, Args: args} }
	cases := []struct {
		name string
		call *Call
		text string
		want bool
	}{
		{"claude read", read("Read", map[string]any{"file_path": "/r/a.rs"}), "<tool_use_error>File does not exist.</tool_use_error>", true},
		{"claude grep", read("Grep", map[string]any{"path": "crates/x", "pattern": "fn"}), "<tool_use_error>Path does not exist: crates/x</tool_use_error>", true},
		{"openhands view", read("str_replace_editor", map[string]any{"command": "view", "path": "/w/src"}), "The path /w/src does not exist. Please provide a valid path.", true},
		{"gemini read_file", read("read_file", map[string]any{"absolute_path": "/w/a.go"}), "File not found: /w/a.go", true},
		{"node enoent", read("read_file", map[string]any{"path": "/w/a.go"}), "Error: ENOENT: no such file or directory, open '/w/a.go'", true},
		// near misses: what stays a failure
		{"edit of a missing file", read("Edit", map[string]any{"file_path": "/r/a.rs", "old_string": "a", "new_string": "b"}), "<tool_use_error>File does not exist.</tool_use_error>", false},
		{"editor create", read("str_replace_editor", map[string]any{"command": "create", "path": "/w/x/a.go"}), "The path /w/x does not exist.", false},
		{"shell cat", read("Bash", map[string]any{"command": "cat a.toml"}), "cat: a.toml: No such file or directory", false},
		{"permission", read("Read", map[string]any{"file_path": "/etc/shadow"}), "EACCES: permission denied, open '/etc/shadow'", false},
		{"directory read as a file", read("Read", map[string]any{"file_path": "/r"}), "EISDIR: illegal operation on a directory, read", false},
		{"tool could not start", read("Glob", map[string]any{"path": "/r", "pattern": "*.rs"}), "spawn /usr/lib/rg ENOENT: no such file or directory", false},
		{"no path argument", read("WebFetch", map[string]any{"url": "https://x/y"}), "Page not found", false},
		{"a long error naming absence among more", read("Read", map[string]any{"file_path": "/r/a"}), "Traceback (most recent call last):\n  File \"x\"\n  File \"y\"\nFileNotFoundError: file /r/a does not exist", false},
		{"something else not found", read("Read", map[string]any{"file_path": "/r/a"}), "Error: module 'x' not found in cache", false},
	}
	for _, c := range cases {
		if got := lookupAbsent(c.call, c.text); got != c.want {
			t.Errorf("%s: lookupAbsent = %v, want %v", c.name, got, c.want)
		}
	}
}
