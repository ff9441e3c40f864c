package projection

import "testing"

func TestProbeV14(t *testing.T) {
	for _, s := range []string{`
> user
Set the sensor timeout to 1800.
> user
Make the timeout 900.
> user
改回原来的 300
`, `
> user
把 timeout 设成 1800
> user
timeout 改成 900
> user
timeout 改回原来的 300
`, `
> user
p99 を 200ms 以下にして
> call shell {"command":"loadgen"}
> result
latency p50=91.0ms p90=212.3ms p99=455.0ms max=2.04s
`} {
		t.Log(reduceAll(t, s))
	}
}
