//go:build race

package testutil

// Race is true when the test binary is built with -race: tests whose
// coverage is functional rather than about concurrency may read a share
// of their inputs under it (.ci/run reads them whole in a run without
// -race).
const Race = true
