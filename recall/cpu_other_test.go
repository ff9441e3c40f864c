//go:build !unix

package recall_test

import "time"

func processCPU() (time.Duration, bool) { return 0, false }

func loadAverage() string { return "" }
