package projection

import "testing"

// A user trial found two value keys that named no setting: "log 里是
// ClassNotFoundException" (里: "in the log there is") read as a setting
// "log 里", and a Cargo.toml dependency's version keyed "version" alone,
// which every dependency of the file shares.
func TestValsThirteenPlaceNotName(t *testing.T) {
	cases := []scriptCase{
		{"zh trial", `
> user
测试说新包一打开就崩，log 里是 ClassNotFoundException，你看看
> assistant
我看一下。
> user
另外 versionCode 42 已经被上周的 hotfix 占了，改成 43
`, []string{`versioncode \[current/normative\] = 43 \(was 42\)`}, []string{`log_里`, `\(was ClassNotFoundException\)`}},
		{"zh 日志里面", `
> user
日志里面是 OutOfMemoryError，帮我查一下
`, nil, []string{`日志里面 \[`, `value/`}},
		{"zh 配置中", `
> user
配置中是 3，你看看对不对
`, nil, []string{`value/`}},
		{"en trial", `
> user
testers say the new build crashes on launch, in the log it's ClassNotFoundException, take a look
> assistant
Looking.
> user
also versionCode 42 is already taken by last week's hotfix, make it 43
`, []string{`versioncode \[current/normative\] = 43 \(was 42\)`}, []string{`\(was ClassNotFoundException\)`, `value/-/log`}},
		{"ja trial", `
> user
新しいビルドが起動直後に落ちる、ログには ClassNotFoundException が出てる、見て
> assistant
見てみます。
> user
あと versionCode 42 は先週の hotfix で使ったので 43 にして
`, []string{`versioncode \[current/normative\] = 43 \(was 42\)`}, []string{`\(was ClassNotFoundException\)`, `value/-/ログ`}},
		// near misses: a name that is a setting keeps its value
		{"zh prose name before the correction keeps the held setting", `
> user
批大小是 32
> user
批大小 32 太小了，改成 64
`, []string{`批大小 \[current/normative\] = 64 \(was 32\)`}, nil},
		{"zh setting whose name holds 中 inside", `
> user
中间件超时是 30s
`, []string{`中间件超时 \[current/normative\] = 30s`}, nil},
		{"zh setting then 改成", `
> user
重试次数是 3
> user
改成 5
`, []string{`重试次数 \[current/normative\] = 5 \(was 3\)`}, nil},
	}
	runScriptCases(t, cases)
}

func TestValsThirteenDependencyKey(t *testing.T) {
	cases := []scriptCase{
		{"ja trial Cargo.toml", `
> user
tokio だけ上げていいよ
> assistant
> call edit_file {"path": "Cargo.toml", "patch": "-tokio = { version = \"1.40\", features = [\"full\", \"tracing\"] }\n+tokio = { version = \"=1.41.1\", features = [\"full\", \"tracing\"] }"}
> result
Applied patch to Cargo.toml (1 hunk)
> user
1.42.0 に上げて
> assistant
> call edit_file {"path": "Cargo.toml", "patch": "-tokio = { version = \"=1.41.1\", features = [\"full\", \"tracing\"] }\n+tokio = { version = \"=1.42.0\", features = [\"full\", \"tracing\"] }"}
> result
Applied patch to Cargo.toml (1 hunk)
`, []string{`value/Cargo.toml/tokio.version \[current/empirical\] = =1.42.0 \(was =1.41.1\)`}, []string{`value/Cargo.toml/version`}},
		{"en two crates bumped", `
> user
bump serde and tokio
> assistant
> call apply_patch {"path": "Cargo.toml", "patch": "-tokio = { version = \"1.40\", features = [\"full\"] }\n+tokio = { version = \"1.42\", features = [\"full\"] }\n context\n-serde = { version = \"1.0.200\", features = [\"derive\"] }\n+serde = { version = \"1.0.210\", features = [\"derive\"] }"}
> result
Patch applied.
`, []string{`value/Cargo.toml/tokio.version \[current/empirical\] = 1.42 \(was 1.40\)`, `value/Cargo.toml/serde.version \[current/empirical\] = 1.0.210 \(was 1.0.200\)`}, []string{`\(was 1.42\)`, `value/Cargo.toml/version`}},
		{"zh pyproject poetry dependency", `
> user
把 requests 升级一下
> assistant
> call edit_file {"path": "pyproject.toml", "old_string": "requests = { version = \"^2.28\", extras = [\"socks\"] }", "new_string": "requests = { version = \"^2.32\", extras = [\"socks\"] }"}
> result
ok
`, []string{`value/pyproject.toml/requests.version \[current/empirical\] = \^2.32 \(was \^2.28\)`}, nil},
		// near misses: a line of settings with no owner keeps its keys;
		// an owner renamed is no change of one setting
		{"keyword arguments keep their names", `
> user
bump the retries
> assistant
> call apply_patch {"path": "tasks.py", "patch": "-    max_retries=5, retry_backoff_max=300,\n+    max_retries=8, retry_backoff_max=300,"}
> result
Patch applied.
`, []string{`value/tasks.py/max_retries \[current/empirical\] = 8 \(was 5\)`}, []string{`\.max_retries`}},
		{"a YAML flow map keeps its settings' names", `
> user
fix the sanitizer options
> assistant
> call apply_patch {"path": "ci.yml", "patch": "-    env: { ASAN_OPTIONS: \"detect_leaks=0\", RETRIES: 2 }\n+    env: { ASAN_OPTIONS: \"detect_leaks=1\", RETRIES: 2 }"}
> result
Patch applied.
`, []string{`value/ci.yml/asan_options \[current/empirical\] = detect_leaks=1`}, []string{`env\.asan_options`}},
		{"dependency swapped for another", `
> user
swap it
> assistant
> call apply_patch {"path": "Cargo.toml", "patch": "-async-std = { version = \"1.12\" }\n+tokio = { version = \"1.42\" }"}
> result
Patch applied.
`, nil, []string{`\(was 1.12\)`}},
	}
	runScriptCases(t, cases)
}

func TestNamedCorrection(t *testing.T) {
	cases := []struct {
		s         string
		k, was, v string
		ok        bool
	}{
		{"also versionCode 42 is already taken by last week's hotfix, make it 43", "versionCode", "42", "43", true},
		{"另外 versionCode 42 已经被上周的 hotfix 占了，改成 43", "versionCode", "42", "43", true},
		{"max_retries=5 is too few, make it 8", "max_retries", "5", "8", true},
		// near misses
		{"max_retries 5 and timeout_ms 300 look odd, make it 400", "", "", "", false},
		{"PR 42 is merged, make it 43", "", "", "", false},
		{"make it 43, versionCode 42 is taken", "", "", "", false},
		{"versionCode 42 is taken", "", "", "", false},
		{"versionCode 43 is right, make it 43", "", "", "", false},
	}
	for _, c := range cases {
		k, was, v, ok := namedCorrection(c.s, correctionRE.MatchString(c.s))
		if k != c.k || was != c.was || v != c.v || ok != c.ok {
			t.Errorf("namedCorrection(%q) = %q, %q, %q, %v; want %q, %q, %q, %v", c.s, k, was, v, ok, c.k, c.was, c.v, c.ok)
		}
	}
}
