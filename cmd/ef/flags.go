package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
)

// newFlags is a subcommand's flag set: errors go to stderr, and -h prints
// "usage: ef LINE", the lines of about, then the flags (declared after this
// call; they are listed when -h is given).
func newFlags(name, line string, stderr io.Writer, about ...string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: ef "+line)
		for _, a := range about {
			fmt.Fprintln(stderr, a)
		}
		fs.PrintDefaults()
	}
	return fs
}

// parseNone parses args for a command that takes flags only.
func parseNone(fs *flag.FlagSet, args []string) error {
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 0 {
		fs.Usage()
		return usageError("unexpected arguments %q", fs.Args())
	}
	return nil
}

// parseOne parses args (flags before or after) and returns the one
// positional argument; otherwise it prints the usage and names what was
// wanted.
func parseOne(fs *flag.FlagSet, args []string, what string) (string, error) {
	pos, err := parseArgs(fs, args)
	if err != nil {
		return "", err
	}
	if len(pos) != 1 {
		fs.Usage()
		return "", usageError("want exactly one %s, got %d arguments", what, len(pos))
	}
	return pos[0], nil
}

// parseCount parses like parseArgs and refuses with a usage error saying
// want fewer than least or more than most positional arguments.
func parseCount(fs *flag.FlagSet, args []string, least, most int, want string) ([]string, error) {
	pos, err := parseArgs(fs, args)
	if err != nil {
		return nil, err
	}
	if len(pos) < least || len(pos) > most {
		return nil, usageError("%s", want)
	}
	return pos, nil
}

// parseArgs parses flags placed before or after the positional arguments
// and returns the positional ones; "--" ends the flags (for an argument
// starting with "-").
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := parseFlags(fs, args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if len(args) > len(rest) && args[len(args)-len(rest)-1] == "--" {
			return append(pos, rest...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// writeJSON writes v as indented JSON, without HTML escaping (as the host
// writes JSON): the --json output of every command.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// checkDir refuses a directory the command line names (what says where:
// "--corpus", or "--out FILE" for the directory FILE goes in) that is
// missing or not a directory, before any work that would need it.
func checkDir(what, dir string) error {
	st, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	if !st.IsDir() {
		return fmt.Errorf("%s: %s is not a directory", what, dir)
	}
	return nil
}

// checkOrigins refuses an --origin that is not a directory (of task.origin
// files), before a server starts on it.
func checkOrigins(origins []string) error {
	for _, o := range origins {
		if fi, err := os.Stat(o); err != nil || !fi.IsDir() {
			return usageError("--origin %s is not a directory of task.origin files", o)
		}
	}
	return nil
}

// stderrLogger is the text logger of a server command: warnings only, or
// everything with -v.
func stderrLogger(stderr io.Writer, verbose bool) *slog.Logger {
	level := slog.LevelWarn
	if verbose {
		level = slog.LevelDebug
	}
	return slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))
}
