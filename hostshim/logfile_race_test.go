//go:build race

package hostshim

// raceEnabled: the race detector slows JSON decoding about tenfold, so the
// streaming-memory test reads a smaller log under -race.
const raceEnabled = true
