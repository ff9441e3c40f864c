package taskorigin_test

import (
	"os"

	"pgregory.net/rapid"

	"github.com/epistemicfold/ef/origin/taskorigin"
)

func tempDir(t *rapid.T) string {
	d, err := os.MkdirTemp("", "taskorigin-rapid-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(d) })
	return d
}

func readFile(p string) string {
	b, _ := os.ReadFile(p)
	return string(b)
}

func mustDocR(t *rapid.T, s *taskorigin.State) taskorigin.Document {
	d, err := taskorigin.FromState(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}
