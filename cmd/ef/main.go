// Command ef is the Epistemic Fold command line: inspect session logs, fold
// them into checkpoint bundles, verify and clean bundle stores, search and
// recall folded history, and benchmark engines on real and synthetic
// sessions.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"sort"
	"strings"
	"syscall"
	"time"
)

func main() {
	ctx, cancel := context.WithCancel(context.Background())
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	go exitAfterInterrupt(sigs, cancel, os.Stderr)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	removeTempIndexes()
	os.Exit(code)
}

// interruptGrace is how long a command may take to stop once interrupted.
const interruptGrace = 10 * time.Second

// exitAfterInterrupt cancels the commands' context at the first interrupt
// or SIGTERM: a command stops at its next check of it (a fold between
// bundles, a search between hits), with nothing half written. A command
// blocked in a system call never checks: opening a FIFO nobody writes, or
// reading a pipe whose writer stalls, ignored SIGTERM and Ctrl-C for good
// (timeout(1) could not stop it). So the first signal also gives the
// signals back their default action (a second one ends ef at once), and ef
// exits by itself when the command has not returned within
// interruptGrace.
func exitAfterInterrupt(sigs <-chan os.Signal, cancel context.CancelFunc, stderr io.Writer) {
	sig := <-sigs
	cancel()
	signal.Reset(os.Interrupt, syscall.SIGTERM)
	time.Sleep(interruptGrace)
	fmt.Fprintf(stderr, "ef: %v, and the command is still running %s later (blocked opening or reading a pipe or FIFO, or in a step that does not stop when interrupted): exiting\n", sig, interruptGrace)
	removeTempIndexes()
	code := 130 // 128 + SIGINT
	if sig == syscall.SIGTERM {
		code = 143
	}
	os.Exit(code)
}

// efVersion is the version ef reports (ef serve's initialize).
const efVersion = "0.1.0"

// subcommand is one `ef <name>` command.
type subcommand struct {
	summary string
	run     func(ctx context.Context, args []string, stdout, stderr io.Writer) error
}

func commands() map[string]subcommand {
	return map[string]subcommand{
		"inspect": {"print a session log's surface with token prices and tool pairing", RunInspect},
		"bench":   {"replay sessions through EF and baseline engines and compare them", RunBench},
		"store":   {"verify a bundle store, collect its orphans or delete a session (verify|gc|delete)", RunStore},
		"fold":    {"fold a session log into checkpoint bundles inside the host transaction", RunFold},
		"serve":   {"run the DSH sidecar (JSON-RPC over stdio) behind dsh-plugin", RunServe},
		"search":  {"search folded history (context_search)", RunSearch},
		"recall":  {"read back a checkpoint or an archived message (context_recall)", RunRecall},
		"act":     {"submit an action.intent to the action kernel; 'act audit' summarises its audit", RunAct},
		"origin":  {"the task.origin store: put, show, hash, verify, session-start bundle, export from a session (RFC-0005)", RunOrigin},
		"context": {"answer a context.request with a context.bundle from task.origin files (Northbridge)", RunContext},
		"mcp":     {"serve context_search and context_recall, and with --origin context_request, with --act-root action_submit, to an MCP client over stdio", RunMCP},
		"state":   {"print the current epistemic state (constraints, values, open failures, decisions) of a log", RunState},
		"propose": {"write the summarizer prompt for a session script, or admit a recorded model answer to it", RunPropose},
	}
}

// errUsage marks an error whose message is a usage complaint; run prints it
// and exits 2.
var errUsage = errors.New("usage")

// usageError wraps a usage complaint.
func usageError(format string, args ...any) error {
	return fmt.Errorf("%w: %s", errUsage, fmt.Sprintf(format, args...))
}

// run executes one command line and returns the process exit code:
// 0 success, 1 failure, 2 bad usage.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	cmds := commands()
	if len(args) == 2 && args[0] == "help" {
		// ef help fold: the command's own help, as ef fold -h.
		args = []string{args[1], "-h"}
	}
	switch {
	case len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help":
		printUsage(stdout, cmds)
		if len(args) == 0 {
			return 2
		}
		return 0
	case args[0] == "version" || args[0] == "--version" || args[0] == "-version":
		if len(args) > 1 {
			fmt.Fprintf(stderr, "ef version takes no arguments (got %q)\n", args[1:])
			return 2
		}
		fmt.Fprintln(stdout, versionLine())
		return 0
	}
	c, ok := cmds[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "ef: unknown command %q\n", args[0])
		printUsage(stderr, cmds)
		return 2
	}
	err := c.run(ctx, args[1:], stdout, stderr)
	switch {
	case err == nil:
		return 0
	case errors.Is(err, errHelp):
		return 0
	case errors.Is(err, context.Canceled) && ctx.Err() != nil:
		// Ctrl-C or SIGTERM: say so, not "context canceled", and what
		// the interrupted command left.
		fmt.Fprintf(stderr, "ef %s: interrupted%s\n", args[0], interrupted[args[0]])
		return 130
	case errors.Is(err, errUsage):
		fmt.Fprintf(stderr, "ef %s: %s\n", args[0], errorLine(args[0], err))
		return 2
	default:
		fmt.Fprintf(stderr, "ef %s: %s\n", args[0], errorLine(args[0], err))
		return 1
	}
}

// interrupted says what an interrupted command left behind, after
// "interrupted".
var interrupted = map[string]string{
	"fold": ": --out was not written; the checkpoints already archived stay in the store " +
		"(ef store verify checks them), and running the same command again reuses them",
}

// versionLine is what ef version prints: the version and the build (its VCS
// revision, or a digest of the executable for a build from a modified
// checkout or go run), which also names the build in ef fold's checkpoint
// ids.
func versionLine() string {
	build := buildFingerprint()
	if kind, id, ok := strings.Cut(build, ":"); ok && len(id) > 12 {
		build = kind + ":" + id[:12]
	}
	if build == "" {
		build = "unknown build"
	}
	return fmt.Sprintf("ef %s (%s, %s)", efVersion, build, runtime.Version())
}

// errorLine is err's message as run prints it after "ef <cmd>: ": without
// a second "<cmd>: " at its start (or after "usage: "), which an error of
// the package of the same name (recall, store) carries.
func errorLine(cmd string, err error) string {
	msg := err.Error()
	head := ""
	if rest, ok := strings.CutPrefix(msg, errUsage.Error()+": "); ok {
		head, msg = errUsage.Error()+": ", rest
	}
	if rest, ok := strings.CutPrefix(msg, cmd+": "); ok {
		msg = rest
	}
	if rest, ok := strings.CutPrefix(msg, "hostshim: open "); ok {
		// the log could not be opened: say so, not which package read it
		msg = "cannot open " + rest
	}
	return head + msg
}

// errHelp is returned by a subcommand that printed its help on request.
var errHelp = errors.New("help requested")

// parseFlags parses a subcommand's flags: -h becomes errHelp (the flag set
// already printed its usage) and a bad flag a usage error.
func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return errHelp
		}
		return usageError("%v", err)
	}
	return nil
}

func printUsage(w io.Writer, cmds map[string]subcommand) {
	names := make([]string, 0, len(cmds))
	for n := range cmds {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString("usage: ef <command> [flags] [args]\n\ncommands:\n")
	for _, n := range names {
		fmt.Fprintf(&b, "  %-8s %s\n", n, cmds[n].summary)
	}
	b.WriteString("\nRun 'ef <command> -h' or 'ef help <command>' for a command's flags; 'ef version' names the build.\n")
	io.WriteString(w, b.String())
}
