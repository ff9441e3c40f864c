package projection

import "strings"

// Aider calls no edit tool: its edits are blocks of its replies, each
// under the name of the file it changes,
//
//	configs/r50_in100.yaml
//	```yaml
//	<<<<<<< SEARCH
//	lr: 0.1
//	=======
//	lr: 0.05
//	>>>>>>> REPLACE
//	```
//
// which Aider applies as it reads them ("Applied edit to configs/…").
// Such a block sets the settings it changes as an edit tool's call
// does, with the agent's authority: a value the user set stands against
// it (Reducer.agentValue). A block in prose that is no edit (a SEARCH
// block with no file's name on the line before its fence, one left
// unclosed) sets nothing.

// aiderFileLineRE is the line that names the file a block edits: one
// path, no spaces, with a directory or an extension.
var aiderFileLineRE = mustPattern(`^[\w.\-~/\\]*[\w\-]\.[\w]{1,12}$|^[\w.\-~]+(?:/[\w.\-]+)+$`)

// replyEditValues are the settings the edit blocks of reply text set.
func replyEditValues(text string) []Proposal {
	if !strings.Contains(text, "SEARCH") || !strings.Contains(text, "REPLACE") {
		return nil
	}
	lines := strings.Split(text, "\n")
	var out []Proposal
	for i := 1; i < len(lines); i++ {
		if !strings.HasPrefix(strings.TrimSpace(lines[i]), "```") || !aiderFileLineRE.MatchString(strings.TrimSpace(lines[i-1])) {
			continue
		}
		file := strings.TrimSpace(lines[i-1])
		j := i + 1
		for j < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[j]), "```") {
			j++
		}
		es := searchReplaceBlocks(strings.Join(lines[i+1:j], "\n"))
		for _, p := range editValues(file, es) {
			p.AgentSet = true
			out = append(out, p)
		}
		i = j
	}
	return out
}
