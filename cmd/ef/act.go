package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/epistemicfold/ef/origin/action"
)

// RunAct implements `ef act`: the command-line adapter of the action
// kernel (RFC-0001 §3.3: the CLI is a harness adapter; it changes the
// transport, never the verdict).
//
//	ef act --root DIR [--root DIR]… [--base DIR] [--state DIR] [--protect GLOB]… [--no-default-protect] <intent.json | ->
//	ef act audit [--root DIR | --base DIR | --state DIR] [--json]
func RunAct(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return runAct(ctx, args, os.Stdin, stdout, stderr)
}

// stringList is a repeatable string flag.
type stringList []string

func (s *stringList) String() string     { return strings.Join(*s, ",") }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

// actFlags are the kernel options every action adapter of the command line
// takes.
type actFlags struct {
	roots, protect  stringList
	base, state     string
	noDefaultProtct bool
}

// register declares the flags on fs, each name prefixed with prefix ("" for
// ef act, "act-" for ef serve).
func (f *actFlags) register(fs *flag.FlagSet, prefix string) {
	fs.Var(&f.roots, prefix+"root", "directory actions may write in (repeatable; the first is the base by default)")
	fs.StringVar(&f.base, prefix+"base", "", "directory relpaths are relative to (default: the first root)")
	fs.StringVar(&f.state, prefix+"state", "", "action kernel state directory: audit log, backups, lock (default: <base>/.ef/act)")
	fs.Var(&f.protect, prefix+"protect", "glob of a protected path, added to the defaults (repeatable; see ef act -h)")
	fs.BoolVar(&f.noDefaultProtct, prefix+"no-default-protect", false, "protect only the given globs (and no creation is high risk)")
}

// enabled reports whether any root was given.
func (f *actFlags) enabled() bool { return len(f.roots) > 0 }

func (f *actFlags) options() (action.Options, error) {
	if len(f.roots) == 0 {
		return action.Options{}, usageError("--root is required")
	}
	opts := action.Options{Roots: f.roots, Base: f.base, StateDir: f.state}
	if f.noDefaultProtct {
		opts.Protected = append([]string{}, f.protect...)
		opts.ProtectedCreate = []string{}
	} else if len(f.protect) > 0 {
		opts.Protected = append(append([]string{}, action.DefaultProtected...), f.protect...)
	}
	return opts, nil
}

// open opens the kernel the flags describe, logging to logger; bad
// options are a usage error.
func (f *actFlags) open(logger *slog.Logger) (*action.Kernel, error) {
	opts, err := f.options()
	if err != nil {
		return nil, err
	}
	opts.Logger = logger
	k, err := action.Open(opts)
	if errors.Is(err, action.ErrOptions) {
		return nil, usageError("%v", err)
	}
	return k, err
}

// errNotDone is returned when an action was answered but not done; the
// result is on stdout already.
var errNotDone = errors.New("action not done")

func runAct(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) > 0 && args[0] == "audit" {
		return runActAudit(args[1:], stdout, stderr)
	}
	fs := newFlags("act", "act --root DIR [--root DIR]… [--base DIR] [--state DIR] [--protect GLOB]… <intent.json | ->", stderr,
		"       ef act audit [--root DIR | --base DIR | --state DIR] [--json]",
		"Submits one action.intent to the action kernel and prints its action.result as one JSON line.",
		"Exit status 0 when the action is done, 1 otherwise (requires_approval, denied, failed).",
		fmt.Sprintf("Limits: the intent is read up to %d MiB (more is refused before it is read whole); content over %d MiB is denied (audited).",
			maxStdinDoc>>20, action.DefaultMaxContentBytes>>20),
		fmt.Sprintf("Protected globs (default): %s", strings.Join(action.DefaultProtected, " ")),
		"  overwriting or appending to an existing protected file is high risk: it needs approval \"confirm\".",
		"  Creating a new protected file is low, except under these globs, where tools read or run a new file",
		fmt.Sprintf("  unreviewed, so creating one is high too: %s", strings.Join(action.DefaultProtectedCreate, " ")),
		"  (--no-default-protect drops both lists.)",
		"Every write has an intent line in the audit before it and its record after; a write whose process was",
		"killed between them is recorded (from the file's hash) by the next ef act on the same state directory,",
		"which also removes its temporary file (.ef-act-*.tmp beside the target).")
	var af actFlags
	af.register(fs, "")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usageError("want one intent file, or - for standard input, got %d arguments", len(pos))
	}
	opts, err := af.options()
	if err != nil {
		return err
	}
	data, err := readIntent(pos[0], stdin)
	if err != nil {
		return err
	}
	k, err := action.Open(opts)
	if err != nil {
		if errors.Is(err, action.ErrOptions) {
			return usageError("%v", err)
		}
		return err
	}
	defer k.Close()
	line, res, err := k.SubmitJSON(ctx, data, action.ChannelCLI)
	if errors.Is(err, action.ErrIntent) {
		return usageError("%v", err)
	}
	if line != nil {
		if _, werr := stdout.Write(line); werr != nil {
			return errors.Join(err, werr)
		}
	}
	if err != nil {
		return err
	}
	if res.Status != action.StatusDone {
		return fmt.Errorf("%w: %s: %s", errNotDone, res.Status, res.Reason)
	}
	return nil
}

// readIntent reads the intent from the file name ("-": stdin) through a
// reader limited to maxStdinDoc: an intent over it is refused without
// reading it whole (its content would be denied at 16 MiB anyway).
func readIntent(name string, stdin io.Reader) ([]byte, error) {
	r, what := stdin, "stdin"
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, fmt.Errorf("read intent: %w", err)
		}
		defer f.Close()
		r, what = f, name
	}
	data, err := io.ReadAll(io.LimitReader(r, int64(maxStdinDoc)+1))
	if err != nil {
		return nil, fmt.Errorf("read intent: %w", err)
	}
	if len(data) > maxStdinDoc {
		// Cut at the limit it read as its own syntax error.
		return nil, usageError("%s: the intent is over %d MiB, the most ef act reads (content over %d MiB is denied anyway)",
			what, maxStdinDoc>>20, action.DefaultMaxContentBytes>>20)
	}
	return data, nil
}

func runActAudit(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("act audit", "act audit [--root DIR | --base DIR | --state DIR] [--json]", stderr,
		"Summarises the action audit log by channel and status.")
	var roots stringList
	fs.Var(&roots, "root", "the kernel's first root (its base by default)")
	base := fs.String("base", "", "the kernel's base directory")
	state := fs.String("state", "", "the kernel's state directory (default: <base>/.ef/act)")
	asJSON := fs.Bool("json", false, "print the summary as JSON")
	if err := parseNone(fs, args); err != nil {
		return err
	}
	dir := *state
	if dir == "" {
		b := *base
		if b == "" && len(roots) > 0 {
			b = roots[0]
		}
		if b == "" {
			return usageError("want --state, --base or --root")
		}
		dir = action.DefaultStateDir(b)
	}
	path := filepath.Join(dir, action.AuditFile)
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("open audit: %w", err)
	}
	defer f.Close()
	sum, err := action.ReadAudit(f, nil)
	if err != nil {
		return err
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		return enc.Encode(sum)
	}
	statuses := []action.Status{action.StatusDone, action.StatusRequiresApproval, action.StatusDenied, action.StatusFailed}
	fmt.Fprintf(stdout, "%s: %s, %s", path, count(sum.Records, "action"), count(sum.Torn, "torn line"))
	if sum.Unresolved > 0 {
		// A write in flight, or one whose process died: the next ef act
		// on this state directory records it.
		fmt.Fprintf(stdout, ", %s without a record yet (a write in flight, or killed: the next ef act records it)", count(sum.Unresolved, "intent line"))
	}
	fmt.Fprintln(stdout)
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "channel\t")
	for _, s := range statuses {
		fmt.Fprintf(tw, "%s\t", s)
	}
	fmt.Fprint(tw, "total\t\n")
	for _, ch := range sum.Channels() {
		fmt.Fprintf(tw, "%s\t", ch)
		total := 0
		for _, s := range statuses {
			fmt.Fprintf(tw, "%d\t", sum.Counts[ch][s])
			total += sum.Counts[ch][s]
		}
		fmt.Fprintf(tw, "%d\t\n", total)
	}
	return tw.Flush()
}
