package projection

import (
	"strings"
)

// Codex edits files with apply_patch alone, its patch given whole as the
// call's input (a custom tool call), as the second word of a shell call
// (`["apply_patch", "*** Begin Patch…"]`) or in a heredoc
// (`apply_patch <<'EOF'`):
//
//	*** Begin Patch
//	*** Add File: deploy/helm/ledger/values-staging.yaml
//	+replicaCount: 2
//	*** Update File: deploy/helm/ledger/values-prod.yaml
//	@@
//	-replicaCount: 3
//	+replicaCount: 2
//	*** End Patch
//
// The files are named inside the patch, not by an argument, so each
// section is read as the write of its file: an added file as a file
// written whole, an updated one as the edits its removed and added lines
// make (diffLineEdits). A deleted file sets nothing.

// patchSection is one file of a patch: its path and the edits it makes.
type patchSection struct {
	path  string
	edits []edit
}

// patchBeginMark opens a Codex patch.
const patchBeginMark = "*** Begin Patch"

// patchBody is the Codex patch call args carry, "" when they carry none.
func patchBody(args map[string]any) string {
	for _, k := range []string{"input", "patch", "diff"} {
		if s, ok := args[k].(string); ok && strings.Contains(s, patchBeginMark) {
			return s[strings.Index(s, patchBeginMark):]
		}
	}
	for _, k := range commandArgKeys {
		switch v := args[k].(type) {
		case string:
			if i := strings.Index(v, patchBeginMark); i >= 0 && strings.Contains(v[:i], "apply_patch") {
				return v[i:]
			}
		case []any:
			for _, w := range v {
				if s, ok := w.(string); ok {
					if i := strings.Index(s, patchBeginMark); i >= 0 {
						return s[i:]
					}
				}
			}
		}
	}
	return ""
}

// patchSections are the files patch body b writes, in order.
func patchSections(b string) []patchSection {
	var out []patchSection
	var cur *patchSection
	var lines []string
	added := false
	flush := func() {
		if cur == nil {
			return
		}
		if added {
			var sb strings.Builder
			for _, l := range lines {
				if t, ok := strings.CutPrefix(l, "+"); ok {
					sb.WriteString(t)
					sb.WriteByte('\n')
				}
			}
			cur.edits = []edit{{new: sb.String(), whole: true, content: true}}
		} else {
			cur.edits = diffLineEdits(strings.Join(lines, "\n"))
		}
		out = append(out, *cur)
		cur, lines = nil, nil
	}
	for l := range strings.Lines(b) {
		l = strings.TrimRight(l, "\r\n")
		switch {
		case strings.HasPrefix(l, "*** Add File: "):
			flush()
			cur, added = &patchSection{path: strings.TrimSpace(l[len("*** Add File: "):])}, true
		case strings.HasPrefix(l, "*** Update File: "):
			flush()
			cur, added = &patchSection{path: strings.TrimSpace(l[len("*** Update File: "):])}, false
		case strings.HasPrefix(l, "*** Move to: ") && cur != nil:
			// the edits land in the file's new name
			cur.path = strings.TrimSpace(l[len("*** Move to: "):])
		case strings.HasPrefix(l, "*** "):
			// a deleted file, the patch's end
			flush()
		case cur != nil:
			lines = append(lines, l)
		}
	}
	flush()
	return out
}

// patchWrites are the files a passing apply_patch call c wrote and the
// values their edits set, each file an artifact as any write is.
func patchWrites(c *Call) []Proposal {
	b := patchBody(c.Args)
	if b == "" {
		return nil
	}
	var out []Proposal
	for _, s := range patchSections(b) {
		if s.path == "" {
			continue
		}
		out = append(out, Proposal{Op: OpState, Kind: KindArtifact, Key: "file/" + s.path + "/content", Name: s.path, Value: "written by " + c.Name, Quote: s.path})
		out = append(out, editValues(s.path, s.edits)...)
	}
	return out
}
