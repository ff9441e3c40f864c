package projection

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// A failed dbt run covered by a wider passing run that only sums up.
//
// "dbt test --select int_order_items" failed ("Failure in test
// unique_int_order_items_order_item_id"); "dbt build --select
// int_order_items+ | tail -n 6" then printed only dbt's closing lines
// ("Completed successfully", "Done. PASS=8 WARN=0 ERROR=0 SKIP=0
// TOTAL=8"). The run's nodes are cut off, so stepPassedIn cannot find the
// failed one; but the run selected every node the failed run did (the
// same model, with its descendants: "+" after the name), it runs the
// kind of node that failed ("build" runs the tests "test" ran, and the
// models "run" built), against the same target, and dbt counted no
// error and skipped nothing. A run that lists its nodes is read by
// stepPassedIn alone: a list without the failed node shows it did not
// run. A selection narrower or elsewhere ("int_order_items" after
// "int_order_items+" failed, "stg_orders+"), an excluded node
// ("--exclude"), another target, another kind of run ("dbt run" after a
// test failed), a count with an error or a skip, or no count at all
// resolve nothing.

// dbtSummaryRE is dbt's closing count of a run (any count: dbtFailCountRE
// tells the failing ones); dbtSkipRE a count that skipped a node;
// dbtNodeLineRE a line reporting one node ("3 of 8 PASS x …").
var (
	dbtSummaryRE  = mustPattern(`(?m)^[ \t]*(?:\d\d:\d\d:\d\d(?:\.\d+)?[ \t]+)?Done\. PASS=\d+ (?:[A-Z_]+=\d+ ?)*TOTAL=\d+`)
	dbtSkipRE     = mustPattern(`(?m)^[ \t]*(?:\d\d:\d\d:\d\d(?:\.\d+)?[ \t]+)?Done\. PASS=\d+ (?:[A-Z_]+=\d+ )*?SKIP=[1-9]`)
	dbtNodeLineRE = mustPattern(`(?m)^[ \t]*(?:\d\d:\d\d:\d\d(?:\.\d+)?[ \t]+)?\d+ of \d+ (?:START|PASS|OK|ERROR|FAIL|SKIP|WARN)\b`)
)

// dbtPlainFlagRE is a dbt flag that leaves a run's selection and target
// as they are.
var dbtPlainFlagRE = mustPattern(`^(?:--(?:full-refresh|fail-fast|debug|quiet|no-partial-parse|partial-parse|use-colors|no-use-colors|print|no-print|warn-error|log-format=\S+|log-level=\S+|threads=\d+)|-[qxd])$`)

// dbtRunArgs is one dbt command: its verb, the selectors of its
// selection (nil: the whole project), and its other words.
type dbtRunArgs struct {
	verb   string
	sel    []string
	others []string
}

// dbtVerbs are the dbt commands that run nodes, each with the verbs whose
// runs do the same work or more.
var dbtVerbs = map[string][]string{
	"build":    {"build"},
	"test":     {"test", "build"},
	"run":      {"run", "build"},
	"seed":     {"seed", "build"},
	"snapshot": {"snapshot", "build"},
}

// dbtCommand reads the dbt run a command makes: the first stage that
// runs dbt, inside an inline shell script ("bash -lc 'cd x && dbt …'") or
// not, up to its pipe.
func dbtCommand(cmd string) (dbtRunArgs, bool) {
	for range 3 {
		found := false
		for _, st := range andStages(strings.TrimSpace(cmd)) {
			st = unwrap(pipeHead(st))
			if in, ok := shellScript(st); ok {
				cmd, found = in, true
				break
			}
			if r, ok := readDbt(runFields(st)); ok {
				return r, true
			}
		}
		if !found {
			break
		}
	}
	return dbtRunArgs{}, false
}

// readDbt reads dbt's words f ("dbt", verb, options).
func readDbt(f []string) (dbtRunArgs, bool) {
	if len(f) < 2 || f[0] != "dbt" || dbtVerbs[f[1]] == nil {
		return dbtRunArgs{}, false
	}
	r := dbtRunArgs{verb: f[1]}
	inSel := false
	for _, w := range f[2:] {
		if redirectRE.MatchString(w) {
			inSel = false
			continue
		}
		name, val, hasVal := strings.Cut(w, "=")
		switch {
		case name == "--select" || name == "-s" || name == "--models" || name == "-m":
			inSel = !hasVal
			if hasVal {
				r.sel = append(r.sel, val)
			} else if r.sel == nil {
				r.sel = []string{}
			}
		case inSel && !strings.HasPrefix(w, "-"):
			r.sel = append(r.sel, w)
		default:
			inSel = false
			r.others = append(r.others, w)
		}
	}
	return r, true
}

// dbtSelectorRE is one selector: graph operators around a node's name
// ("+x", "2+x+", "@x").
var dbtSelectorRE = regexp.MustCompile(`^(@|(\d*)\+)?([^+@\s]+?)(\+(\d*))?$`)

// dbtDepth is a graph operator's depth: -1 for none, a large number for
// "+" without one ("all").
func dbtDepth(plus, n string) int {
	if plus == "" {
		return -1
	}
	if d, err := strconv.Atoi(n); err == nil {
		return d
	}
	return 1 << 30
}

// dbtCovers reports whether selector p selects every node selector f
// does: the same name, at least as far up and down the graph.
func dbtCovers(p, f string) bool {
	if p == f {
		return true
	}
	pm, fm := dbtSelectorRE.FindStringSubmatch(p), dbtSelectorRE.FindStringSubmatch(f)
	if pm == nil || fm == nil || pm[3] != fm[3] || fm[1] == "@" {
		return false
	}
	pUp, pDown := dbtDepth(pm[1], pm[2]), dbtDepth(pm[4], pm[5])
	if pm[1] == "@" {
		// "@x": x, its descendants, and every ancestor of those
		pUp, pDown = 1<<30, 1<<30
	}
	fUp, fDown := dbtDepth(fm[1], fm[2]), dbtDepth(fm[4], fm[5])
	return pUp >= fUp && pDown >= fDown
}

// dbtSelectionPassed reports whether the passing call, a dbt run whose
// output passedOut is only its closing count, covers the failed call's
// dbt run and counted no error and no skip (see above).
func dbtSelectionPassed(failedCall string, pc *passedCall, passedOut string) bool {
	if !dbtSummaryRE.MatchString(passedOut) || dbtFailCountRE.MatchString(passedOut) || dbtSkipRE.MatchString(passedOut) || dbtNodeLineRE.MatchString(passedOut) {
		return false
	}
	fr, ok := dbtCommand(failedCall)
	if !ok {
		return false
	}
	pr, ok := dbtCommand(pc.text)
	if !ok || !slices.Contains(dbtVerbs[fr.verb], pr.verb) {
		return false
	}
	for _, w := range fr.others {
		// the same target, variables and flags
		if !slices.Contains(pr.others, w) {
			return false
		}
	}
	for _, w := range pr.others {
		// nothing that narrows the selection ("--exclude x",
		// "--resource-type model") or changes where it runs ("--target
		// prod"): only a flag that reports or rebuilds otherwise
		if !slices.Contains(fr.others, w) && !dbtPlainFlagRE.MatchString(w) {
			return false
		}
	}
	if pr.sel == nil {
		return true // the whole project
	}
	if fr.sel == nil {
		return false
	}
	for _, f := range fr.sel {
		if !slices.ContainsFunc(pr.sel, func(p string) bool { return dbtCovers(p, f) }) {
			return false
		}
	}
	return true
}
