package projection

import (
	"encoding/json"
	"testing"
)

// Edits of several lines set the settings their lines hold (trial 10 A6,
// B6-B8): module constants and HCL block settings, named by their block;
// a function's variables, names of one letter, a nested map's entries
// set none.
func TestBlockEditValues(t *testing.T) {
	roo := func(path, old, new string) string {
		return "<<<<<<< SEARCH\n:start_line:1\n-------\n" + old + "\n=======\n" + new + "\n>>>>>>> REPLACE"
	}
	cases := []scriptCase{
		{"es: two constants in one apply_diff hunk, the read value superseded", "\n> user\nsube el time limit de celery, la tarea de export se corta\n" +
			"> assistant\nediting\n> call apply_diff " + jsonArgs("path", "tienda/settings/base.py", "diff", roo("", "CELERY_TASK_TIME_LIMIT = 300\nCELERY_TASK_SOFT_TIME_LIMIT = 270", "CELERY_TASK_TIME_LIMIT = 900\nCELERY_TASK_SOFT_TIME_LIMIT = 870")) +
			"\n> result\nmodified\n> user\n900 es demasiado, pon 600 (soft 570)\n" +
			"> assistant\nediting\n> call apply_diff " + jsonArgs("path", "tienda/settings/base.py", "diff", roo("", "CELERY_TASK_TIME_LIMIT = 900\nCELERY_TASK_SOFT_TIME_LIMIT = 870", "CELERY_TASK_TIME_LIMIT = 600\nCELERY_TASK_SOFT_TIME_LIMIT = 570")) +
			"\n> result\nmodified\n",
			[]string{`base.py/celery_task_time_limit \[current/empirical\] = 600 \(was 900\)`, `base.py/celery_task_soft_time_limit \[current/empirical\] = 570 \(was 870\)`}, nil},
		{"en: a TS constant among code lines", "\n> user\nretry more\n" +
			"> assistant\nediting\n> call edit " + jsonArgs("path", "src/config.ts", "old_string", "import x from 'y';\nexport const MAX_RETRIES = 3;\nexport const BASE_URL = '/api';", "new_string", "import x from 'y';\nexport const MAX_RETRIES = 5;\nexport const BASE_URL = '/api';") +
			"\n> result\nok\n",
			[]string{`src/config.ts/max_retries \[current/empirical\] = 5 \(was 3\)`}, nil},
		{"near miss: a function's variables, a one-letter name", "\n> user\nfix it\n" +
			"> assistant\nediting\n> call edit " + jsonArgs("path", "app/tasks.py", "old_string", "def run():\n    retries = 3\n    timeout = 30\nB = 2", "new_string", "def run():\n    retries = 5\n    timeout = 60\nB = 3") +
			"\n> result\nok\n",
			nil, []string{`retries`, `timeout`, `/b `}},
		{"ko: HCL variable blocks keyed by the variable; a one-line revert is the block that held the old value", "\n> user\nbackup 보존기간 기본값 35로\n" +
			"> assistant\nediting\n> call replace_string_in_file " + jsonArgs("filePath", "/r/stacks/staging/data/variables.tf", "oldString", "variable \"backup_retention_period\" {\n  type    = number\n  default = 7\n}", "newString", "variable \"backup_retention_period\" {\n  type    = number\n  default = 35\n}") +
			"\n> result\nThe following files were successfully edited\n" +
			"> assistant\nediting\n> call replace_string_in_file " + jsonArgs("filePath", "/r/stacks/staging/data/variables.tf", "oldString", "variable \"instance_class\" {\n  type    = string\n  default = \"db.t3.medium\"\n}", "newString", "variable \"instance_class\" {\n  type    = string\n  default = \"db.r6g.large\"\n}") +
			"\n> result\nThe following files were successfully edited\n> user\nr6g는 비싸, 되돌려\n" +
			"> assistant\nediting\n> call replace_string_in_file " + jsonArgs("filePath", "/r/stacks/staging/data/variables.tf", "oldString", "  default = \"db.r6g.large\"", "newString", "  default = \"db.t3.medium\"") +
			"\n> result\nThe following files were successfully edited\n" +
			"> assistant\nediting\n> call replace_string_in_file " + jsonArgs("filePath", "/r/stacks/staging/network/main.tf", "oldString", "  version = \"~> 5.0\"", "newString", "  version = \"5.16.0\"") +
			"\n> result\nThe following files were successfully edited\n",
			[]string{`var.backup_retention_period.default \[current/empirical\] = 35 \(was 7\)`, `var.instance_class.default \[current/empirical\] = db.t3.medium \(was db.r6g.large\)`,
				`network/main.tf/version \[current/empirical\] = 5.16.0 \(was ~> 5.0\)`}, []string{`variables.tf/default `}},
		{"near miss: a map's entries in a resource, another directory's file of one name", "\n> user\ntag it\n" +
			"> assistant\nediting\n> call replace_string_in_file " + jsonArgs("filePath", "/r/prod/variables.tf", "oldString", "variable \"size\" {\n  default = 7\n}", "newString", "variable \"size\" {\n  default = 9\n}") +
			"\n> result\nok\n" +
			"> assistant\nediting\n> call replace_string_in_file " + jsonArgs("filePath", "/r/staging/variables.tf", "oldString", "resource \"aws_s3_bucket\" \"logs\" {\n  tags = {\n    Tier = \"t1\"\n  }\n  default = 8\n}", "newString", "resource \"aws_s3_bucket\" \"logs\" {\n  tags = {\n    Tier = \"t2\"\n  }\n  default = 8\n}") +
			"\n> result\nok\n",
			[]string{`/r/prod/variables.tf/var.size.default \[current/empirical\] = 9 \(was 7\)`}, []string{`tier`, `staging/variables.tf/var.size`}},
	}
	runScriptCases(t, cases)
}

// Aider's edit blocks set the settings they change with the agent's
// authority (trial 10 C7-C11); a block under no file's name, or a value
// the user set, does not.
func TestReplyEditValues(t *testing.T) {
	block := func(file, old, new string) string {
		return file + "\n```yaml\n<<<<<<< SEARCH\n" + old + "\n=======\n" + new + "\n>>>>>>> REPLACE\n```\n"
	}
	cases := []scriptCase{
		{"fr: YAML blocks in Aider replies", "\n> user\non laisse tomber bf16 : fp16\n> assistant\nCompris.\n\n" + block("configs/r50.yaml", "amp_dtype: bf16\ncompile: true", "amp_dtype: fp16\ncompile: false") +
			"> user\nApplied edit to configs/r50.yaml\n",
			[]string{`r50.yaml/amp_dtype \[current/decision\] = fp16 \(was bf16\)`, `r50.yaml/compile \[current/decision\] = false \(was true\)`}, nil},
		{"en: a Python constant", "\n> user\nraise the page size\n> assistant\nDone.\n\n" + block("app/settings.py", "PAGE_SIZE = 50\nDEBUG = False", "PAGE_SIZE = 100\nDEBUG = False") +
			"> user\nApplied edit to app/settings.py\n",
			[]string{`settings.py/page_size \[current/decision\] = 100 \(was 50\)`}, []string{`debug`}},
		{"near miss: a block under no file's name", "\n> user\nhow would that look?\n> assistant\nSomething like:\n```\n<<<<<<< SEARCH\nlr: 0.1\n=======\nlr: 0.05\n>>>>>>> REPLACE\n```\n",
			nil, []string{`/lr `}},
		{"the user's value stands against the block's", "\n> user\nspeed up the loader\n> user\nSet max_workers to 4.\n> assistant\nok\n\n" + block("cfg.yaml", "max_workers: 4", "max_workers: 8") + "> user\nApplied edit to cfg.yaml\n",
			[]string{`max_workers \[current/normative\] = 4`}, []string{`= 8`}},
	}
	runScriptCases(t, cases)
}

// jsonArgs is a call's arguments, key then value, as one line of JSON.
func jsonArgs(kv ...string) string {
	m := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	b, _ := json.Marshal(m)
	return string(b)
}
