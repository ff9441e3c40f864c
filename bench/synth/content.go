package synth

import (
	"fmt"
	"strings"
)

// text is one sentence in both languages; lang picks one.
type text struct{ en, zh string }

func (t text) in(zh bool) string {
	if zh {
		return t.zh
	}
	return t.en
}

// factTemplate plants "the <subject> is <id>".
type factTemplate struct {
	say text // format with one %s: the identifier
	ask text // the question
	gen func(r *rng) string
}

const upper = "ABCDEFGHJKLMNPQRSTUVWXYZ"
const hexd = "0123456789abcdef"

func randFrom(r *rng, alphabet string, n int) string {
	var b strings.Builder
	for range n {
		b.WriteByte(alphabet[r.intn(len(alphabet))])
	}
	return b.String()
}

var factTemplates = []factTemplate{
	{text{"The deploy token is %s.", "部署令牌是 %s。"}, text{"What is the deploy token?", "部署令牌是什么？"},
		func(r *rng) string {
			return fmt.Sprintf("%c%d-%s-%04d", upper[r.intn(len(upper))], r.intn(10), randFrom(r, upper, 2), r.intn(10000))
		}},
	{text{"The staging database host is %s.", "预发环境的数据库主机是 %s。"}, text{"What is the staging database host?", "预发环境的数据库主机是哪个？"},
		func(r *rng) string { return fmt.Sprintf("db-%s-%02d.internal", pick(r, nouns), r.intn(100)) }},
	{text{"The hotfix must go on branch %s.", "热修复必须提交到分支 %s。"}, text{"Which branch must the hotfix go on?", "热修复必须提交到哪个分支？"},
		func(r *rng) string { return fmt.Sprintf("release/2026.%02d-hotfix%d", 1+r.intn(12), 1+r.intn(9)) }},
	{text{"The API key id for the metrics exporter is %s.", "指标导出器的 API 密钥 ID 是 %s。"}, text{"What is the API key id of the metrics exporter?", "指标导出器的 API 密钥 ID 是什么？"},
		func(r *rng) string { return "ak_" + randFrom(r, hexd, 10) }},
	{text{"Build artifacts are uploaded to the bucket %s.", "构建产物上传到存储桶 %s。"}, text{"Which bucket are build artifacts uploaded to?", "构建产物上传到哪个存储桶？"},
		func(r *rng) string { return fmt.Sprintf("ef-artifacts-%s-%s", randFrom(r, hexd, 4), pick(r, regions)) }},
	{text{"The last green CI build number is %s.", "最后一次通过的 CI 构建号是 %s。"}, text{"What is the last green CI build number?", "最后一次通过的 CI 构建号是多少？"},
		func(r *rng) string { return fmt.Sprintf("%d", 40000+r.intn(59999)) }},
	{text{"The customer's support ticket is %s.", "客户的工单号是 %s。"}, text{"What is the customer's support ticket?", "客户的工单号是多少？"},
		func(r *rng) string { return fmt.Sprintf("SUP-%05d", r.intn(100000)) }},
	{text{"The last known good commit is %s.", "最后一个已知正常的提交是 %s。"}, text{"What is the last known good commit?", "最后一个已知正常的提交是哪个？"},
		func(r *rng) string { return randFrom(r, hexd, 12) }},
	{text{"The KMS key alias for the backups is %s.", "备份使用的 KMS 密钥别名是 %s。"}, text{"What is the KMS key alias for the backups?", "备份使用的 KMS 密钥别名是什么？"},
		func(r *rng) string { return fmt.Sprintf("alias/ef-%s-%02d", pick(r, nouns), r.intn(100)) }},
	{text{"The new feature flag is named %s.", "新功能开关的名字是 %s。"}, text{"What is the new feature flag named?", "新功能开关叫什么名字？"},
		func(r *rng) string { return fmt.Sprintf("ff_%s_%s_%d", pick(r, verbs), pick(r, nouns), r.intn(10)) }},
}

// supersedeTemplate is a config key whose value changes during the session.
type supersedeTemplate struct {
	key, file string
	quoted    bool
	values    []string
}

var supersedeTemplates = []supersedeTemplate{
	{"timeout", "config/app.toml", false, []string{"30", "45", "60", "90", "120", "15"}},
	{"max_retries", "config/app.toml", false, []string{"3", "5", "7", "10", "2"}},
	{"batch_size", "config/pipeline.toml", false, []string{"64", "128", "256", "512", "1024"}},
	{"listen_port", "config/server.toml", false, []string{"8080", "8443", "9090", "7000", "6060"}},
	{"log_level", "config/server.toml", true, []string{"info", "debug", "warn", "error"}},
	{"cache_ttl", "config/pipeline.toml", true, []string{"5m", "15m", "1h", "30m", "90s"}},
	{"worker_count", "config/pipeline.toml", false, []string{"4", "8", "16", "32", "12"}},
	{"api_version", "config/app.toml", true, []string{"v1", "v2", "v3beta", "v2.1"}},
}

// fillerKeys appear in config listings next to the superseded key; none is
// a superseded key, so a listing never states a second value for one.
var fillerKeys = []string{"name", "region", "owner", "retention_days", "queue", "shard_count", "metrics_path", "tls_mode"}

// saidTemplate is something the user says (say), the question a probe
// asks about it (ask) and the answer that question expects.
type saidTemplate struct {
	say, ask text
	answer   string
}

// constraintTemplates are rules the user states once, in the first turn.
var constraintTemplates = []saidTemplate{
	{text{"Never modify anything under vendor/.", "不要修改 vendor/ 目录下的任何文件。"}, text{"Which directory must never be modified?", "哪个目录绝对不能修改？"}, "vendor/"},
	{text{"Do not run `make release`: it publishes artifacts.", "不要运行 `make release`，它会发布制品。"}, text{"Which command must never be run?", "哪个命令绝对不能运行？"}, "make release"},
	{text{"Never push to the main branch directly.", "永远不要直接推送到 main 分支。"}, text{"Which branch must never be pushed to directly?", "哪个分支绝对不能直接推送？"}, "main"},
	{text{"Keep the exported API of package wire unchanged.", "保持 wire 包的导出 API 不变。"}, text{"Which package's exported API must stay unchanged?", "哪个包的导出 API 必须保持不变？"}, "wire"},
	{text{"Do not add third-party dependencies to go.mod.", "不要往 go.mod 里添加第三方依赖。"}, text{"Which file must not gain third-party dependencies?", "哪个文件不能添加第三方依赖？"}, "go.mod"},
	{text{"Never edit files under migrations/.", "不要编辑 migrations/ 下的文件。"}, text{"Under which directory must files never be edited?", "哪个目录下的文件不能编辑？"}, "migrations/"},
}

// obligationTemplates are things the user asks to be done before the end.
var obligationTemplates = []saidTemplate{
	{text{"Before you finish, remember to update CHANGELOG.md.", "完成之前记得更新 CHANGELOG.md。"}, text{"Which file must be updated before finishing?", "完成之前必须更新哪个文件？"}, "CHANGELOG.md"},
	{text{"When you are done, remember to post a summary in #release-eng.", "做完以后记得在 #release-eng 频道发个总结。"}, text{"In which channel must the summary be posted?", "总结要发到哪个频道？"}, "#release-eng"},
	{text{"Remember to remove the --trace-alloc debug flag before the final commit.", "最终提交前记得去掉 --trace-alloc 调试参数。"}, text{"Which debug flag must be removed before the final commit?", "最终提交前必须去掉哪个调试参数？"}, "--trace-alloc"},
	{text{"Remember to bump the patch version in the VERSION file.", "记得把 VERSION 文件里的补丁版本号加一。"}, text{"Which file's version must be bumped?", "哪个文件里的版本号需要加一？"}, "VERSION"},
	{text{"Don't forget to run go mod tidy at the very end.", "最后别忘了运行 go mod tidy。"}, text{"Which command must be run at the very end?", "最后必须运行哪个命令？"}, "go mod tidy"},
}

var (
	verbs   = []string{"decode", "encode", "parse", "flush", "merge", "split", "resolve", "verify", "compact", "index", "fold", "render", "route", "sync", "retry"}
	nouns   = []string{"frame", "header", "bundle", "span", "cursor", "ledger", "shard", "token", "digest", "window", "anchor", "batch", "segment", "probe", "queue", "replica"}
	regions = []string{"eu1", "us2", "ap3", "cn4"}
	types   = []string{"Decoder", "Encoder", "Store", "Planner", "Index", "Cursor", "Ledger", "Router", "Queue", "Writer"}
	levels  = []string{"INFO ", "INFO ", "INFO ", "DEBUG", "WARN "}
)

func title(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

// narration holds assistant lines per tool; each formats two strings.
var narration = map[string][]text{
	"read_file": {
		{"Let me look at %s to see how %s is handled.", "我先看一下 %s，了解 %s 是怎么处理的。"},
		{"Opening %s; %s should be defined there.", "打开 %s，%s 应该定义在这里。"},
	},
	"grep": {
		{"Searching for usages of %s under %s.", "在 %[2]s 下搜索 %[1]s 的用法。"},
		{"I'll find every caller of %s before touching %s.", "修改 %[2]s 之前，先找出 %[1]s 的所有调用方。"},
	},
	"run_tests": {
		{"Running the tests of %s, then I'll look at %s.", "先跑 %s 的测试，然后再看 %s。"},
		{"Checking that %s still passes after the change to %s.", "确认修改 %[2]s 之后 %[1]s 的测试仍然通过。"},
	},
	"edit_file": {
		{"Editing %s so that %s gets a bounded slice.", "修改 %s，让 %s 只拿到有界的切片。"},
		{"Applying the fix in %s around %s.", "在 %s 里 %s 附近应用修复。"},
	},
	"bash": {
		{"The log of %s is long; I need the part around %s.", "%s 的日志很长，我需要 %s 附近的部分。"},
		{"Pulling today's log of %s to see when %s started failing.", "拉取 %s 今天的日志，看看 %s 是什么时候开始出错的。"},
	},
}

var followUps = []text{
	{"Continue.", "继续。"},
	{"Looks good, keep going with %s.", "看起来不错，继续处理 %s。"},
	{"Can you also check how %s behaves under load?", "顺便检查一下 %s 在高负载下的表现。"},
	{"OK. Next, look at %s.", "好的，接下来看看 %s。"},
}

var chineseComments = []string{"解析帧头并校验长度", "重试之前先释放锁", "这里的边界条件容易出错", "缓存命中时直接返回", "注意：调用方负责关闭"}

// codeListing renders a Go-like source listing of about n bytes with line
// numbers, as a read_file tool would return it.
func codeListing(r *rng, path string, n int, zh bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "[File: %s]\n", path)
	line := 1
	w := func(s string) { fmt.Fprintf(&b, "%4d\t%s\n", line, s); line++ }
	w("package " + pick(r, nouns))
	w("")
	for b.Len() < n {
		t, v, o := pick(r, types), pick(r, verbs), pick(r, nouns)
		if zh && r.chance(0.4) {
			w("// " + pick(r, chineseComments))
		} else {
			w(fmt.Sprintf("// %s%s handles the %s held by d.", v, title(o), o))
		}
		w(fmt.Sprintf("func (d *%s) %s%s(buf []byte, n int) (int, error) {", t, v, title(o)))
		w(fmt.Sprintf("\tif len(buf) < %d {", 4+r.intn(60)))
		w(fmt.Sprintf("\t\treturn 0, err%s%s", title(pick(r, []string{"short", "bad", "stale"})), title(o)))
		w("\t}")
		w(fmt.Sprintf("\tfor i := 0; i < n; i += %d {", 1+r.intn(8)))
		w(fmt.Sprintf("\t\td.%s[i%%%d] ^= buf[i]", o, 2+r.intn(30)))
		w("\t}")
		w(fmt.Sprintf("\treturn n + %d, nil", r.intn(16)))
		w("}")
		w("")
	}
	return b.String()
}

// logOutput renders a service or build log of about n bytes.
func logOutput(r *rng, n int, zh bool, clock *int) string {
	var b strings.Builder
	for b.Len() < n {
		*clock += 1 + r.intn(900)
		ms := *clock
		ts := fmt.Sprintf("2026-03-14T%02d:%02d:%02d.%03dZ", 8+ms/3600000%12, ms/60000%60, ms/1000%60, ms%1000)
		lvl := pick(r, levels)
		var msg string
		switch r.intn(5) {
		case 0:
			msg = fmt.Sprintf("worker[%d] processed %s %d in %dms", r.intn(16), pick(r, nouns), r.intn(100000), r.intn(400))
		case 1:
			msg = fmt.Sprintf("%s.%s%s: %d bytes, checksum %s", pick(r, types), pick(r, verbs), title(pick(r, nouns)), r.intn(1<<20), randFrom(r, hexd, 8))
		case 2:
			if zh {
				msg = fmt.Sprintf("重试连接 replica-%d（第 %d 次）", r.intn(9), 1+r.intn(5))
			} else {
				msg = fmt.Sprintf("reconnecting to replica-%d (attempt %d)", r.intn(9), 1+r.intn(5))
			}
		case 3:
			msg = fmt.Sprintf("compile %s/%s.go ok", pick(r, nouns), pick(r, verbs))
		default:
			msg = fmt.Sprintf("gc pause %dus heap=%dMiB goroutines=%d", r.intn(900), 20+r.intn(400), 8+r.intn(300))
		}
		fmt.Fprintf(&b, "%s %s %s\n", ts, lvl, msg)
	}
	return b.String()
}

// grepOutput renders matches of a search.
func grepOutput(r *rng, sym string) string {
	var b strings.Builder
	for range 3 + r.intn(12) {
		fmt.Fprintf(&b, "internal/%s/%s.go:%d:\tn, err := d.%s(buf, %d)\n", pick(r, nouns), pick(r, verbs), 10+r.intn(500), sym, r.intn(64))
	}
	return b.String()
}

// testOutput renders a passing test run of a package, its tests and the
// package's verdict.
func testOutput(r *rng, pkg string) string {
	_, out := fillerTests(r)
	return out + goVerdictOK(r, pkg)
}

// fillerTests renders the lines of a few passing tests, and their names.
func fillerTests(r *rng) ([]string, string) {
	var b strings.Builder
	var names []string
	for range 2 + r.intn(6) {
		// Filler names (TestNoun_N) never look like a planted failure
		// (TestVerbNoun).
		name := fmt.Sprintf("Test%s_%d", title(pick(r, nouns)), r.intn(40))
		names = append(names, name)
		fmt.Fprintf(&b, "=== RUN   %s\n--- PASS: %s (0.0%ds)\n", name, name, r.intn(10))
	}
	return names, b.String()
}

// goVerdictOK is go test's verdict on a package whose tests that ran all
// passed.
func goVerdictOK(r *rng, pkg string) string {
	return fmt.Sprintf("PASS\nok  \texample.com/proj/%s\t0.%03ds\n", pkg, r.intn(1000))
}
