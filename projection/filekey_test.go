package projection

import "testing"

// A value a tool writes into a file keeps (or gains) the file's key: the
// user's statement of the same setting and value is the same head, not a
// keyless copy that absorbs the edit (trial 13 A7, m10b).
func TestFileWrittenValueKeepsItsFile(t *testing.T) {
	runScriptCases(t, []scriptCase{
		{"zh: sed of the value the user stated", `
> user
还有导出超时配置，config/default.json 里 exportTimeoutMs 现在 30000，改成 120000
> assistant
on it
> call bash {"command": "sed -i 's/\"exportTimeoutMs\": 30000/\"exportTimeoutMs\": 120000/' apps/api/config/default.json && grep -n exportTimeoutMs apps/api/config/default.json"}
> result
14:    "exportTimeoutMs": 120000,
> assistant
exportTimeoutMs 改为 120000。
`, []string{`value/apps/api/config/default\.json/exporttimeoutms \[current/\w+\] = 120000 \(was 30000\)`},
			[]string{`value/-/exporttimeoutms`, `decision`}},
		{"zh: edit of the value the user stated in other words", `
> user
批大小 500 太小了，.env 里改成 1000
> assistant
on it
> call edit {"file_path": "apps/api/.env", "old_string": "EXPORT_BATCH_SIZE=500", "new_string": "EXPORT_BATCH_SIZE=1000"}
> result
The file apps/api/.env has been updated successfully.
> assistant
改成 1000 了。
`, []string{`value/apps/api/\.env/export_batch_size \[current/\w+\] = 1000 \(was 500\)`},
			[]string{`value/-/`}},
		{"en: edit of the value the user stated", `
> user
in config/app.json requestTimeoutMs is 30000 now, make it 120000
> assistant
on it
> call edit {"file_path": "config/app.json", "old_string": "\"requestTimeoutMs\": 30000", "new_string": "\"requestTimeoutMs\": 120000"}
> result
ok
> assistant
requestTimeoutMs changed to 120000.
`, []string{`value/config/app\.json/requesttimeoutms \[current/\w+\] = 120000 \(was 30000\)`},
			[]string{`value/-/`}},
		{"near miss: another setting holding the same number keeps its own key", `
> user
set the cache ttl to 600
> assistant
on it
> call edit {"file_path": "config/app.json", "old_string": "\"pollIntervalMs\": 300", "new_string": "\"pollIntervalMs\": 600"}
> result
ok
`, []string{`value/-/cache_ttl \[current/\w+\] = 600`, `value/config/app\.json/pollintervalms \[current/\w+\] = 600`}, nil},
	})
}

// A workspace package manager's install names the package it runs in
// before its verb ("pnpm --filter @shopline/db add prisma@5.22.0"): the
// version its output installs is current, the "-" line before it the
// version replaced (trial 13 A9, m22).
func TestWorkspaceInstallSetsVersion(t *testing.T) {
	runScriptCases(t, []scriptCase{
		{"zh: rollback after a failed upgrade", `
> user
看下 prisma 能不能升到 6，可以试一下
> assistant
试一下
> call bash {"command": "pnpm --filter @shopline/db add prisma@6.1.0 && pnpm --filter @shopline/api build"}
> result error
src/prisma/prisma.service.ts:9:5 - error TS2339: Property '$use' does not exist on type 'PrismaService'.
 ELIFECYCLE  Command failed with exit code 1.
> user
升 6 会把 build 搞挂，别升了，回滚到 5.22
> assistant
回滚
> call bash {"command": "pnpm --filter @shopline/db add prisma@5.22.0 && pnpm --filter @shopline/api build"}
> result
dependencies:
- prisma 6.1.0
+ prisma 5.22.0

nest build done
`, []string{`value/installed/prisma \[current/\w+\] = 5\.22\.0 \(was 6\.1\.0\)`}, []string{`= 6\.1\.0 @`}},
		{"en: yarn workspace add", `
> user
pin react back to 18.2 in the web package
> assistant
ok
> call bash {"command": "yarn workspace web add react@18.2.0"}
> result
➤ YN0000: ┌ Resolution step
- react 18.3.1
+ react 18.2.0
`, []string{`value/installed/react \[current/\w+\] = 18\.2\.0 \(was 18\.3\.1\)`}, nil},
		{"near miss: a package the command does not name", `
> user
add zod to the api
> assistant
ok
> call bash {"command": "pnpm --filter api add zod"}
> result
dependencies:
+ zod 3.23.8
+ tslib 2.6.2
`, []string{`value/installed/zod \[current/\w+\] = 3\.23\.8`}, []string{`installed/tslib`}},
		{"near miss: a failed install sets nothing", `
> user
try prisma 6
> assistant
ok
> call bash {"command": "pnpm --filter db add prisma@6.1.0"}
> result error
 ERR_PNPM_FETCH_404  GET https://registry.npmjs.org/prisma: Not Found - 404
`, nil, []string{`value/installed/prisma`}},
	})
}
