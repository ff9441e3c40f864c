package projection

import (
	"regexp"
	"strings"
	"testing"
)

// TestEverydayEnglishSession: a short session in plain English of the
// kind a new user writes first (found by a new user's trial): a port
// set and moved, a timeout corrected in another unit, a rate said "per
// minute", a task the user did themselves, each read as a careful reader
// would.
func TestEverydayEnglishSession(t *testing.T) {
	script := `
> user
Build a small REST API for the bookmarks app. Use port 8080 for the API. Don't touch the auth module. Remember to add a changelog entry.
> assistant
Ok.
> user
Let's bump the request timeout to 2 minutes. The rate limit is 100 requests per minute.
> assistant
Done.
> user
Actually, make that 90 seconds.
> assistant
Done.
> user
The API should listen on 9090 instead, 8080 is taken by grafana. I added the changelog entry myself, skip it. The rate limit should be 120 per minute after all.
`
	expect(t, reduceAll(t, script), []string{
		`value/-/api_port \[current/normative\] = 9090 \(was 8080\)`,
		`value/-/request_timeout \[current/normative\] = 90 seconds \(was 2 minutes\)`,
		`value/-/rate_limit \[current/normative\] = 120 per minute \(was 100 requests per minute\)`,
		`obligation/-/remember-add-changelog-entry \[lifted/normative\]`,
		`don-t-touch-auth-module \[active/normative\]`,
	}, []string{`decision/-/use-port`, `value/-/port `, `obligation .*changelog.*\[open/`})
	for s, ok := range map[string]bool{
		"run the dashboard on port 8501": true, "Which port does it listen on?": false, "Never expose port 22.": false,
		"I2C1 runs at 100 kHz max on this board.": false, "the export runs at 02:30 UTC": false,
		"ingress from the monitoring namespace on the metrics port 9090 should be allowed": false,
	} {
		if _, got := portValue(s); got != ok {
			t.Errorf("portValue(%q) = %v, want %v", s, got, ok)
		}
	}
	if !sameDimension("minutes", "s") || sameDimension("minutes", "MB") || !sameDimension("GB", "mb") {
		t.Error("sameDimension")
	}
}

// TestEverydayDebugSession: a debugging session in plain English: the
// agent's "I think X is the cause" is a hypothesis (a bare "I think this
// is the bug" names nothing), a setting the user lets go higher ("the
// batch size can go up to 1000 now") is its new value.
func TestEverydayDebugSession(t *testing.T) {
	script := `
> user
Our nightly import job keeps timing out. Can you look into it? Keep the batch size at 500 for now.
> assistant
I think the N+1 query in load_rows is the cause. Actually, I think this is the bug!
> user
Nice! The batch size can go up to 1000 now.
`
	expect(t, reduceAll(t, script), []string{
		`uncertainty hypothesis/-/think-n\+1-query-load_rows-cause \[hypothesis/hypothesis\]`,
		`value/-/batch_size \[current/normative\] = 1000 \(was 500\)`,
	}, []string{`think-bug`})
}

// TestUndecidedQuestion: a question the user asks and says is not
// settled yet is held open with its words, in English and in Chinese.
func TestUndecidedQuestion(t *testing.T) {
	for said, want := range map[string]string{
		"Also, what format should the file names use? I haven't decided yet, later.": `question/-/format-file-names-use \[hypothesis/normative\] = Also, what format should the file names use\? I haven't decided yet`,
		"还有，导出的文件名用什么格式？这个我还没想好，回头再说。":                                               `\[hypothesis/normative\] = 还有，导出的文件名用什么格式？这个我还没想好`,
	} {
		expect(t, reduceAll(t, "> user\nBuild the export.\n> assistant\nOk.\n> user\n"+said), []string{want}, nil)
	}
}

// TestChoiceAcceptedWithALead: a choice said after a word of assent
// ("Sure, go with pgloader.", "Let's use pgloader.", "可以，就用
// pgloader。") is a decision, as it is without one.
func TestChoiceAcceptedWithALead(t *testing.T) {
	for _, said := range []string{"Sure, go with pgloader.", "Let's use pgloader.", "可以，就用 pgloader。", "Go with pgloader."} {
		script := "> user\nMigrate the db.\n> assistant\nI suggest pgloader for the data migration, ok?\n> user\n" + said + "\n"
		expect(t, reduceAll(t, script), []string{`decision/-/.*pgloader \[active/normative\]`}, nil)
	}
}

// TestProposalAccepted: the agent proposes a course and asks for assent;
// a reply that only assents ("Sounds good.", "yes, do it", "行，就这么办。")
// makes it a decision; one that says more, or objects, does not.
func TestProposalAccepted(t *testing.T) {
	const offer = "> user\nMigrate the db.\n> assistant\nI suggest pgloader for the data migration, ok?\n> user\n"
	for said, want := range map[string]bool{"Sounds good.": true, "yes, do it": true, "行，就这么办。": true, "ok": true,
		"Hmm, not sure, what about COPY?": false, "No.": false, "Yes, and also bump the pool size to 20.": false} {
		out := reduceAll(t, offer+said)
		if got := regexpMatch(`decision/-/suggest-pgloader-data-migration \[active/decision\] = .*\(the agent's proposal, accepted\)`, out); got != want {
			t.Errorf("%q: accepted %v, want %v:\n%s", said, got, want, out)
		}
	}
	if q := assentAsked("Looked at the schema. I suggest pgloader. OK?"); q != "I suggest pgloader. OK?" {
		t.Errorf("a tag question after the proposal: %q", q)
	}
}

// regexpMatch reports whether pattern re matches s.
func regexpMatch(re, s string) bool { return regexp.MustCompile(re).MatchString(s) }

// TestNumberedRequirements: a numbered list of requirements is read item
// by item without its numbers ("3. Max 10,000 rows per file"), and "make
// it 50,000 rows per file" changes the limit that counts rows per file,
// not the file name set last.
func TestNumberedRequirements(t *testing.T) {
	script := `
> user
Requirements for the CSV export:
1. Dates in ISO 8601, UTC.
2. Max 10,000 rows per file; split larger exports.
3. Do not include soft-deleted users.
4. The file name should be users-YYYYMMDD.csv.
> assistant
Got it.
> user
Change of plan on #2: make it 50,000 rows per file.
`
	expect(t, reduceAll(t, script), []string{
		`constraint .* = Max 50,000 \(was 10,000\) rows per file`,
		`constraint/-/include-soft-deleted-users \[active/normative\] = Do not include`,
		`value/-/file_name \[current/normative\] = users-YYYYMMDD.csv @`,
	}, []string{`constraint/-/[0-9]-`, `file_name .*50,000`})
	if got := sentences("Steps:\n1. Build it.\n12) Ship it."); len(got) != 3 || got[1] != "Build it." || got[2] != "Ship it." {
		t.Errorf("numbered items: %q", got)
	}
}

// TestEverydayChinese: a Chinese rule for every time from now on with
// its occasion before the modal ("以后提交代码前都要跑 lint") is a rule, not
// part of the objective; "换成 IntersectionObserver 吧" is a decision; a
// description ("每次都失败") is no rule.
func TestEverydayChinese(t *testing.T) {
	script := "> user\n帮我优化一下首页的加载速度，目标是首屏 2 秒以内。以后提交代码前都要跑 lint。\n> assistant\n好。\n> user\n这个懒加载的方案不行，之前试过，iOS 上图片会闪。换成 IntersectionObserver 吧。\n"
	expect(t, reduceAll(t, script), []string{
		`constraint/-/以后提交代码前都要跑-lint \[active/normative\]`,
		`objective/session/goal \[active/normative\] = 帮我优化一下首页的加载速度，目标是首屏 2 秒以内。 @`,
		`decision/-/换成-intersectionobserver-吧 \[active/normative\]`,
	}, nil)
	for s, want := range map[string]bool{"每次提交前都要跑 lint": true, "今后所有接口一律走网关": true, "每次都失败": false, "所有测试都通过了": false} {
		if got := isRule(s); got != want {
			t.Errorf("isRule(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestDictatedMessage: a message dictated through speech-to-text, its
// stops said aloud ("period", "new line", "comma"), is read sentence by
// sentence at those words: the speaker's introduction is no objective,
// the purpose "so nobody has to drag files around" no rule, and the rule
// said after a spoken comma stays one rule, not lifted with a sentence it
// was run into; written text saying "period" twice is no dictation.
func TestDictatedMessage(t *testing.T) {
	script := `
> system
Until Marta says otherwise, write only into /mnt/mill/jobs-test, never into /mnt/mill/jobs.
> user
okay so um this is marta i've got gloves on and i'm at the furnace so i'm dictating this period so the idea is casebridge grabs the finished designs out of the export folder and puts them in the mill's folder with proper names so nobody has to drag files around anymore new line and um it should tell scanpost when a case is milled. oh and patient names never go into the file names or the logs only the case number comma that's a gdpr thing.
> assistant
Ok.
> user
okay you can point it at the real mill folder now kofi's happy with the test files and he's already put this morning's ones in by hand so just the new ones from now on.
`
	expect(t, reduceAll(t, script), []string{
		`objective/session/goal \[active/normative\] = so the idea is casebridge grabs`,
		`constraint/-/oh-patient-names-go-file-names \[active/normative\]`,
		`until-marta-says-otherwise.* \[lifted/normative\]`,
	}, []string{`gloves`, `drag-files`})
	for text, n := range map[string]int{
		"The billing period ends on Friday. Keep the grace period short.":                                 2,
		"Extra space when first field moved to new line in a select statement. The newline is misplaced.": 2,
	} {
		if got := sentences(text); len(got) != n {
			t.Errorf("written text split at a mark's word: %q", got)
		}
	}
}

// TestOnlyRuleWidened: a rule of "only" is lifted when a later message
// says a kind it left out is in "as well", even when that message quotes
// the rule again below (an email's quoted history, at any depth).
func TestOnlyRuleWidened(t *testing.T) {
	script := `
> user
Here's Gwen's email:
 > > Only emergency and urgent electrical jobs go to BrightSpark. Routine ones stay with Ifan (in-house).
 > > Don't export tickets that are on hold.
> assistant
Ok.
> user
Gwen again:
Change of plan: routine electrical jobs go to BrightSpark as well. Ifan is leaving.

On Tue, 1 Jul 2025 at 09:12, Gwen Lloyd wrote:
 > Only emergency and urgent electrical jobs go to BrightSpark. Routine ones stay with Ifan (in-house).
`
	expect(t, reduceAll(t, script), []string{
		`constraint/-/emergency-urgent-electrical-jobs-go-brightspark \[lifted/normative\] = Only emergency`,
		`constraint/-/don-t-export-tickets-hold \[active/normative\] = Don't export`,
	}, []string{`= > `})
}

// TestClientSessionKey: a here-document fed to a server's client is keyed
// by the client's command, so another batch to the same server that
// passes resolves the failure; an interpreter's script stays its own.
func TestClientSessionKey(t *testing.T) {
	a := "cd /tmp && sftp -P 2222 -b - u@host <<'EOF'\nput f f.part\nrename f.part f\nEOF"
	b := "cd /tmp && sftp -P 2222 -b - u@host <<'EOF'\nput f\nEOF"
	if heredocRun(a) != heredocRun(b) || heredocRun(a) != "cd /tmp && sftp -P 2222 -b - u@host" {
		t.Errorf("sftp batches: %q, %q", heredocRun(a), heredocRun(b))
	}
	p, q := "python - <<'EOF'\nprint(1)\nEOF", "python - <<'EOF'\nprint(2)\nEOF"
	if heredocRun(p) == heredocRun(q) {
		t.Errorf("two scripts keyed alike: %q", heredocRun(p))
	}
}

// TestTaskTable: a table of tasks with owners and dates lists tasks, each
// held by its first cell's head (the row restated in amended minutes is
// the same task), whatever its words say ("不要重复刷屏" is no rule); a row
// with an open owner or date is left to the other readings.
func TestTaskTable(t *testing.T) {
	script := `
> user
二、待办
| 事项 | 负责人 | 截止 |
|---|---|---|
| 告警去重：同一台设备同一类告警不要重复刷屏 | 周扬 | 周四前 |
| 告警记录导出Excel给质量部 | 周扬 | 月底 |
| 短信通道对接 | 李强 | 待定 |
> assistant
好的。
> user
| Task | Owner | Due |
|---|---|---|
| 告警去重 | 周扬 | 周四前 |
`
	expect(t, reduceAll(t, script), []string{
		`obligation/-/告警去重 \[open/normative\] = 告警去重：同一台设备同一类告警不要重复刷屏 \(周扬, 周四前\) @0,2`,
		`obligation/-/告警记录导出excel给质量部 \[open/normative\]`,
	}, []string{`constraint/-/告警去重`, `obligation/-/短信通道对接`})
}

// TestKeptFor: how long a thing is kept is its retention, the last time
// said when a repair stands between two ("fourteen days no scratch that
// a month thirty days"); "scratch that" repairs, it releases no task.
func TestKeptFor(t *testing.T) {
	for s, want := range map[string]string{
		"and keep a copy of everything you send for fourteen days no scratch that a month thirty days in case a practice complains.": "retention=30 days",
		"Keep the logs for 30 days.":   "logs_retention=30 days",
		"keep backups for two weeks":   "backups_retention=2 weeks",
		"keep it for 3 days or 5 days": "",
	} {
		got := ""
		if p, ok := keptFor(s); ok {
			got = strings.TrimPrefix(p.Key, "value/-/") + "=" + p.Value
		}
		if got != want {
			t.Errorf("keptFor(%q) = %q, want %q", s, got, want)
		}
	}
	script := "> user\nBuild the bridge. Remember to add a changelog entry.\n> assistant\nok\n> user\nkeep a copy of everything you send for fourteen days no scratch that a month thirty days.\n"
	expect(t, reduceAll(t, script), []string{`value/-/retention \[current/normative\] = 30 days`, `changelog-entry \[open/normative\]`}, nil)
}
