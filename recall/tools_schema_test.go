package recall

import (
	"testing"

	"github.com/epistemicfold/ef/internal/testutil"
)

func TestToolParametersUseTheHostSubset(t *testing.T) {
	for _, d := range Tools() {
		testutil.CheckHostSchema(t, d.Name, d.Parameters)
	}
}
