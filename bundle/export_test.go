package bundle

import "github.com/klauspost/compress/zstd"

// WithEncoder returns o with the zstd level and the number of compressing
// goroutines set (zero means the default), for the benchmarks that
// measure the choice of the defaults.
func WithEncoder(o Options, level zstd.EncoderLevel, workers int) Options {
	o.encoder = encoderSettings{level: level, workers: workers}
	return o
}

// DefaultEncoder is the zstd level and number of compressing goroutines a
// Store uses when nothing overrides them.
func DefaultEncoder() (zstd.EncoderLevel, int) {
	e := encoderSettings{}.withDefaults()
	return e.level, e.workers
}
