package projection

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// scriptCall is a script line calling tool name with args.
func scriptCall(name string, args map[string]any) string {
	b, _ := json.Marshal(args)
	return fmt.Sprintf("> call %s %s", name, b)
}

// A checker's failure rechecked by counting its lines (countcheck.go).
func TestCountRecheck(t *testing.T) {
	findings := "src/can.cpp:41:7: warning: narrowing conversion from 'int' to signed type 'int8_t' is implementation-defined [bugprone-narrowing-conversions]\n   41 |   id = raw >> 3;\n      |       ^\nsrc/can.cpp:58:12: warning: narrowing conversion from 'long' to 'int' [bugprone-narrowing-conversions]\n2 warnings treated as errors"
	const tidy = "clang-tidy src/can.cpp -p build"
	cases := []struct {
		name, failed, recheck, status, out string
		want                               string // the failure's lifecycle
	}{
		{"repro: grep -cE prints 0", tidy, `clang-tidy src/can.cpp -p build 2>&1 | grep -cE "warning|error"`, "", "0", "resolved"},
		{"grep -c's 0 with exit 1", tidy, `clang-tidy src/can.cpp -p build 2>&1 | grep -cE "warning|error"`, "error", "0", "resolved"},
		{"exit status line, then 0", tidy, `clang-tidy src/can.cpp -p build 2>&1 | grep -c warning`, "error", "Exit code 1\n0", "resolved"},
		{"wc -l of a grep", tidy, `clang-tidy -p build src/can.cpp 2>&1 | grep -E "warning|error" | wc -l`, "", "       0", "resolved"},
		{"the check's own name", tidy + " --warnings-as-errors='*'", "clang-tidy src/can.cpp -p build 2>&1 | grep -c narrowing", "error", "0", "resolved"},
		// near misses: a count not 0, another pattern, other files
		{"count 2", tidy, `clang-tidy src/can.cpp -p build 2>&1 | grep -cE "warning|error"`, "", "2", "investigating"},
		{"wc -l of 3", tidy, `clang-tidy -p build src/can.cpp 2>&1 | grep -E "warning|error" | wc -l`, "", "3", "investigating"},
		{"another pattern", tidy, "clang-tidy src/can.cpp -p build 2>&1 | grep -c note", "error", "0", "investigating"},
		{"another file", tidy, `clang-tidy src/other.cpp -p build 2>&1 | grep -cE "warning|error"`, "", "0", "investigating"},
		{"fewer files", "clang-tidy -p build src/can.cpp src/frame.cpp", `clang-tidy src/can.cpp -p build 2>&1 | grep -cE "warning|error"`, "", "0", "investigating"},
		{"flag changed, count 2", tidy + " --warnings-as-errors='*'", `clang-tidy src/can.cpp -p build --warnings-as-errors="*" 2>&1 | grep -c narrowing`, "", "2", "investigating"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			script := strings.Join([]string{
				"> user", "Fix the clang-tidy findings in the CAN parser.",
				"> assistant", scriptCall("bash", map[string]any{"command": c.failed}),
				"> result error", findings,
				"> assistant", "I'll add a static_cast there.",
				scriptCall("edit", map[string]any{"path": "src/can.cpp", "old_string": "id = raw >> 3;", "new_string": "id = static_cast<int8_t>(raw >> 3);"}),
				"> result", "ok",
				"> assistant", scriptCall("bash", map[string]any{"command": c.recheck}),
				"> result " + c.status, c.out,
			}, "\n")
			out := reduceAll(t, script)
			expect(t, out, []string{`f2\.0 failure command/-/clang-tidy .*\[` + c.want + `/`}, []string{`failure command/-/clang-tidy .*grep`})
		})
	}
}

func TestCountShown(t *testing.T) {
	const failed, because = "clang-tidy a.cpp", "a.cpp:3:1: warning: x [bugprone-y]"
	cases := []struct {
		passed, out  string
		shown, count bool
	}{
		{"clang-tidy a.cpp | grep -c warning", "0", true, true},
		{"clang-tidy a.cpp 2>&1 | grep -ciE 'WARN|error'", "0\n", true, true},
		{"clang-tidy a.cpp | grep -v note | grep -c warning", "0", true, true},
		{"clang-tidy a.cpp | grep warning | wc -l", "  0", true, true},
		{"clang-tidy a.cpp | grep -c warning", "4", false, true},
		{"clang-tidy a.cpp | grep -c note", "0", false, true},
		{"clang-tidy a.cpp | grep -v warning | wc -l", "0", false, true},
		// not a count of the failed run's lines
		{"clang-tidy a.cpp | grep warning | head -3 | wc -l", "0", false, false},
		{"clang-tidy a.cpp | grep -c warning", "0 warnings", false, false},
		{"clang-tidy a.cpp | grep warning", "0", false, false},
		{"cppcheck a.cpp | grep -c warning", "0", false, false},
		{"clang-tidy a.cpp | wc -l", "0", true, true},
		{"clang-tidy a.cpp | grep -c warning old.log", "0", false, false},
		{"clang-tidy a.cpp | grep -c -e warning old.log", "0", false, false},
		{"clang-tidy a.cpp | grep -c -e warning", "0", true, true},
	}
	for _, c := range cases {
		shown, ok := countShown(failed, c.passed, because, c.out)
		if shown != c.shown || ok != c.count {
			t.Errorf("countShown(%q, %q) = %v, %v; want %v, %v", c.passed, c.out, shown, ok, c.shown, c.count)
		}
	}
}

// A test an edit disabled is put aside, not fixed (skipedit.go).
func TestSkipEditSupersedes(t *testing.T) {
	cases := []struct {
		name             string
		failCmd, failOut string
		user             string
		edit             map[string]any
		passCmd, passOut string
		want             string
		obligation       bool
	}{
		{"repro: GoogleTest DISABLED_", "./build/tests/can_parser_test",
			"[ RUN      ] CanParserTest.Fuzz\n/home/dev/fw/test/can_parser_test.cpp:88: Failure\n[  FAILED  ] CanParserTest.Fuzz (12 ms)\n[  PASSED  ] 3 tests.\n[  FAILED  ] 1 test, listed below:\n[  FAILED  ] CanParserTest.Fuzz",
			"disable it, ticket FW-318",
			map[string]any{"path": "test/can_parser_test.cpp", "old_string": "TEST_F(CanParserTest, Fuzz)", "new_string": "TEST_F(CanParserTest, DISABLED_Fuzz)"},
			"cmake --build build && ./build/tests/can_parser_test", "[==========] 3 tests from 1 test suite ran. (2 ms total)\n[  PASSED  ] 3 tests.\n\n  YOU HAVE 1 DISABLED TEST\n",
			"superseded", true},
		{"pytest skip, asked to file an issue", "pytest -q tests/test_rates.py",
			"F..\nFAILED tests/test_rates.py::test_rounding - AssertionError: 0.1 != 0.10000001\n1 failed, 2 passed in 0.12s",
			"please disable that test and file an issue for it",
			map[string]any{"path": "tests/test_rates.py", "old_string": "def test_rounding():", "new_string": "@pytest.mark.skip(reason=\"flaky rounding\")\ndef test_rounding():"},
			"pytest -q tests/test_rates.py", "s..\n2 passed, 1 skipped in 0.10s",
			"superseded", true},
		{"pytest xfail, no ticket", "pytest -q tests/test_rates.py",
			"F..\nFAILED tests/test_rates.py::test_rounding - AssertionError\n1 failed, 2 passed in 0.12s",
			"mark it xfail",
			map[string]any{"path": "tests/test_rates.py", "old_string": "def test_rounding():", "new_string": "@pytest.mark.xfail\ndef test_rounding():"},
			"pytest -q tests/test_rates.py", "x..\n2 passed, 1 xfailed in 0.10s",
			"superseded", false},
		{"go t.Skip", "go test ./internal/rates/",
			"--- FAIL: TestRounding (0.00s)\n    rates_test.go:12: got 0.1\nFAIL\nFAIL\texample.com/internal/rates\t0.01s",
			"mute that one, ticket FW-412",
			map[string]any{"path": "internal/rates/rates_test.go", "old_string": "func TestRounding(t *testing.T) {\n", "new_string": "func TestRounding(t *testing.T) {\n\tt.Skip(\"FW-412\")\n"},
			"go test -v ./internal/rates/", "=== RUN   TestRounding\n    rates_test.go:9: FW-412\n--- SKIP: TestRounding (0.00s)\nPASS\nok  \texample.com/internal/rates\t0.01s",
			"superseded", true},
		{"jest it.skip", "npx jest src/cart.test.ts",
			"FAIL src/cart.test.ts\n  ● cart › applies the coupon twice\nTests:       1 failed, 4 passed, 5 total",
			"disable it",
			map[string]any{"path": "src/cart.test.ts", "old_string": "it('applies the coupon twice'", "new_string": "it.skip('applies the coupon twice'"},
			"npx jest src/cart.test.ts", "PASS src/cart.test.ts\nTests:       1 skipped, 4 passed, 5 total",
			"superseded", false},
		{"rust #[ignore]", "cargo test median_large",
			"test stats::median_large ... FAILED\nfailures:\n    stats::median_large\ntest result: FAILED. 0 passed; 1 failed",
			"turn that test off",
			map[string]any{"path": "src/stats.rs", "old_string": "#[test]\nfn median_large() {", "new_string": "#[test]\n#[ignore]\nfn median_large() {"},
			"cargo test", "test stats::median_large ... ignored\ntest result: ok. 12 passed; 0 failed; 1 ignored",
			"superseded", false},
		// near misses: the test fixed, another test skipped, no skip shown
		{"fixed, not skipped", "./build/tests/can_parser_test",
			"[  FAILED  ] CanParserTest.Fuzz (12 ms)\n[  FAILED  ] 1 test, listed below:",
			"fix it",
			map[string]any{"path": "src/can.cpp", "old_string": "if (dlc > 9)", "new_string": "if (dlc > 8)"},
			"cmake --build build && ./build/tests/can_parser_test", "[  PASSED  ] 4 tests.",
			"resolved", false},
		{"another test disabled", "./build/tests/can_parser_test",
			"[  FAILED  ] CanParserTest.Fuzz (12 ms)\n[  FAILED  ] 1 test, listed below:",
			"fix it",
			map[string]any{"path": "test/can_parser_test.cpp", "old_string": "TEST_F(CanParserTest, Slow)", "new_string": "TEST_F(CanParserTest, DISABLED_Slow)"},
			"cmake --build build && ./build/tests/can_parser_test", "[  PASSED  ] 4 tests.\n\n  YOU HAVE 1 DISABLED TEST\n",
			"resolved", false},
		{"a skip mark removed", "pytest -q tests/test_rates.py",
			"FAILED tests/test_rates.py::test_rounding - AssertionError\n1 failed, 2 passed in 0.12s",
			"fix it",
			map[string]any{"path": "tests/test_rates.py", "old_string": "@pytest.mark.skip\ndef test_rounding():\n    assert r(0.1) == 0.1", "new_string": "def test_rounding():\n    assert r(0.1) == approx(0.1)"},
			"pytest -q tests/test_rates.py", "...\n3 passed, 1 skipped in 0.10s",
			"resolved", false},
		{"the mark was already there", "pytest -q tests/test_rates.py",
			"FAILED tests/test_rates.py::test_rounding - AssertionError\n1 failed, 2 passed in 0.12s",
			"fix it",
			map[string]any{"path": "tests/test_rates.py", "old_string": "@pytest.mark.skipif(WIN, reason=\"x\")\ndef test_rounding():\n    assert r(0.1) == 0.1", "new_string": "@pytest.mark.skipif(WIN, reason=\"x\")\ndef test_rounding():\n    assert r(0.1) == approx(0.1)"},
			"pytest -q tests/test_rates.py", "...\n3 passed, 1 skipped in 0.10s",
			"resolved", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			script := strings.Join([]string{
				"> user", "The tests fail, have a look.",
				"> assistant", scriptCall("bash", map[string]any{"command": c.failCmd}),
				"> result error", c.failOut,
				"> assistant", "That test fails on an edge case.",
				"> user", c.user,
				"> assistant", scriptCall("edit", c.edit),
				"> result", "ok",
				"> assistant", scriptCall("bash", map[string]any{"command": c.passCmd}),
				"> result", c.passOut,
			}, "\n")
			out := reduceAll(t, script)
			want := []string{`f2\.0 failure \S+ \[` + c.want + `/`}
			var never []string
			if c.obligation {
				want = append(want, `obligation obligation/-/fix-\S+ \[open/normative\] = fix `)
			} else {
				never = append(never, `obligation/-/fix-`)
			}
			expect(t, out, want, never)
		})
	}
}

func TestSkipMarked(t *testing.T) {
	cases := []struct {
		text string
		want []string
	}{
		{"TEST_F(CanParserTest, DISABLED_Fuzz) {", []string{"CanParserTest.Fuzz", "Fuzz"}},
		{"TEST(Parser, DISABLED_Big)", []string{"Parser.Big", "Big"}},
		{"@pytest.mark.skip(reason=\"x\")\n@pytest.mark.slow\ndef test_a():", []string{"test_a"}},
		{"@unittest.skip(\"x\")\n    def test_b(self):", []string{"test_b"}},
		{"#[test]\n#[ignore = \"slow\"]\nfn median_large() {", []string{"median_large"}},
		{"func TestX(t *testing.T) {\n\tt.Skip(\"flaky\")\n", []string{"TestX"}},
		{"it.skip('applies the coupon', () => {", []string{"applies the coupon"}},
		{"xit(\"renders\", () => {", []string{"renders"}},
		// no skip mark
		{"TEST_F(CanParserTest, Fuzz)", nil},
		{"@pytest.mark.parametrize(\"x\", [1])\ndef test_a(x):", nil},
		{"func TestX(t *testing.T) {\n\tif testing.Short() { return }\n}\nfunc helper() { t.Skip() }", nil},
		{"it('skip the header', () => {", nil},
	}
	for _, c := range cases {
		if got := skipMarked(c.text); !slices.Equal(got, c.want) {
			t.Errorf("skipMarked(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

// A code path dropped by name gives up the failure that ran it
// (droppath.go).
func TestCodePathDropped(t *testing.T) {
	tb := "Traceback (most recent call last):\n  File \"/app/orders/backfill.py\", line 14, in run_bulk\n    Order.objects.bulk_update(batch, [\"status\"], batch_size=5000)\ndjango.db.utils.OperationalError: (1206, 'The total number of locks exceeds the lock table size')"
	cases := []struct {
		name, out, agent, user string
		dropped                bool
	}{
		{"repro", tb, "bulk_update hits the lock table limit on this MySQL.", "drop bulk_update, just use a plain loop with save()", true},
		{"named by the agent only", "django.db.utils.OperationalError: (1206, 'The total number of locks exceeds the lock table size')", "Order.objects.bulk_update() hits the lock table limit.", "forget bulk_update, loop over them", true},
		{"swedish", tb, "Låstabellen räcker inte.", "glöm bulk_update, kör en vanlig loop", true},
		// near misses: a plain word, a name nothing named, put off, asked
		{"a plain word", tb, "It hits the lock table limit.", "drop the batch, just use a plain loop", false},
		{"a name the failure never named", tb, "It hits the lock table limit.", "drop bulk_create, just use a plain loop", false},
		{"put off", tb, "bulk_update hits the lock table limit.", "skip bulk_update for now, we'll come back to it later", false},
		{"asked", tb, "bulk_update hits the lock table limit.", "should we drop bulk_update?", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			script := strings.Join([]string{
				"> user", "Backfill the new status column on orders.",
				"> assistant", scriptCall("bash", map[string]any{"command": "python manage.py shell -c 'from orders.backfill import run_bulk; run_bulk()'"}),
				"> result error", c.out,
				"> assistant", c.agent,
				"> user", c.user,
				"> assistant", scriptCall("bash", map[string]any{"command": "python manage.py shell -c 'from orders.backfill import run_loop; run_loop()'"}),
				"> result", "updated 48211 orders",
			}, "\n")
			out := reduceAll(t, script)
			open := `failure command/-/python manage.py shell .*run_bulk.*\[open/`
			if c.dropped {
				expect(t, out, []string{`negative-knowledge negative/-/python-manage.py-shell`}, []string{open})
			} else {
				expect(t, out, []string{open}, []string{`negative-knowledge negative/-/python-manage.py-shell`})
			}
		})
	}
}

// A log's errors rechecked by a count of them after the service is
// healthy again (countcheck.go with statusquery.go).
func TestLogErrorsRecheckedByCount(t *testing.T) {
	logs := "2026-05-02T10:01:12.511000+00:00 ecs/api/8e9f [ERROR] Unhandled exception: KeyError: 'DATABASE_URL'"
	cases := []struct {
		name, recheck, status, out, want string
	}{
		{"no errors counted", "aws logs tail /ecs/api --since 5m | grep -ci error", "error", "0", "resolved"},
		{"the tail again", "aws logs tail /ecs/api --since 5m", "", "2026-05-02T10:14:03.200000+00:00 ecs/api/1a2b [INFO] Application startup complete.", "resolved"},
		{"errors counted", "aws logs tail /ecs/api --since 5m | grep -ci error", "", "3", "open"},
		{"other lines counted", "aws logs tail /ecs/api --since 5m | grep -c INFO", "", "2", "open"},
		{"another log group", "aws logs tail /ecs/other --since 5m | grep -ci error", "error", "0", "open"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			script := strings.Join([]string{
				"> user", "The api service is throwing 500s since the deploy, check it.",
				"> assistant", scriptCall("bash", map[string]any{"command": "aws logs tail /ecs/api --since 10m"}),
				"> result error", logs,
				"> assistant", "DATABASE_URL is gone from the task definition; redeploying.",
				scriptCall("bash", map[string]any{"command": "aws ecs describe-services --cluster prod --services api --query 'services[0].events[:1].message' --output text"}),
				"> result", "(service api) has reached a steady state.",
				"> assistant", scriptCall("bash", map[string]any{"command": c.recheck}),
				"> result " + c.status, c.out,
			}, "\n")
			out := reduceAll(t, script)
			expect(t, out, []string{`f2\.0 failure command/-/aws logs tail /ecs/api --since 10m \[` + c.want + `/`}, []string{`failure command/-/aws logs tail .*grep`})
		})
	}
}
