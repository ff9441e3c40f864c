package testutil

import (
	"flag"
	"os"
	"strconv"
	"testing"
)

// LongEnv names the environment variable that turns on the long test
// profile: property, crash, fault and scale tests at full size. The
// README's test command (`go test ./...` through internal/tools/testreport) runs the short profile, which keeps the whole
// suite near a minute and a half on a two-core machine (about five and a
// half under -race); .ci/run sets EF_LONG_TESTS=1 and runs everything
// under -race, at full size but for the sizes the race detector has
// nothing to add to (LongWithoutRace, SizeWithoutRace, RaceRapidChecks),
// which its steps without -race run whole.
const LongEnv = "EF_LONG_TESTS"

// Long reports whether the long test profile is on.
func Long() bool { return os.Getenv(LongEnv) == "1" }

// Size returns full in the long profile and short otherwise, and says so
// in the test log when it shortens a run.
func Size(t testing.TB, short, full int) int {
	t.Helper()
	if Long() || short >= full {
		return full
	}
	t.Logf("short profile: %d of %d (%s=1 runs all)", short, full, LongEnv)
	return short
}

// SkipUnlessLong skips t in the short profile, saying why.
func SkipUnlessLong(t testing.TB, why string) {
	t.Helper()
	if !Long() {
		t.Skipf("%s; runs with %s=1 (.ci/run sets it)", why, LongEnv)
	}
}

// RapidChecks makes the rapid properties of t run checks cases in the
// short profile (rapid's default is 100), unless RAPID_CHECKS or
// -rapid.checks chose a number; the setting is restored when t ends. In
// the long profile rapid's own number stands.
func RapidChecks(t testing.TB, checks int) {
	t.Helper()
	if Long() {
		return
	}
	if setRapidChecks(t, checks) {
		t.Logf("short profile: %d rapid checks (%s=1 runs rapid's number)", checks, LongEnv)
	}
}

// setRapidChecks sets rapid's number of checks to checks for t, unless
// RAPID_CHECKS or -rapid.checks chose one or the number is already as
// low; it reports whether it set it.
func setRapidChecks(t testing.TB, checks int) bool {
	t.Helper()
	if os.Getenv("RAPID_CHECKS") != "" {
		return false
	}
	f := flag.Lookup("rapid.checks")
	if f == nil {
		return false
	}
	explicit := false
	flag.Visit(func(v *flag.Flag) { explicit = explicit || v.Name == "rapid.checks" })
	if explicit {
		return false
	}
	old := f.Value.String()
	if n, err := strconv.Atoi(old); err == nil && n <= checks {
		return false
	}
	if err := f.Value.Set(strconv.Itoa(checks)); err != nil {
		t.Fatalf("set rapid.checks: %v", err)
	}
	t.Cleanup(func() { _ = f.Value.Set(old) })
	return true
}

// EnvInt returns the whole number the environment variable name holds, or
// def when it is unset; a value that is not a whole number, or is below
// least, fails t, naming the variable. Tests read their size and count
// knobs (EF_EMERGENCY_1M, EF_ORIGIN_KILLS, ...) through it.
func EnvInt(t testing.TB, name string, def, least int) int {
	t.Helper()
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < least {
		t.Fatalf("%s=%q: want a whole number of at least %d", name, v, least)
	}
	return n
}

// LongWithoutRace reports whether a long single-goroutine test (a corpus
// sweep, a property over every pattern) runs at full size: in the long
// profile without -race. The race detector finds nothing in such a test
// and makes it ten times slower, so under -race it runs its short size,
// and .ci/run runs it at full size in a step without -race. It says so in
// the test log when it shortens a long run.
func LongWithoutRace(t testing.TB) bool {
	t.Helper()
	if !Long() {
		return false
	}
	if Race {
		t.Logf("under -race: the short size (single-goroutine; .ci/run's step without -race runs the full size)")
		return false
	}
	return true
}

// SizeWithoutRace returns full in the long profile without -race and
// short otherwise (Size's short and full), for a loop whose claim the race
// detector adds nothing to past its first rounds: a kill -9 loop, whose
// check is what the disk holds after each kill; a comparison that one
// goroutine repeats over more seeds. Under -race such a loop runs its
// short size (the instrumented binary is several times slower, and the
// short size still runs the code under the detector), and .ci/run runs it
// at full size in a step without -race; it says so in the test log when it
// shortens a long run.
func SizeWithoutRace(t testing.TB, short, full int) int {
	t.Helper()
	if !Long() || short >= full {
		return Size(t, short, full)
	}
	if Race {
		t.Logf("under -race: %d of %d (.ci/run's step without -race runs %d)", short, full, full)
		return short
	}
	return full
}

// RaceRapidChecks makes the rapid properties of t run checks cases under
// -race in the long profile, for a property whose cases run one at a time
// (the race detector finds little in them and costs several times the
// time); .ci/run runs the property again without -race at rapid's own
// number. Elsewhere it does nothing; RAPID_CHECKS or -rapid.checks still
// choose.
func RaceRapidChecks(t testing.TB, checks int) {
	t.Helper()
	if !Long() || !Race {
		return
	}
	t.Logf("under -race: %d rapid checks (.ci/run's step without -race runs rapid's number)", checks)
	setRapidChecks(t, checks)
}
