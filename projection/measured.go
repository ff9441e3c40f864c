package projection

import (
	"maps"
	"regexp"
	"slices"
	"strings"
)

// A metric the objective sets a target for, as the runs measure it: "p99
// を 200ms 以下にして", then a load test printing "p99=455.0ms" and later
// "p99=171.4ms" holds p99 = 171.4ms (was 455.0ms), the measurement the
// session is about. Only a metric the objective names with a number in a
// unit is read, and only from a token of a command's output that is the
// metric's own ("p99=171.4ms", "p99: 171.4 ms") in a unit of the same
// kind as the target's; the value is the run's (empirical), no setting
// the user stated.

var (
	// targetRE is a number with a unit the objective sets as a target.
	targetRE = mustPattern(`(?i)(\d+(?:\.\d+)?)\s?(ns|us|µs|ms|s|sec|secs|seconds|%|kb|mb|gb|kib|mib|gib|rps|qps|fps)(?:[^\p{L}\d]|$)`)
	// metricWordRE is a metric's name before a target.
	metricWordRE = mustPattern(`[A-Za-z][\w.\-]*[\w]`)
)

// unitKinds groups the units of one kind of quantity.
var unitKinds = map[string]string{
	"ns": "time", "us": "time", "µs": "time", "ms": "time", "s": "time", "sec": "time", "secs": "time", "seconds": "time",
	"%": "pct", "kb": "size", "mb": "size", "gb": "size", "kib": "size", "mib": "size", "gib": "size",
	"rps": "rate", "qps": "rate", "fps": "rate",
}

// objectiveMetrics are the metrics objective sets a numeric target for,
// each with its unit's kind: the words just before the number ("p99 を
// 200ms", "p99 latency under 200ms"), no word of a sentence's frame.
func objectiveMetrics(objective string) map[string]string {
	out := map[string]string{}
	prev := 0
	for _, loc := range targetRE.FindAllStringSubmatchIndex(objective, 4) {
		kind := unitKinds[strings.ToLower(objective[loc[4]:loc[5]])]
		before := objective[max(prev, loc[0]-24):loc[0]]
		prev = loc[3]
		if i := strings.LastIndexAny(before, "\n.,;:。，；"); i >= 0 {
			// the words of the target's own clause
			before = before[i+1:]
		}
		for _, w := range metricWordRE.FindAllString(before, -1) {
			if len(w) < 2 || stopwords[strings.ToLower(w)] || targetWords[strings.ToLower(w)] {
				continue
			}
			out[w] = kind
		}
	}
	return out
}

// targetWords are the words of a target's frame, no metric.
var targetWords = map[string]bool{"below": true, "under": true, "above": true, "over": true, "less": true, "more": true, "than": true,
	"get": true, "keep": true, "make": true, "bring": true, "reduce": true, "cut": true, "lower": true, "raise": true, "increase": true,
	"least": true, "most": true, "max": true, "min": true, "within": true, "target": true, "goal": true, "down": true, "up": true}

// measuredValues are the metrics the objective sets a target for, as
// the output of a run that did not fail measures them: the last
// measurement of each.
func measuredValues(ev *Event, ctx *Context, props []Proposal) []Proposal {
	if ctx.Objective == "" || ctx.Call == nil || ev.Result != nil && ev.Result.IsError {
		return nil
	}
	for _, p := range props {
		if p.Kind == KindFailure && p.Failed {
			return nil
		}
	}
	var out []Proposal
	metrics := objectiveMetrics(ctx.Objective)
	for _, name := range slices.Sorted(maps.Keys(metrics)) {
		kind := metrics[name]
		re, err := regexp.Compile(`(?i)(?:^|[\s,;(\[{|])(` + regexp.QuoteMeta(name) + `\s*[=:]\s*(\d+(?:\.\d+)?)\s?([A-Za-zµ%]+))(?:[^\w.]|$)`)
		if err != nil {
			continue
		}
		ms := re.FindAllStringSubmatch(ev.Text, -1)
		if len(ms) == 0 {
			continue
		}
		m := ms[len(ms)-1]
		if unitKinds[strings.ToLower(m[3])] != kind {
			continue
		}
		out = append(out, Proposal{Op: OpState, Kind: KindValue, Key: settingKey(name), Name: name, Value: m[2] + m[3], Quote: m[1], Measured: true})
	}
	return out
}
