package projection

import "testing"

// TestTodoStatusCancelledAndFirstDone: a todo item the client's list
// marks cancelled is no open task (superseded by the list that cancels
// it), and one first written completed is a task done, shown as such in
// --all; an item still pending stays open.
func TestTodoStatusCancelledAndFirstDone(t *testing.T) {
	cases := []scriptCase{
		{"zh cancelled", `
> user
记得发版前把 detekt baseline 那条删掉、把 CheckoutViewModel 拆了
> assistant
> call todowrite {"todos": [{"content": "发版前：删 detekt baseline 条目并拆分 CheckoutViewModel", "status": "pending", "id": "1"}, {"content": "打 2.8.0 bundle", "status": "pending", "id": "2"}]}
> result
ok
> user
CheckoutViewModel 拆分下个版本再说，baseline 那条先留着。
> assistant
好的，拆分推迟到下个版本。
> call todowrite {"todos": [{"content": "发版前：删 detekt baseline 条目并拆分 CheckoutViewModel", "status": "cancelled", "id": "1"}, {"content": "打 2.8.0 bundle", "status": "completed", "id": "2"}]}
> result
ok
`, []string{`obligation/todo/发版前-删-detekt-baseline-条目并拆分 \[(lifted|superseded)/`, `obligation/-/记得发版前把.* \[lifted/`, `obligation/todo/打-2.8.0-bundle \[done/`},
			[]string{`obligation/todo/.*\[open/`}},
		{"en cancelled", `
> user
Before the release, drop the lint baseline entry and split CheckoutViewModel.
> assistant
> call TodoWrite {"todos": [{"content": "Drop lint baseline entry and split CheckoutViewModel", "status": "pending"}, {"content": "Build the 2.8.0 bundle", "status": "pending"}]}
> result
ok
> assistant
> call TodoWrite {"todos": [{"content": "Drop lint baseline entry and split CheckoutViewModel", "status": "canceled"}, {"content": "Build the 2.8.0 bundle", "status": "in_progress"}]}
> result
ok
`, []string{`obligation/todo/build-2.8.0-bundle \[open/`},
			[]string{`obligation/todo/drop-lint.*\[open/`}},
		{"en user calls off the task the todo list holds", `
> user
Fix the checkout crash. Remember to split CheckoutViewModel before the release.
> assistant
> call TodoWrite {"todos": [{"content": "Split CheckoutViewModel into smaller view models", "status": "pending"}, {"content": "Bump version", "status": "pending"}]}
> result
ok
> user
Skip the CheckoutViewModel split, no need for that this release.
`, []string{`obligation/todo/split-checkoutviewmodel.* \[lifted/`, `obligation/-/remember-split-checkoutviewmodel.* \[lifted/`, `obligation/todo/bump-version \[open/`}, nil},
		{"near miss: the user calls off another task", `
> user
Fix the checkout crash. Remember to split CheckoutViewModel before the release.
> assistant
> call TodoWrite {"todos": [{"content": "Split CheckoutViewModel into smaller view models", "status": "pending"}, {"content": "Write release notes for the store", "status": "pending"}]}
> result
ok
> user
Skip the release notes for the store, no need for that.
`, []string{`obligation/todo/write-release-notes.* \[lifted/`, `obligation/-/remember-split-checkoutviewmodel.* \[open/`, `obligation/todo/split-checkoutviewmodel.* \[open/`}, nil},
		{"ja first seen completed", `
> user
CHANGELOG を更新して、bundle も作ってください。
> assistant
> call todowrite {"todos": [{"content": "CHANGELOG を更新", "status": "completed", "id": "1"}, {"content": "2.8.0 bundle を作成", "status": "completed", "id": "2"}, {"content": "リリース前に QA と API 30 を確認", "status": "pending", "id": "3"}]}
> result
ok
`, []string{`obligation/todo/changelog-を更新 \[done/`, `obligation/todo/2.8.0-bundle-を作成 \[done/`, `obligation/todo/リリース前に-qa-と-api-30-を確認 \[open/`},
			[]string{`obligation/todo/changelog.*\[open/`}},
		{"en first seen completed, codex plan", `
> user
Port the importer.
> assistant
> call update_plan {"plan": [{"step": "Read the old importer", "status": "completed"}, {"step": "Write the Go port", "status": "in_progress"}]}
> result
Plan updated
`, []string{`obligation/todo/read-old-importer \[done/`, `obligation/todo/write-go-port \[open/`}, []string{`read-old-importer \[open`}},
		// near-misses: a status that is no cancellation keeps the item
		// open; an item whose text says "cancel" is no cancelled item
		{"near miss: blocked or on hold stays open", `
> user
Ship the release.
> assistant
> call TodoWrite {"todos": [{"content": "Cancel the old cron job", "status": "pending"}, {"content": "Tag v2", "status": "blocked"}]}
> result
ok
`, []string{`obligation/todo/cancel-old-cron-job \[open/`, `obligation/todo/tag-v2 \[open/`}, []string{`\[superseded/`, `\[done/`}},
		{"near miss: cancelled before never shown, not created", `
> user
Ship the release.
> assistant
> call TodoWrite {"todos": [{"content": "Write the migration", "status": "cancelled"}, {"content": "Tag v2", "status": "pending"}]}
> result
ok
`, []string{`obligation/todo/tag-v2 \[open/`}, []string{`migration`}},
	}
	runScriptCases(t, cases)
}
