package action_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/epistemicfold/ef/internal/actiontest"
	"github.com/epistemicfold/ef/origin/action"
)

// BenchmarkSubmit measures one action through the kernel (judgement, open
// checks, backup when overwriting, temp file + fsync + rename + directory
// fsync, read-back, fsynced audit line) next to its floor in the same
// run: the same bytes written with a temp file, fsync, rename and
// directory fsync and nothing else.
func BenchmarkSubmit(b *testing.B) {
	content := "benchmark content\n"
	b.Run("floor-durable-write", func(b *testing.B) {
		dir := b.TempDir()
		for i := 0; b.Loop(); i++ {
			p := filepath.Join(dir, fmt.Sprintf("f%d.md", i%64))
			tmp := p + ".tmp"
			f, err := os.Create(tmp)
			if err != nil {
				b.Fatal(err)
			}
			f.WriteString(content)
			f.Sync()
			f.Close()
			if err := os.Rename(tmp, p); err != nil {
				b.Fatal(err)
			}
			d, _ := os.Open(dir)
			d.Sync()
			d.Close()
		}
	})
	for _, c := range []struct {
		name   string
		intent func(i int) action.Intent
	}{
		{"create", func(i int) action.Intent {
			return action.Intent{Relpath: fmt.Sprintf("demo/new-%d.md", i), Content: &content}
		}},
		{"overwrite-with-backup", func(i int) action.Intent {
			return action.Intent{Relpath: fmt.Sprintf("demo/f%d.md", i%64), Content: &content, Approval: "confirm"}
		}},
		{"denied", func(i int) action.Intent {
			return action.Intent{Relpath: "../outside.md", Content: &content}
		}},
	} {
		b.Run(c.name, func(b *testing.B) {
			w := actiontest.NewWorkspace(b)
			k := actiontest.OpenKernel(b, action.Options{Roots: []string{w.Base}})
			for i := 0; b.Loop(); i++ {
				if _, err := k.Submit(context.Background(), c.intent(i), action.ChannelAPI); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
