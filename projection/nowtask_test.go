package projection

import "testing"

// TestNowTasksReported: a request for now becomes an obligation when the
// agent's report names it: done when it says it did it, open when it
// says not yet; one it never reports on, one that is the objective
// itself, a change of the work and a failed attempt make none.
func TestNowTasksReported(t *testing.T) {
	runScriptCases(t, []scriptCase{
		{"ja done and open", `
> user
README の設定表、request_timeout_ms のデフォルト更新しといて。あと CHANGELOG に「price_cache が RwLock になった」のを書いといて。
> assistant
> call bash {"command": "git commit -qam 'README: request_timeout_ms 800' && git log --oneline -1"}
> result
9f0c2ad README: request_timeout_ms 800
> assistant
README の設定表を更新してコミットしました（9f0c2ad）。CHANGELOG はまだです、次にやります。
`, []string{`obligation/-/readme-の設定表.* \[done/`, `obligation/-/あと-changelog.* \[open/`}, nil},
		{"en done and open", `
> user
Fix the pool deadlock in broker.rs.
> assistant
Fixed: the refresh task now takes the locks in order.
> user
Please also update the README settings table for request_timeout_ms. Also please add a CHANGELOG entry for the RwLock change.
> assistant
Updated the README settings table and committed it. The CHANGELOG entry is not done yet, I'll do it next.
`, []string{`obligation/-/update-readme-settings-table.* \[done/`, `obligation/-/add-changelog-entry-rwlock.* \[open/`}, nil},
		{"zh done and open", `
> user
把连接池的死锁修掉。
> assistant
死锁已修复。
> user
帮我把 README 配置表里 request_timeout_ms 那一行的说明补全。再麻烦你给 CHANGELOG 补一条 RwLock 的说明。
> assistant
README 配置表已更新。CHANGELOG 还没写，下一步再补。
`, []string{`obligation/-/帮我把-readme.* \[done/`, `obligation/-/再麻烦你给-changelog.* \[open/`}, nil},
		{"ja done in part, not yet in part: open", `
> user
論文の改訂をやります。
> assistant
了解です。
> user
回答書 response.tex には、各査読者のコメントごとに、対応した箇所のページと行番号を書いてください
> assistant
査読者1と査読者2の分は、ページと行番号を response.tex に書き込みました。査読者3の分はまだです。
`, []string{`obligation/-/回答書-response.tex.* \[open/`}, []string{`obligation/.*\[done/`}},
		{"near miss: no report on the request", `
> user
Fix the pool deadlock in broker.rs.
> assistant
Fixed.
> user
Please also update the README settings table for request_timeout_ms.
> assistant
> call bash {"command": "cargo test"}
> result
test result: ok. 3 passed
`, nil, []string{`obligation/`}},
		{"near miss: the one request is the objective", `
> user
README の設定表を更新しておいてください。
> assistant
README はまだです、先にテストを直します。
`, nil, []string{`obligation/`}},
		{"near miss: a change of the work", `
> user
order-gateway のレイテンシ改善お願い。
> assistant
見ます。
> user
レイテンシはいったん置いといて、先にこのデッドロックを片付けて。
> assistant
デッドロックを修正しました。
`, nil, []string{`obligation/`}},
		{"near miss: the attempt failed", `
> user
Fix the pool deadlock in broker.rs.
> assistant
Fixed.
> user
README の設定表、request_timeout_ms のデフォルト更新しといて。
> assistant
README の設定表は更新できませんでした（権限がありません）。
`, nil, []string{`obligation/`}},
		{"near miss: the report names another thing", `
> user
Fix the pool deadlock in broker.rs.
> assistant
Fixed.
> user
Please also update the README settings table for request_timeout_ms.
> assistant
Done with the integration tests, all green.
`, nil, []string{`obligation/`}},
	})
}
