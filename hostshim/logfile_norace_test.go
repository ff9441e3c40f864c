//go:build !race

package hostshim

const raceEnabled = false
