package main

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// Every project (a workspace root) has its own default bundle store, under
// the user's own data directory, never a shared or temporary one:
//
//	$XDG_DATA_HOME/epistemic-fold/projects/<name>-<hash>   (Linux, BSD; default ~/.local/share)
//	~/Library/Application Support/epistemic-fold/projects/… (macOS)
//	%LocalAppData%\epistemic-fold\projects\…                (Windows)
//
// EF_HOME, when set, replaces <data dir>/epistemic-fold. <name> is the
// root's base name (for a person reading the directory); <hash> is the first
// 16 hex digits of the SHA-256 of the root's absolute, symlink-free path, so
// two projects with the same name do not share a store. "project" search
// scope means one such store.

// efHome returns the directory that holds every project's store.
func efHome() (string, error) {
	if h := os.Getenv("EF_HOME"); h != "" {
		return filepath.Abs(h)
	}
	var base string
	switch runtime.GOOS {
	case "windows":
		base = os.Getenv("LocalAppData")
	case "darwin":
		home, err := os.UserHomeDir()
		if err != nil {
			return "", err
		}
		base = filepath.Join(home, "Library", "Application Support")
	default:
		base = os.Getenv("XDG_DATA_HOME")
		if base == "" || !filepath.IsAbs(base) {
			home, err := os.UserHomeDir()
			if err != nil {
				return "", err
			}
			base = filepath.Join(home, ".local", "share")
		}
	}
	if base == "" {
		return "", errors.New("no user data directory (set EF_HOME)")
	}
	return filepath.Join(base, "epistemic-fold"), nil
}

// efHomeSource names the variable that placed the directory holding
// every project's store, for a person reading why ef uses this store.
func efHomeSource() string {
	switch {
	case os.Getenv("EF_HOME") != "":
		return "placed by $EF_HOME"
	case runtime.GOOS == "windows":
		return "placed by %LocalAppData%, $EF_HOME unset"
	case runtime.GOOS == "darwin":
		return "placed by $HOME, $EF_HOME unset"
	case os.Getenv("XDG_DATA_HOME") != "" && filepath.IsAbs(os.Getenv("XDG_DATA_HOME")):
		return "placed by $XDG_DATA_HOME, $EF_HOME unset"
	}
	return "placed by $HOME, $EF_HOME and $XDG_DATA_HOME unset"
}

// defaultHomeWords is where efHome puts the stores when EF_HOME is unset,
// in words, for this platform.
func defaultHomeWords() string {
	switch runtime.GOOS {
	case "windows":
		return `%LocalAppData%\epistemic-fold`
	case "darwin":
		return "~/Library/Application Support/epistemic-fold"
	}
	return "$XDG_DATA_HOME/epistemic-fold (default ~/.local/share/epistemic-fold, from $HOME)"
}

// projectRoot returns the workspace root of dir: the nearest directory at
// or above it holding .git, or dir itself, absolute and symlink-free.
func projectRoot(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	for d := abs; ; {
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			return d, nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			return abs, nil
		}
		d = parent
	}
}

// projectStoreDir returns the default store of the project holding dir.
func projectStoreDir(dir string) (string, error) {
	root, err := projectRoot(dir)
	if err != nil {
		return "", fmt.Errorf("project root of %s: %w", dir, err)
	}
	home, err := efHome()
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256([]byte(root))
	name := strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			return r
		}
		return '_'
	}, filepath.Base(root))
	if len(name) > 40 {
		name = name[:40]
	}
	return filepath.Join(home, "projects", name+"-"+hex.EncodeToString(sum[:8])), nil
}

// resolveStore returns the store a command uses: --store when given, else
// the default store of the project holding projectDir ("" means the
// working directory).
func resolveStore(store, projectDir string) (string, error) {
	if store != "" {
		return store, nil
	}
	if projectDir == "" {
		projectDir = "."
	}
	return projectStoreDir(projectDir)
}
