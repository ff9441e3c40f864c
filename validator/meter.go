package validator

import "github.com/epistemicfold/ef/hostshim"

// defaultMeter is the host's shrink-check meter.
func defaultMeter() hostshim.Meter { return hostshim.HeuristicMeter{} }
