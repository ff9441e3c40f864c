//go:build !race

package projection

// raceEnabled: the race detector is off (race_on_test.go).
const raceEnabled = false
