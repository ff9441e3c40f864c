package projection

import "testing"

// Everyday phrasings: a value told with "now" after it, a decision that
// is a number, a request asked as a question for a later moment, and a
// "make sure … never" that is a rule.
func TestPlainAsks(t *testing.T) {
	for _, c := range []struct {
		says        string
		want, never []string
	}{
		{"The retry limit is 5 now.", []string{`value/-/retry_limit \[current/normative\] = 5 \(was 3\)`}, []string{`= 3 @`}},
		{"The retry limit is 5 now, not 3.", []string{`value/-/retry_limit \[current/normative\] = 5 \(was 3\)`}, nil},
		{"we decided the retry limit is 5.", []string{`value/-/retry_limit \[current/normative\] = 5 \(was 3\)`}, []string{`decision `}},
		{"can you update the changelog tomorrow?", []string{`obligation .*\[open/normative\] = can you update the changelog tomorrow\?`}, nil},
		{"could you also send the report by friday?", []string{`obligation .*\[open/normative\] = could you also send the report by friday\?`}, nil},
		{"can you check the changelog?", nil, []string{`obligation `}},
		{"can you not deploy tomorrow?", nil, []string{`obligation `}},
		{"Please make sure nothing gets written to the prod bucket, ever.", []string{`constraint .*\[active/normative\] = Please make sure nothing gets written`}, []string{`obligation `}},
		{"make sure you never write to the prod bucket.", []string{`constraint .*make sure you never write`}, []string{`obligation `}},
		{"make sure you don't forget the changelog.", []string{`obligation `}, []string{`constraint `}},
		{"make sure the tests pass before you push.", []string{`obligation `}, nil},
	} {
		expect(t, reduceAll(t, "> user\nWe're working on the exporter today. The retry limit is 3.\n> assistant\nOK.\n> user\n"+c.says), c.want, c.never)
	}
}

// A task called off or done by someone else, said with one word of it
// ("skip the changelog", "Priya already updated the changelog"), releases
// the one open obligation naming that word; a bare "X is done" of another
// thing releases nothing. A task whose moment closes its imperative ("And
// run the migration tests tomorrow.") is a task; a farewell is none.
func TestTasksCalledOffByOneWord(t *testing.T) {
	base := "> user\nWe're working on the exporter today.\n> assistant\nOK.\n> user\nAlso update the changelog before Friday. And run the migration tests tomorrow.\n> assistant\nOK.\n> user\n"
	for _, c := range []struct {
		says        string
		want, never []string
	}{
		{"skip the changelog.", []string{`update-changelog-before-friday \[lifted`, `run-migration-tests-tomorrow \[open`}, nil},
		{"the changelog is already done.", []string{`update-changelog-before-friday \[lifted`}, nil},
		{"Priya already updated the changelog.", []string{`update-changelog-before-friday \[lifted`}, nil},
		{"I did the changelog myself.", []string{`update-changelog-before-friday \[lifted`}, nil},
		{"skip the tests.", []string{`run-migration-tests-tomorrow \[lifted`, `update-changelog-before-friday \[open`}, nil},
		{"the migration is done.", []string{`run-migration-tests-tomorrow \[open`, `update-changelog-before-friday \[open`}, nil},
		{"ok thanks, catch you tomorrow.", nil, []string{`catch-you`}},
	} {
		expect(t, reduceAll(t, base+c.says+"\n> assistant\nOK."), c.want, c.never)
	}
}

// A thing named by its usual abbreviation is the same thing: "the prod db
// is fair game now" lifts "Don't touch the prod database".
func TestAbbreviationsNameTheSameThing(t *testing.T) {
	for _, says := range []string{"the prod db is fair game now", "you can touch the production database now."} {
		expect(t, reduceAll(t, "> user\nWe're working on the exporter today. Don't touch the prod database.\n> assistant\nOK.\n> user\n"+says),
			[]string{`don-t-touch-prod-database \[lifted`}, nil)
	}
}

// Two settings told in one sentence, joined by "and" or a comma, are two
// values under their own names; a state joined to a rule by "and" is no
// value.
func TestTwoSettingsInOneSentence(t *testing.T) {
	for _, c := range []struct {
		says        string
		want, never []string
	}{
		{"The timeout is 30s and retries are 3.", []string{`value/-/timeout \[current/normative\] = 30s`, `value/-/retries \[current/normative\] = 3`}, []string{`_is`}},
		{"timeout is 30s, retries 3", []string{`value/-/timeout \[current/normative\] = 30s`, `value/-/retries \[current/normative\] = 3`}, []string{`timeout_is`}},
		{"Timeout is 30s and we retry 3 times.", []string{`value/-/timeout \[current/normative\] = 30s`}, []string{`_is`}},
		{"Input files under /data/raw are read-only and must never be modified.", []string{`constraint `}, []string{`value/`}},
	} {
		expect(t, reduceAll(t, "> user\nWe're working on the exporter today.\n> assistant\nOK.\n> user\n"+c.says), c.want, c.never)
	}
}

// A value given for a setting named after it goes to that setting, never
// to the one named last; a number before the noun of a held setting sets
// it.
func TestValueForANamedSetting(t *testing.T) {
	for _, c := range []struct {
		says        string
		want, never []string
	}{
		{"actually let's go with 45s for the timeout", []string{`value/-/timeout \[current/normative\] = 45s \(was 30s\)`}, []string{`retries .*= 45s`}},
		{"45s for the timeout please", []string{`value/-/timeout \[current/normative\] = 45s \(was 30s\)`}, nil},
		{"go with 2 retries", []string{`value/-/retries \[current/normative\] = 2 \(was 3\)`}, nil},
		{"let's do 5 retries instead", []string{`value/-/retries \[current/normative\] = 5 \(was 3\)`}, nil},
		{"let's do 5 workers instead", nil, []string{`= 5 `}},
	} {
		expect(t, reduceAll(t, "> user\nWe're working on the exporter today. The timeout is 30s and retries are 3.\n> assistant\nOK.\n> user\n"+c.says), c.want, c.never)
	}
}

// A short reply that passes the agent's one question on ("I'll ask
// Maria.", "no idea tbh, Maria decides that") keeps it open, whatever
// words it shares with it, and decides nothing.
func TestOneQuestionPassedOn(t *testing.T) {
	for _, says := range []string{"I'll ask Maria.", "not sure, let me check with Maria", "no idea tbh, Maria decides that"} {
		expect(t, reduceAll(t, "> user\nWe're building the invoice exporter today.\n> assistant\nShould the export be CSV or XLSX?\n> user\n"+says),
			[]string{`uncertainty question/-/export-csv-xlsx \[hypothesis/normative\] = Should the export be CSV or XLSX\? — `}, []string{`decision `})
	}
}

// A team's norm with a verb of practice is a rule wherever it stands
// ("we don't log customer names", "We only deploy on Tuesdays"); a
// description is none ("we don't have tests", "we never got a reply"). A
// rule for every case said with "before …" is no task done once.
func TestTeamNorms(t *testing.T) {
	for _, c := range []struct {
		says        string
		want, never []string
	}{
		{"we don't log customer names.", []string{`constraint .*= we don't log customer names`}, nil},
		{"We never log customer names.", []string{`constraint .*= We never log customer names`}, nil},
		{"We only deploy on Tuesdays.", []string{`constraint .*= We only deploy on Tuesdays`}, nil},
		{"we don't have tests for the exporter.", nil, []string{`constraint `}},
		{"we never got a reply from finance.", nil, []string{`constraint `}},
		{"we don't even deploy this, it's a CLI.", nil, []string{`constraint `}},
		{"do we only deploy on Tuesdays?", nil, []string{`constraint `}},
		{"Everything must be reviewed by two people before merging.", []string{`constraint .*= Everything must be reviewed`}, []string{`obligation `}},
	} {
		expect(t, reduceAll(t, "> user\nWe're building the invoice exporter today.\n> assistant\nOK.\n> user\n"+c.says), c.want, c.never)
	}
}

// Deadlines said as the end of a period, a date's ordinal or an event's
// day set tasks, and so does work the speaker needs done by then.
func TestDeadlinesInEverydayWords(t *testing.T) {
	for _, c := range []struct {
		says        string
		want, never []string
	}{
		{"we need the export ready before the demo on Thursday.", []string{`obligation .*\[open/normative\] = we need the export ready before the demo on Thursday`}, nil},
		{"please have the migration script done by end of week.", []string{`obligation .*\[open/normative\] = please have the migration script done by end of week`}, nil},
		{"send the sample file to finance by EOD.", []string{`obligation .*\[open/normative\] = send the sample file`}, nil},
		{"we need a decision from legal before the 15th, nothing to do for you.", nil, nil},
		{"don't deploy before the demo on Thursday.", []string{`constraint `}, []string{`obligation `}},
	} {
		expect(t, reduceAll(t, "> user\nWe're building the invoice exporter today.\n> assistant\nOK.\n> user\n"+c.says), c.want, c.never)
	}
}

// The agent saying the user's choice again ("Going with XLSX then, using
// excelize.") adds a source to it, not a second decision; a decision of
// its own beside it is kept.
func TestAgentRestatesTheUsersChoice(t *testing.T) {
	base := "> user\nWe're building the invoice exporter today.\n> assistant\nOptions: A) CSV B) XLSX. Which one?\n> user\nB.\n> assistant\n"
	expect(t, reduceAll(t, base+"Going with XLSX then, using excelize."), []string{`decision/-/xlsx \[active/normative\] = XLSX \(B\.\) @2,3`}, []string{`using excelize`})
	expect(t, reduceAll(t, base+"Going with XLSX. I'll write the rows with a streaming writer and cap each sheet at a million rows."), []string{`decision/-/xlsx \[active/normative\]`}, nil)
}

// After looking, a number said of a word of the one question of fact
// waiting answers it ("Which Go version are we on?" … "We're on Go
// 1.22.4."); a digit inside a name ("base64") answers nothing.
func TestNumberAnswersTheOneQuestion(t *testing.T) {
	out := reduceAll(t, "> user\nWe're building the invoice exporter today. Which Go version are we on?\n> assistant\nChecking.\n> call bash {\"command\": \"go version\"}\n> result\ngo version go1.22.4 linux/amd64\n> assistant\nWe're on Go 1.22.4.")
	expect(t, out, []string{`decision/answer/.* = We're on Go 1\.22\.4\. \(was Which Go version are we on\?\)`}, nil)
	out = reduceAll(t, "> user\nWe're building the invoice exporter today. Which cursor encoding do we use?\n> assistant\nChecking.\n> call bash {\"command\": \"grep -rn cursor api/\"}\n> result\napi/page.go:12: cursor := r.URL.Query().Get(\"cursor\")\n> assistant\nThe cursor is not base64 at all.")
	expect(t, out, nil, []string{`decision/answer/`})
}
