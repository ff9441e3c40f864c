//go:build !race

package testutil

// Race is true when the test binary is built with -race (race_on.go).
const Race = false
