//go:build unix

package bundle_test

import (
	"io/fs"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/internal/bundletest"
)

// TestPermissionsIgnoreUmask: directories are 0700 and files 0600 under a
// permissive and a restrictive umask alike.
func TestPermissionsIgnoreUmask(t *testing.T) {
	for _, umask := range []int{0, 0o022, 0o277} {
		old := syscall.Umask(umask)
		func() {
			defer syscall.Umask(old)
			root := filepath.Join(t.TempDir(), "nested", "store")
			s, err := bundle.Open(root, bundle.Options{})
			if err != nil {
				t.Fatalf("umask %o: %v", umask, err)
			}
			defer s.Close()
			mustPut(t, s, bundletest.Bundle("s", "c", bundletest.Messages(1, 3, 10)))
			mustPut(t, s, bundletest.Bundle(string(make([]byte, 200)), "c", nil)) // hashed session dir + session-id file
			filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
				if err != nil {
					t.Fatal(err)
				}
				fi, _ := d.Info()
				want := fs.FileMode(0o600)
				if d.IsDir() {
					want = 0o700
				}
				if fi.Mode().Perm() != want {
					t.Errorf("umask %o: %s has mode %v, want %v", umask, p, fi.Mode().Perm(), want)
				}
				return nil
			})
		}()
	}
}
