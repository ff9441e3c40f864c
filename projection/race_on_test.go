//go:build race

package projection

// raceEnabled: the race detector is on; sync.Pool drops items at random
// and allocation counts run about three times higher.
const raceEnabled = true
