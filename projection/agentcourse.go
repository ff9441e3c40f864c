package projection

import "strings"

// The course the agent says it takes or took, in the forms decisionRE,
// zhDecisionRE and jaDecisionRE do not read.
//
// "`tokio::sync::Mutex` に変えて、ガードの範囲を await の前で切ります": a
// change named in its te-form, then what the agent will do ("I'll switch
// to tokio::sync::Mutex and end the guard before the await");
// "refresh 側で inflight の SKU だけコピーしてから price_cache を見るように
// 直します": the fix said as what it will make the code do ("I'll fix it
// so that …"). Not a course: the change tried and the run repeated
// ("タイムアウトを 30 秒に変えて、もう一度実行します"), a report in the past
// ("…に変えて、テストが通りました").
//
// "… no longer exists in 2.10, switched to `airflow.operators.empty.
// EmptyOperator`", "replaced `DummyOperator` with `EmptyOperator`": a
// switch the agent reports made ("switching to" already reads as one).
// Not a switch of approach: "switched to the release branch", "switched
// to the repo directory".
//
// "Deduped with `row_number() over (…)`", "Fixed by wrapping it in
// `sync.Once`", "用 `row_number()` 去重了", "`row_number()` で重複を除き
// ました": the means of a change the agent made, named as code. Not a
// choice: the tool a step ran with ("Tested with `pytest -k slow`",
// "Checked with `grep`", "用 `grep` 查了一下").

// jaCourseRE is a Japanese course: a change in te-form and the rest of
// the work in "…ます", or a fix said as what the code will do.
var jaCourseRE = mustPattern(`^.+?(?:に|へ)(?:変えて|変更して|切り替えて|置き換えて|移行して|差し替えて)[、,，].+?ます[。.!！]?$|^.+?ように(?:直します|修正します|変更します|変えます|書き換えます)[。.!！]?$`)

// jaTrialEndRE ends a sentence with a run or a check: a trial, not a
// course.
var jaTrialEndRE = mustPattern(`(?:試し|実行し|確認し|見|走らせ|測り|計測し|再実行し|流し)ます[。.!！]?$`)

// doneSwitchRE is a switch the agent reports made.
var doneSwitchRE = mustPattern(`(?i)\b(?:switched(?:\s+over)?\s+to|replaced\s+\S+(?:\s+\S+)?\s+with|migrated\s+(?:\S+\s+)?to)\s+(\S+(?:\s+\S+){0,3})`)

// placeWordRE names where a session moves, not what it uses.
var placeWordRE = mustPattern(`(?i)\b(?:branch|directory|dir|folder|worktree|tab|window|workspace|terminal|shell|user|account)\b`)

// doneWithRE is a change the agent made, said with its means as code:
// the verb of a change, then "with", "using", "via" or "by", then the
// code. In Chinese and Japanese, the code, then the verb.
var doneWithRE = mustPattern("(?i)^(?:(?:i|we)\\s+)?(?:fixed|deduped|de-duplicated|deduplicated|replaced|resolved|solved|handled|guarded|wrapped|rewrote|rewritten|reworked|refactored|patched|worked around|filtered|pinned|capped|bounded|throttled|batched|cached|memoi[sz]ed|escaped|sanitized|normali[sz]ed|partitioned|keyed|replaced it|implemented|ported)\\s+(?:it\\s+|them\\s+|this\\s+|that\\s+)?(?:with|using|via|by(?:\\s+using|\\s+switching\\s+to|\\s+wrapping\\s+(?:it|them)\\s+in)?)\\s+`" +
	"|^(?:已经?)?(?:用|使用|通过|改用)\\s*`[^`]+`\\s*(?:来)?(?:去重|修复|修好|解决|处理|替换|过滤|实现|兜底)" +
	"|^`[^`]+`\\s*(?:を使って|で)\\s*[^。]{0,30}?(?:修正|解決|除去|排除|除き|対処|置き換え|直し|実装し)(?:ました|します)")

// stagedCourseRE is a course in two stages, now and later: "我先加到
// `baseline.xml`，后面再拆", "先用 mock，等接口好了再换", "とりあえず
// baseline に入れて、分割は後でやります"; or the Chinese "我先" with a
// change ("我先把它加到 baseline"). Not a course: a look first ("我先看一下
// 日志", "我先跑一下测试", "まずログを見ます").
var stagedCourseRE = mustPattern(`(?:^|[，,；;：:])\s*(?:我们?)?先\s*[^，,；;。]{1,40}?[，,；;]\s*(?:然后\s*)?(?:后面|之后|以后|回头|下次|下个版本|下一版|等[^，,；;。]{1,20}?)\s*再|(?:^|[，,；;：:])\s*(?:我们?)先\s*(?:把\s*[^，,；;。]{1,30}?)?(?:加到|加进|加入|改成|改为|删掉|换成|保留|留着|跳过|关掉|禁用|回滚到|固定到|固定在|锁定|标记为|忽略|注释掉|绕过|屏蔽)|^(?:とりあえず|ひとまず|いったん|一旦|まず)\s*[^。]{1,40}?[、,，]\s*[^。]{0,20}?(?:後で|あとで|後ほど|次の(?:バージョン|リリース|PR)で)[^。]{0,10}?(?:します|やります|対応します|直します)`)

// agentCourse reports whether the assistant's sentence l states the
// course it takes or took (above), one no active decision (decisions)
// already chose.
func agentCourse(l string, decisions []string) bool {
	return newCourse(l) && !carriedOut(l, decisions)
}

// carriedOut reports whether sentence l names a thing, written as one
// name ("AnalyzingInfixLookup", "tokio::sync::RwLock"), that one of the
// active decisions names: "Replaced title_prefix with a SuggestComponent
// using AnalyzingInfixLookupFactory" after the user chose "the Solr
// Suggester with AnalyzingInfixLookup instead" carries that choice out.
func carriedOut(l string, decisions []string) bool {
	ll := strings.ToLower(l)
	for _, d := range decisions {
		for _, n := range distinctive(d) {
			if len(n) >= 5 && strings.Contains(ll, strings.ToLower(n)) {
				return true
			}
		}
	}
	return false
}

// newCourse reports whether sentence l has a form of a course (above).
func newCourse(l string) bool {
	if jaCourseRE.MatchString(l) && !jaTrialEndRE.MatchString(l) {
		return true
	}
	if m := doneSwitchRE.FindStringSubmatch(l); m != nil && !placeWordRE.MatchString(m[1]) && !hypothesisRE.MatchString(l) {
		return true
	}
	return doneWithRE.MatchString(strings.TrimSpace(l)) || stagedCourseRE.MatchString(l)
}
