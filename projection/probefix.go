package projection

import (
	"strings"
)

// A probe of a URL answered 2xx after it answered 5xx.
//
// "curl -si localhost:18080/healthz | head -1" printed "HTTP/1.1 503
// Service Unavailable" (a failed probe, runcommand.go), the agent fixed
// the handler, and "curl -s -o /dev/null -w '%{http_code}' localhost:18080/healthz"
// printed "200": the same URL's probe, other flags, now answers a success
// status. The later run resolves the failed probe of the same path, and
// the failure told of that path ("Luca says /healthz answers 503",
// httpfail.go). A probe of another path, a probe whose output shows no
// 2xx status for it, or a 2xx printed by another program of the command
// resolves nothing.

// probeProgRE is an HTTP client a probe runs.
var probeProgRE = mustPattern(`(?:^|[\s;&|(])(?:curl|wget|http|https|xh|httpie)\s`)

// probeStatusRE is a success status in a probe's output: a status line
// ("HTTP/1.1 200 OK", "HTTP/2 204") or a status code alone on its line
// (curl's -w '%{http_code}').
var probeStatusRE = mustPattern(`(?m)^\s*(?:HTTP/[\d.]+\s+)?2\d\d(?:\s+\w[\w ]*)?\s*$`)

// probePaths are the URL paths command cmd probes with an HTTP client.
func probePaths(cmd string) []string {
	var out []string
	for _, st := range stagesOf(cmd) {
		for _, part := range strings.Split(st, "|") {
			if !probeProgRE.MatchString(" " + part) {
				continue
			}
			for _, f := range strings.Fields(part) {
				f = strings.Trim(f, `'"`)
				if strings.HasPrefix(f, "-") {
					continue
				}
				if i := strings.Index(f, "://"); i >= 0 {
					f = f[i+3:]
				}
				j := strings.Index(f, "/")
				if j <= 0 || !strings.ContainsAny(f[:j], ".:") && f[:j] != "localhost" {
					continue
				}
				p := f[j:]
				if k := strings.IndexAny(p, "?#"); k >= 0 {
					p = p[:k]
				}
				if len(p) > 1 {
					out = append(out, strings.ToLower(strings.TrimRight(p, "/")))
				}
			}
		}
	}
	return out
}

// probeAnswered resolves the open failed probes and the told failures of
// the paths passing run cmd probed when its output out shows a success
// status (see above).
func (r *Reducer) probeAnswered(cmd, out string, ref EventRef) {
	paths := probePaths(cmd)
	if len(paths) == 0 || !probeStatusRE.MatchString(out) || !r.openFailures() {
		return
	}
	for _, a := range r.sorted() {
		if a.Kind != KindFailure || !a.IsHead() || (a.Lifecycle != Open && a.Lifecycle != Investigating) || a.Seq() >= ref.Seq || r.hot[slot(a.Kind, a.Key)] != a {
			continue
		}
		var about []string
		if strings.HasPrefix(a.Key, reportedPrefix) {
			for _, m := range urlPathRE.FindAllStringSubmatch(a.Because, -1) {
				about = append(about, strings.ToLower(strings.TrimRight(m[1], "/")))
			}
			if !httpFailRE.MatchString(a.Because) {
				continue
			}
		} else if c := failedCallOf(a); c != "" && httpFailRE.MatchString(a.Value+"\n"+a.Because) {
			about = probePaths(c)
		}
		hit := false
		for _, p := range about {
			for _, q := range paths {
				hit = hit || p == q
			}
		}
		if !hit {
			continue
		}
		a.Lifecycle = Resolved
		a.addRef(ref)
		r.hypothesesOn(a, ref)
	}
}

// openFailures reports whether any failure is open.
func (r *Reducer) openFailures() bool {
	for _, a := range r.hot {
		if a.Kind == KindFailure && (a.Lifecycle == Open || a.Lifecycle == Investigating) {
			return true
		}
	}
	return false
}
