package importer

import (
	"path"
	"strings"

	"github.com/epistemicfold/ef/hostshim"
)

// What a Continue user message carries besides what the user typed.
//
// Continue's GUI opens a user message with the contents of its context
// items: the files, code, docs and rules the user attached with @ or that
// Continue attached itself (constructMessages.ts). None of it is the
// user's sentence, so each becomes a message of its own before the typed
// text, marked as the client's (hostshim.Source.Injected): a rules file
// (a .continue/rules/*.md file, one a rule Continue applied to the
// message names as its file, an item of Continue's "rules" context
// provider, a project instruction file such as AGENTS.md) is the
// project's instructions, as CLAUDE.md is for Claude Code; any other item
// is chatter. A rule Continue applied (appliedRules, RuleWithSource in
// core/index.d.ts) whose text the file records and no context item
// carries is the project's instructions too, the first time it is met:
// Continue puts it in the system message of each request, which the file
// does not keep. Its own default system messages and a model's options
// are not the project's rules. A rules text met again unchanged is
// chatter: the model is shown the same rules, which state nothing new.

// continueContextItem is a ContextItemWithId.
type continueContextItem struct {
	Content     string `json:"content"`
	Name        string `json:"name"`
	Description string `json:"description"`
	URI         *struct {
		Type  string `json:"type"`
		Value string `json:"value"`
	} `json:"uri"`
	ID struct {
		ProviderTitle string `json:"providerTitle"`
	} `json:"id"`
}

// continueRule is a RuleWithSource: ruleFile names its file (sourceFile
// in some versions).
type continueRule struct {
	Rule       string `json:"rule"`
	Source     string `json:"source"`
	RuleFile   string `json:"ruleFile"`
	SourceFile string `json:"sourceFile"`
}

// continueInstructionFiles are the base names, lower case, of the files
// that hold a project's rules for agents.
var continueInstructionFiles = map[string]bool{".continuerules": true, "agents.md": true, "claude.md": true, "gemini.md": true,
	".cursorrules": true, ".windsurfrules": true, ".clinerules": true, "copilot-instructions.md": true, "agent.md": true}

// continueAttached adds the context items and applied rules of a user
// item, each as a message the client injected, before the typed text.
// seen holds the rules texts already added.
func (t *transcript) continueAttached(it continueItem, seen map[string]bool) {
	files := map[string]bool{}
	for _, r := range it.AppliedRules {
		for _, f := range []string{r.RuleFile, r.SourceFile} {
			if f = continuePath(f); f != "" {
				files[f] = true
			}
		}
	}
	var carried []string
	for _, c := range it.ContextItems {
		text := strings.TrimSpace(c.Content)
		if text == "" {
			continue
		}
		if !continueRulesItem(c, files) {
			t.injected(hostshim.InjectedChatter, hostshim.TextBlock(c.Content+"\n"))
			continue
		}
		carried = append(carried, c.Content)
		if seen[text] {
			t.injected(hostshim.InjectedChatter, hostshim.TextBlock(c.Content+"\n"))
			continue
		}
		seen[text] = true
		// Continue shows a file in a fence that names it ("```path"):
		// the fence is the client's, the file's text the rules
		open, body, end := continueFence(c.Content + "\n")
		t.injected(hostshim.InjectedChatter, hostshim.TextBlock(open))
		t.injected(hostshim.InjectedInstructions, hostshim.TextBlock(body))
		t.injected(hostshim.InjectedChatter, hostshim.TextBlock(end))
	}
	for _, r := range it.AppliedRules {
		text := strings.TrimSpace(r.Rule)
		if text == "" || seen[text] || continueOwnRule(r.Source) || carriedIn(carried, text) {
			continue
		}
		seen[text] = true
		t.injected(hostshim.InjectedInstructions, hostshim.TextBlock(r.Rule+"\n"))
	}
}

// continueFence cuts text into the fence line that opens it ("```path"),
// the text inside and the fence line that closes it; open and end are ""
// when text is not one fenced block.
func continueFence(text string) (open, body, end string) {
	first, rest, ok := strings.Cut(text, "\n")
	if !ok || !strings.HasPrefix(strings.TrimSpace(first), "```") {
		return "", text, ""
	}
	trimmed := strings.TrimRight(rest, "\n")
	i := strings.LastIndex(trimmed, "\n")
	if strings.TrimSpace(trimmed[i+1:]) != "```" {
		return "", text, ""
	}
	return first + "\n", trimmed[:i+1], rest[i+1:]
}

// continueRulesItem reports whether a context item is a rules file: an
// item of the rules provider, a file an applied rule names, a file under
// .continue/rules, or an instruction file.
func continueRulesItem(c continueContextItem, ruleFiles map[string]bool) bool {
	if p := strings.ToLower(c.ID.ProviderTitle); p == "rules" || p == "rule" {
		return true
	}
	var paths []string
	if c.URI != nil {
		paths = append(paths, continuePath(c.URI.Value))
	}
	paths = append(paths, continuePath(c.Description))
	for _, p := range paths {
		if p == "" {
			continue
		}
		for f := range ruleFiles {
			if p == f || strings.HasSuffix(f, "/"+p) || strings.HasSuffix(p, "/"+f) {
				return true
			}
		}
		if strings.HasPrefix(p, ".continue/rules/") || strings.Contains(p, "/.continue/rules/") ||
			continueInstructionFiles[strings.ToLower(path.Base(p))] {
			return true
		}
	}
	return false
}

// continuePath is a file URI or path as a slash path, "" for none.
func continuePath(s string) string {
	s = strings.TrimPrefix(strings.TrimSpace(s), "file://")
	return strings.ReplaceAll(s, `\`, "/")
}

// continueOwnRule reports whether a rule's source is Continue's default
// system message or a model's options rather than the project's rules.
func continueOwnRule(source string) bool {
	return strings.HasPrefix(source, "default-") || strings.HasPrefix(source, "model-")
}

// carriedIn reports whether one of the texts holds rule.
func carriedIn(texts []string, rule string) bool {
	for _, s := range texts {
		if strings.Contains(s, rule) {
			return true
		}
	}
	return false
}
