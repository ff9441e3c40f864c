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
