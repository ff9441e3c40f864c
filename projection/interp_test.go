package projection

import (
	"slices"
	"strings"
	"testing"
)

func TestLastListed(t *testing.T) {
	for _, tc := range []struct{ cmd, want string }{
		{"set -a; . env; set +a; make test", "make test"},
		{"psql -c 'SELECT 1; SELECT 2'", "psql -c 'SELECT 1; SELECT 2'"},
		{`echo "a;b" && make`, `echo "a;b" && make`},
		{`sed -i s/a\;b/c/ f`, `sed -i s/a\;b/c/ f`},
		{"make build;", ""},
		{"echo 'unclosed; make", ""},
	} {
		if got := lastListed(tc.cmd); got != tc.want {
			t.Errorf("lastListed(%q) = %q, want %q", tc.cmd, got, tc.want)
		}
	}
}

func TestScriptRun(t *testing.T) {
	for _, tc := range []struct{ cmd, want string }{
		// An interpreter's options and their values are how the script
		// was started; the script is the program.
		{"php -d memory_limit=1024M vendor/bin/rector process app/Http", "vendor/bin/rector process app/Http"},
		{"php artisan test --parallel", "artisan test --parallel"},
		{"/usr/bin/python3.12 -X importtime -u train.py --epochs 3", "train.py --epochs 3"},
		{"python -m pytest tests/ -q", "pytest tests/ -q"},
		{"python3 -W ignore -m pytest -x", "pytest -x"},
		{"node --max-old-space-size=4096 -r dotenv/config dist/index.js --port 8080", "dist/index.js --port 8080"},
		{"bash -x scripts/deploy.sh staging", "scripts/deploy.sh staging"},
		{"ruby -Ilib -r bundler/setup bin/rake spec", "bin/rake spec"},
		// A runner starts the program after it.
		{"npx --yes jest --ci", "jest --ci"},
		{"bundle exec fastlane ios beta", "fastlane ios beta"},
		{"uv run --frozen pytest -q", "pytest -q"},
		{"uv run --with pandas python scripts/report.py --month 11", "scripts/report.py --month 11"},
		{"npx -p typescript tsc --noEmit", "tsc --noEmit"},
		{"poetry run python -m mypy src", "mypy src"},
		{"pnpm exec vitest run", "vitest run"},
		// Code given inline: the interpreter stays the program.
		{"python -c 'import torch; print(torch.__version__)'", "python -c 'import torch; print(torch.__version__)'"},
		{"bash -lc 'make test'", "bash -lc 'make test'"},
		{"node -e 'console.log(1)'", "node -e 'console.log(1)'"},
		{"php -r 'echo PHP_VERSION;'", "php -r 'echo PHP_VERSION;'"},
		// No script at all, and programs that are no interpreter.
		{"python --version", "python --version"},
		{"pnpm install", "pnpm install"},
		{"phpunit --filter Foo", "phpunit --filter Foo"},
		{"bundle install", "bundle install"},
	} {
		if got := strings.Join(scriptRun(strings.Fields(tc.cmd)), " "); got != tc.want {
			t.Errorf("scriptRun(%q) = %q, want %q", tc.cmd, got, tc.want)
		}
	}
}

func TestInterpreterRunsResolve(t *testing.T) {
	for _, tc := range []struct {
		failed, because, passed, out string
		want                         bool
	}{
		// The same dry run out of memory, then passing with a larger
		// limit given to its interpreter.
		{"vendor/bin/rector process app/Http app/Models --dry-run", "PHP Fatal error: Allowed memory size of 536870912 bytes exhausted",
			"php -d memory_limit=1024M vendor/bin/rector process app/Http app/Models --dry-run", "41 files would have been changed (dry-run) by Rector", true},
		// A dry run passing does not fix the real run's failure.
		{"vendor/bin/rector process app/Http", "PHP Fatal error: Allowed memory size of 536870912 bytes exhausted",
			"php -d memory_limit=1024M vendor/bin/rector process app/Http --dry-run", "41 files would have been changed (dry-run)", false},
		// The script run again under another interpreter's options.
		{"python3 train.py --config cfg/a.yaml --batch-size 64", "torch.OutOfMemoryError: CUDA out of memory",
			"python3 -u train.py --config cfg/a.yaml --batch-size 32", "epoch 1/3 done", true},
		// A list's last command passed, with an option added: the same
		// subscription with the credentials sourced first.
		{"mosquitto_sub -h 192.168.10.5 -t 'tambak/+/do' -C 6 -v", "Connection error: Connection Refused: not authorised.",
			`set -a; . /etc/tambak/mqtt.env; set +a; mosquitto_sub -h 192.168.10.5 -u telegraf -P "$MQTT_PASS" -t 'tambak/+/do' -C 6 -v`, "tambak/a1/do 5.84", true},
		// only the last command of a list is known to have passed
		{"mosquitto_sub -h 192.168.10.5 -t 'tambak/+/do' -C 6 -v", "Connection error: Connection Refused: not authorised.",
			`mosquitto_sub -h 192.168.10.5 -u telegraf -t 'tambak/+/do' -C 6 -v; echo done`, "done", false},
		// Another script of the same interpreter is another program.
		{"python export.py --format onnx", "ModuleNotFoundError: No module named 'onnx'",
			"python train.py --format onnx", "ok", false},
	} {
		if got := resolvedBy(tc.failed, tc.because, nil, tc.passed, tc.out); got != tc.want {
			t.Errorf("resolvedBy(%q, then %q) = %v, want %v", tc.failed, tc.passed, got, tc.want)
		}
	}
	// The user said which command to run; the failed command had no
	// operand once its interpreter is dropped.
	hint := "that's the env thing, you have to run `make env` first"
	if !resolvedBy("python build.py --dry-run", "Cannot find proj.db", []string{hint}, "make env && python build.py --dry-run", "env: PROJ_LIB=/x") {
		t.Error("a failure of a script with no operands is not resolved by the command the user told to run")
	}
	if got := runFields("CUDA_VISIBLE_DEVICES=0 php8.3 -d x=1 artisan migrate"); !slices.Equal(got, []string{"artisan", "migrate"}) {
		t.Errorf("runFields = %q", got)
	}
}

func TestStagesOf(t *testing.T) {
	got := stagesOf(`set -a; . env; set +a; psql -c 'SELECT 1; SELECT 2' && make test`)
	want := []string{"set -a", ". env", "set +a", "psql -c 'SELECT 1; SELECT 2'", "make test"}
	if !slices.Equal(got, want) {
		t.Errorf("stagesOf = %q, want %q", got, want)
	}
}
