package synth_test

import (
	"crypto/sha256"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/bench/synth"
	"github.com/epistemicfold/ef/internal/testutil"
)

// goldenPath pins the generator's output: benchmark numbers are only
// comparable across commits while a seed keeps meaning the same session.
// Regenerate with EF_UPDATE=1 go test -count=1 ./bench/synth after an
// intended change to the generator.
var goldenPath = filepath.Join("testdata", "golden.txt")

// TestGolden compares, for a few option sets, the SHA-256 of the encoded
// session and the probe list with testdata/golden.txt.
func TestGolden(t *testing.T) {
	var b strings.Builder
	for _, o := range []synth.Options{
		{Seed: 1},
		{Seed: 2, TargetChars: 50_000, Chinese: -1},
		{Seed: 3, TargetChars: 250_000, Chinese: 0.7, Facts: 10, Superseded: 8, Constraints: 6, Failures: 5, Obligations: 5},
	} {
		w, err := synth.Generate(o)
		if err != nil {
			t.Fatal(err)
		}
		h := sha256.New()
		for _, e := range w.Session.Events() {
			h.Write(e.Encode())
			h.Write([]byte{'\n'})
		}
		fmt.Fprintf(&b, "%s events=%d chars=%d sha256=%x\n", w.Name, w.Session.Len(), w.Chars, h.Sum(nil))
		for _, p := range w.Probes {
			fmt.Fprintf(&b, "  %s %s seq=%d answer=%q superseded=%q earlier=%v resolved=%d\n",
				p.ID, p.Kind, p.PlantedAtSeq, p.ExpectedAnswer, p.SupersededValues, p.EarlierSeqs, p.ResolvedAtSeq)
		}
	}
	testutil.Golden(t, goldenPath, []byte(b.String()))
}
