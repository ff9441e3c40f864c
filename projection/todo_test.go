package projection

import "testing"

// TestTodoToolList: the agent's task list written by a todo tool's call
// (Claude Code's TodoWrite, Codex's update_plan) holds its open items as
// procedural obligations, done by their status, superseded when a newer
// list drops them; an agent's list never marks the user's task done, and
// a checklist in the agent's prose moves nothing.
func TestTodoToolList(t *testing.T) {
	script := `
> user
Add dark mode to the settings page. Also update CHANGELOG.md before you finish.
> assistant
Planning.
> call TodoWrite {"todos": [{"content": "Add theme toggle", "status": "in_progress", "activeForm": "Adding theme toggle"}, {"content": "Persist theme in localStorage", "status": "pending"}, {"content": "Write a migration guide", "status": "pending"}]}
> result
Todos have been modified successfully.
> assistant
Toggle done.
> call TodoWrite {"todos": [{"content": "Add theme toggle", "status": "completed"}, {"content": "Persist theme in localStorage", "status": "in_progress"}, {"content": "Update CHANGELOG.md", "status": "completed"}]}
> result
Todos have been modified successfully.
> assistant
Next:
- [ ] refactor the css variables
- [ ] rename the theme store
`
	expect(t, reduceAll(t, script), []string{
		`obligation/todo/persist-theme-localstorage \[open/procedural\] = Persist theme in localStorage`,
		`obligation/todo/add-theme-toggle \[done/procedural\]`,
		`obligation/-/.*\[open/normative\] = .*update CHANGELOG\.md before you finish`,
	}, []string{`migration guide`, `refactor the css`, `obligation/-/.*\[done/`})

	plan := `
> user
Port the importer.
> assistant
Plan.
> call update_plan {"plan": [{"step": "Read the old importer", "status": "completed"}, {"step": "Write the Go port", "status": "in_progress"}]}
> result
Plan updated
`
	expect(t, reduceAll(t, plan), []string{`obligation/todo/write-go-port \[open/procedural\]`}, []string{`read-old-importer \[open`})
}
