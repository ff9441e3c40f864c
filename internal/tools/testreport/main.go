// Command testreport runs `go test -json` and prints what `go test` prints
// (one line per package, the output of failing tests), then every skipped
// test with the reason it gave, and a summary line. It is the README's
// test command and .ci/run's:
//
//	go run ./internal/tools/testreport ./...        # go test ./... (the README's)
//	go run ./internal/tools/testreport              # go test -race ./...
//	go run ./internal/tools/testreport -short ./bundle/...
//
// Arguments are passed to `go test` as they are; with none it runs
// `-race ./...`. The exit status is go test's. A skipped test that gave no
// reason is listed as such, and makes the run fail: every skip must say why.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sort"
	"strings"
	"time"
)

// event is one line of `go test -json` (test2json).
type event struct {
	Action  string
	Package string
	Test    string
	Output  string
	Elapsed float64
}

type testKey struct{ pkg, test string }

// skip is one skipped test and the lines it logged before skipping.
type skip struct {
	testKey
	reason string
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		args = []string{"-race", "./..."}
	}
	cmd := exec.Command("go", append([]string{"test", "-json"}, args...)...)
	cmd.Stderr = stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		fmt.Fprintln(stderr, "testreport:", err)
		return 2
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(stderr, "testreport:", err)
		return 2
	}
	skips, noTests, failed := report(out, stdout)
	code := 0
	if err := cmd.Wait(); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			fmt.Fprintln(stderr, "testreport:", err)
			return 2
		}
		code = ee.ExitCode()
	}
	silent := 0
	if len(skips) > 0 {
		fmt.Fprintf(stdout, "\nskipped tests (%d):\n", len(skips))
		// Subtests of one test skipped for the same cause print once.
		for i := 0; i < len(skips); {
			s := skips[i]
			top, _, _ := strings.Cut(s.test, "/")
			j := i + 1
			for j < len(skips) && skips[j].pkg == s.pkg && strings.HasPrefix(skips[j].test, top+"/") && strings.HasPrefix(s.test, top+"/") {
				j++
			}
			name := s.test
			if j-i > 1 {
				name = fmt.Sprintf("%s (%d subtests)", top, j-i)
			}
			reason := s.reason
			for _, o := range skips[i:j] {
				if o.reason == "" {
					reason = "NO REASON GIVEN"
					silent++
				}
			}
			fmt.Fprintf(stdout, "  %s %s: %s\n", strings.TrimPrefix(s.pkg, modulePrefix(s.pkg)), name, reason)
			i = j
		}
	}
	fmt.Fprintf(stdout, "\ntestreport: %d skipped (%d without a reason), %d failed, %d packages without tests, %s wall\n",
		len(skips), silent, failed, noTests, time.Since(start).Round(time.Second))
	if code == 0 && silent > 0 {
		code = 1
	}
	return code
}

// modulePrefix returns the first three elements of an import path (the
// module root on a code host), so that listings stay short: for
// github.com/epistemicfold/ef/bundle it returns "github.com/epistemicfold/ef/".
func modulePrefix(pkg string) string {
	parts := strings.SplitN(pkg, "/", 4)
	if len(parts) < 4 {
		return ""
	}
	return strings.Join(parts[:3], "/") + "/"
}

// report reads test2json events from r, writes go test's usual summary
// lines to w, and returns the skipped tests in order of package and name.
func report(r io.Reader, w io.Writer) (skips []skip, noTests, failed int) {
	logs := map[testKey][]string{} // output of each running test
	pkgOut := map[string][]string{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var e event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			fmt.Fprintln(w, sc.Text()) // not an event (a build error): pass it on
			continue
		}
		k := testKey{e.Package, e.Test}
		switch e.Action {
		case "output":
			if e.Test != "" {
				logs[k] = append(logs[k], e.Output)
			} else {
				pkgOut[e.Package] = append(pkgOut[e.Package], e.Output)
			}
		case "skip":
			if e.Test == "" {
				if hasNoTestFiles(pkgOut[e.Package]) {
					noTests++
				}
				fmt.Fprint(w, strings.Join(pkgOut[e.Package], ""))
				delete(pkgOut, e.Package)
				continue
			}
			skips = append(skips, skip{k, skipReason(logs[k])})
			delete(logs, k)
		case "fail":
			if e.Test != "" {
				failed++
				fmt.Fprint(w, strings.Join(logs[k], ""))
				delete(logs, k)
				continue
			}
			// A package that fails without its tests finishing (a timeout
			// panic, a crash) leaves the running tests' output unprinted:
			// print it, in name order, before the package's own lines.
			var open []testKey
			for k := range logs {
				if k.pkg == e.Package {
					open = append(open, k)
				}
			}
			sort.Slice(open, func(i, j int) bool { return open[i].test < open[j].test })
			for _, k := range open {
				fmt.Fprint(w, strings.Join(logs[k], ""))
				delete(logs, k)
			}
			fmt.Fprint(w, strings.Join(pkgOut[e.Package], ""))
			delete(pkgOut, e.Package)
		case "pass":
			if e.Test != "" {
				delete(logs, k)
				continue
			}
			// The package's own closing lines ("ok  pkg 1.2s").
			for _, l := range pkgOut[e.Package] {
				if strings.HasPrefix(l, "ok ") || strings.HasPrefix(l, "ok\t") {
					fmt.Fprint(w, l)
				}
			}
			delete(pkgOut, e.Package)
		}
	}
	sort.SliceStable(skips, func(i, j int) bool {
		if skips[i].pkg != skips[j].pkg {
			return skips[i].pkg < skips[j].pkg
		}
		return skips[i].test < skips[j].test
	})
	return skips, noTests, failed
}

func hasNoTestFiles(lines []string) bool {
	for _, l := range lines {
		if strings.Contains(l, "[no test files]") {
			return true
		}
	}
	return false
}

// skipReason is what a skipped test logged: the lines other than the
// === and --- markers, joined.
func skipReason(lines []string) string {
	var parts []string
	for _, l := range lines {
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "=== ") || strings.HasPrefix(t, "--- ") {
			continue
		}
		parts = append(parts, t)
	}
	return strings.Join(parts, " | ")
}
