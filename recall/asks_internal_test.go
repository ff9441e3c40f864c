package recall

import (
	"strings"
	"testing"
)

// TestAsks: the sentence holding the match decides; each case marks the
// match with [brackets].
func TestAsks(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"Read notes/part-1.txt to notes/part-16.txt, then tell me the [deploy] token.", true},
		{"Read notes/part-1.txt first. Then tell me the [deploy] token", true},
		{"The [deploy] token is K7-QX-9931; never commit it.", false},
		{"Fix the parser build. The [deploy] token is K7-QX-9931.", false},
		{"The [deploy] token is K7. Can you deploy now?", false},
		{"Which [database] should we use?", true},
		{"which [database] do we use", true},
		{"What's the [retry] limit", true},
		{"Is the [retry] limit still 5", true},
		{"Do you remember the [retry] limit", true},
		{"Do the [migration] first.", false},
		{"When the [build] fails, retry it twice.", false},
		{"Where is the [build] log", true},
		{"Use [PostgreSQL] 16, not MySQL.", false},
		{"Decision: we use [PostgreSQL] 16, not MySQL.", false},
		{"Let me check the [retry] limit.", false},
		{"Please let me know the [retry] limit.", true},
		{"I wonder whether the [retry] limit is too low", true},
		{"部署[令牌]是什么？", true},
		{"部署[令牌]是 K7-QX-9931。", false},
		{"请问部署[令牌]在哪里", true},
		{"部署[令牌]对吗", true},
		{"version 3.[14] is out. It works.", false},
		{"no match here", false},
	} {
		text, spans := bracketed(tc.text)
		if got := asks(text, spans); got != tc.want {
			t.Errorf("asks(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

// bracketed removes the brackets of s and returns the spans they marked.
func bracketed(s string) (string, [][2]int) {
	var sb strings.Builder
	var spans [][2]int
	start := -1
	for _, r := range s {
		switch r {
		case '[':
			start = sb.Len()
		case ']':
			spans = append(spans, [2]int{start, sb.Len()})
		default:
			sb.WriteRune(r)
		}
	}
	return sb.String(), spans
}

func TestIsEchoTool(t *testing.T) {
	for name, want := range map[string]bool{
		"context_search":                      true,
		"context_recall":                      true,
		"mcp__epistemic-fold__context_search": true,
		"epistemic-fold.context_recall":       true,
		"ef/context_search":                   true,
		"ef:context_recall":                   true,
		"context_request":                     false, // Northbridge: task.origin files
		"action_submit":                       false,
		"mycontext_search":                    false,
		"context_search_v2":                   false,
		"read":                                false,
		"":                                    false,
	} {
		if got := isEchoTool(name); got != want {
			t.Errorf("isEchoTool(%q) = %v, want %v", name, got, want)
		}
	}
}

// TestAsksNeverPanics: spans out of range or reversed are ignored.
func TestAsksNeverPanics(t *testing.T) {
	for _, spans := range [][][2]int{{{-1, 3}}, {{5, 2}}, {{0, 100}}, {{3, 3}}, nil} {
		_ = asks("what is it?", spans)
	}
	_ = asks("", [][2]int{{0, 0}})
	_, _, _ = sentenceAround("a. b", 0, 4)
}
