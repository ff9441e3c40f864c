package main

import (
	"strings"
	"testing"
)

// Columns after a cell in Chinese start where they start after a cell in
// ASCII, counted in terminal columns (a Han character takes two).
func TestWriteTableAlignsWideCharacters(t *testing.T) {
	var b strings.Builder
	err := writeTable(&b, [][]string{
		{"KEY", "VALUE"},
		{"value/-/api_port", "9090"},
		{"value/-/数据库名称", "orders_v3"},
		{"constraint/-/不要修改-config/prod.yaml", "不要修改 config/prod.yaml。"},
	})
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	at := -1
	for _, l := range lines {
		i := strings.LastIndex(l, "  ")
		col := displayWidth(l[:i+2])
		if at >= 0 && col != at {
			t.Fatalf("value column at %d, want %d:\n%s", col, at, b.String())
		}
		at = col
	}
	if got := displayWidth("数据a"); got != 5 {
		t.Errorf("displayWidth = %d, want 5", got)
	}
}

func TestClip(t *testing.T) {
	for _, tc := range []struct {
		in   string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{"command/-/find packages -maxdepth 2", 12, "command/-/f…"},
		{"value/-/数据库名称", 12, "value/-/数…"},
	} {
		if got := clipColumns(tc.in, tc.n); got != tc.want || displayWidth(got) > tc.n {
			t.Errorf("clipColumns(%q, %d) = %q, want %q", tc.in, tc.n, got, tc.want)
		}
	}
}

func TestCount(t *testing.T) {
	for _, c := range []struct {
		n          int
		noun, want string
	}{
		{0, "session", "0 sessions"}, {1, "session", "1 session"}, {2, "bundle", "2 bundles"},
		{1, "foreign entry", "1 foreign entry"}, {3, "foreign entry", "3 foreign entries"}, {2, "key", "2 keys"},
	} {
		if got := count(c.n, c.noun); got != c.want {
			t.Errorf("count(%d, %q) = %q, want %q", c.n, c.noun, got, c.want)
		}
	}
}
