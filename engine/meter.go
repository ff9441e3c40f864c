package engine

import "github.com/epistemicfold/ef/hostshim"

// defaultHostMeter is the host's shrink-check meter.
func defaultHostMeter() hostshim.Meter { return hostshim.HeuristicMeter{} }
