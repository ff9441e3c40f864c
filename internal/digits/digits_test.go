package digits

import (
	"math"
	"testing"
)

func TestGroup(t *testing.T) {
	for n, want := range map[int]string{
		0: "0", 7: "7", 999: "999", 1000: "1,000", 16384: "16,384", 1234567: "1,234,567",
		-5: "-5", -123: "-123", -1234: "-1,234", math.MinInt64: "-9,223,372,036,854,775,808",
	} {
		if got := Group(n); got != want {
			t.Errorf("Group(%d) = %q, want %q", n, got, want)
		}
	}
}
