package main

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
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
			return "", noDataDir(err)
		}
		base = filepath.Join(home, "Library", "Application Support")
	default:
		base = os.Getenv("XDG_DATA_HOME")
		if base == "" || !filepath.IsAbs(base) {
			home, err := os.UserHomeDir()
			if err != nil {
				return "", noDataDir(err)
			}
			base = filepath.Join(home, ".local", "share")
		}
	}
	if base == "" {
		return "", noDataDir(errors.New("%LocalAppData% is not set"))
	}
	return filepath.Join(base, "epistemic-fold"), nil
}

// noDataDir is efHome's error when the user's data directory is unknown
// (why: "$HOME is not defined"): it names the ways out, the variables
// efHome honours and --store.
func noDataDir(why error) error {
	vars := "EF_HOME (the directory for every project's store)"
	if runtime.GOOS != "windows" && runtime.GOOS != "darwin" {
		vars = "EF_HOME (the directory for every project's store) or XDG_DATA_HOME (an absolute path; the stores go in its epistemic-fold)"
	}
	return fmt.Errorf("no directory for the project's default store: %v; set %s, or pass --store DIR", why, vars)
}

// efHomeSource names the variable that placed the directory holding
// every project's store (the one efHome used), and why not the ones before
// it, for a person reading why ef uses this store. ("placed by $HOME,
// $EF_HOME and $XDG_DATA_HOME unset" read as if $HOME were unset too.)
func efHomeSource() string {
	xdg := os.Getenv("XDG_DATA_HOME")
	switch {
	case os.Getenv("EF_HOME") != "":
		return "placed by $EF_HOME"
	case runtime.GOOS == "windows":
		return "placed by %LocalAppData% ($EF_HOME is not set)"
	case runtime.GOOS == "darwin":
		return "placed by $HOME ($EF_HOME is not set)"
	case xdg != "" && filepath.IsAbs(xdg):
		return "placed by $XDG_DATA_HOME ($EF_HOME is not set)"
	case xdg != "":
		return "placed by $HOME ($EF_HOME is not set; $XDG_DATA_HOME is, but is no absolute path, so it is ignored)"
	}
	return "placed by $HOME (neither $EF_HOME nor $XDG_DATA_HOME is set)"
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
	root, _, err := projectRootGit(dir)
	return root, err
}

// projectRootGit is projectRoot, also saying whether it found a .git
// (without one, the root is dir itself).
func projectRootGit(dir string) (string, bool, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", false, err
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	for d := abs; ; {
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			return d, true, nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			return abs, false, nil
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

// storeChoice says how the store a command uses was chosen: "--store", or
// the default store of --project's (or the working directory's) project,
// with its root and what placed it. For the line ef mcp writes at start,
// the note ef search, ef recall and ef store verify write when they read
// the default store, and the answer to a search of an empty store.
func storeChoice(storeDir, project string) (string, error) {
	if storeDir != "" {
		return "--store", nil
	}
	which := "the working directory's"
	if project != "" {
		which = "--project's"
	}
	dir := project
	if dir == "" {
		dir = "."
	}
	root, git, err := projectRootGit(dir)
	if err != nil {
		return "", fmt.Errorf("project root of %s: %w", dir, err)
	}
	if !git {
		// A directory outside any repository is a project of its own:
		// said, so that a store keyed by /tmp is no surprise.
		root += " (no .git above it, so the directory itself)"
	}
	return fmt.Sprintf("the default store of %s project %s, %s", which, root, efHomeSource()), nil
}

// storeFlags are --store and --project of a command that reads or changes
// a bundle store: a store by its directory, or a workspace's default store.
type storeFlags struct{ store, project *string }

// addStoreFlags defines --store (described by storeUsage) and --project on
// fs.
func addStoreFlags(fs *flag.FlagSet, storeUsage string) storeFlags {
	return storeFlags{
		store: fs.String("store", "", storeUsage),
		project: fs.String("project", "", "workspace root: use its default store under the user's data directory, the one the DSH plugin "+
			"and ef fold --project fill and ef mcp reads there (instead of --store)"),
	}
}

// named returns the store the flags name: --store, or --project's default
// store; "" when neither is given. Both, or a --project that is no
// directory, is a usage error.
func (f storeFlags) named() (string, error) {
	dir := *f.store
	if err := storeOfProject(&dir, *f.project); err != nil {
		return "", err
	}
	return dir, nil
}

// defaultStore is the store a command that only reads a store (ef search,
// ef recall, ef store verify) reads when none is named: the default store
// of the working directory's project, the one ef mcp serves there. It
// says on stderr, as command cmd, which store that is and how it was
// chosen. A project without a store is a usage error naming the flags (and
// the others, "or --all-projects"): a reader creates no store.
func defaultStore(cmd string, stderr io.Writer, others string) (string, error) {
	dir, err := projectStoreDir(".")
	if err != nil {
		return "", err
	}
	how, err := storeChoice("", "")
	if err != nil {
		return "", err
	}
	if _, err := os.Stat(dir); err != nil {
		return "", usageError("no store given, and the working directory's project has none yet: %s (%s) does not exist, nothing has been folded for it; give --store DIR or --project DIR%s", dir, how, others)
	}
	fmt.Fprintf(stderr, "ef %s: reading store %s (%s)\n", cmd, dir, how)
	return dir, nil
}
