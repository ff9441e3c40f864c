package projection

import (
	"path"
	"slices"
	"strings"
)

// A thing a status command reports failed.
//
// An agent often learns that a service is down not from a command that
// fails but from one that looks: "kubectl get pods" lists the pods in
// CrashLoopBackOff, "kubectl describe pod" shows the container last
// terminated OOMKilled, "docker ps" shows "Restarting (1)", "systemctl
// status" says "Active: failed". The command succeeded; the thing it
// reports on failed. That is a failure of the thing, keyed by its
// identity (statusPrefix + system + "/" + name: a pod by its workload,
// the name without the ReplicaSet's hash and the pod's suffix; a
// container by its compose service or name; a unit without ".service";
// a helm release; a supervisor or pm2 program), and a later status of
// the same thing showing it healthy resolves it: every pod of the
// workload Running and ready with no restarts, or the rollout "successfully
// rolled out"; a container "Up" and not unhealthy; a unit "active
// (running)"; a release "deployed"; a program RUNNING or online.
//
// Precision first. A listing opens a failure of a thing only when at
// least half of that thing's rows are failed, so one crashing pod among
// its workload's many opens nothing; in a listing of several things (a
// namespace's workloads, a compose project's services) only when a few
// of them failed (maxListedFailures) and not all, and only by failures
// that go on (a crash loop, a compose service exited: not a job's pod in
// Error, nor a container "docker ps -a" shows exited days ago): a
// namespace where everything crashes tells an outage, not one thing to
// fix. Nor does a
// listing cut by a pipe ("| grep -v Running"
// shows only what it kept). A history of what happened ("kubectl get
// events", "helm history", "journalctl", a describe's Events section, a
// container's Last State while its State is Running) opens nothing; nor
// does a field that only names failures ("Failed: 0"). A status command
// that itself failed is already a failure of its own and is read no
// further here.

// statusObs is what a status command's output says of one thing: its
// key, whether it failed (else it is healthy), and the line that says so.
type statusObs struct {
	key, name string
	failed    bool
	line      string
}

var (
	// podFailedRE is a pod's status column that says it failed.
	podFailedRE = mustPattern(`^(?:Init:)?(?:CrashLoopBackOff|Error|OOMKilled|ImagePullBackOff|ErrImagePull|CreateContainerConfigError|CreateContainerError|InvalidImageName|RunContainerError|StartError|ContainerStatusUnknown)$`)
	// podLiveRE is a pod's status column of a failure that goes on: a
	// crash loop, an image that cannot be pulled.
	podLiveRE = mustPattern(`^(?:Init:)?(?:CrashLoopBackOff|ImagePullBackOff|ErrImagePull|CreateContainerConfigError|CreateContainerError|RunContainerError)$`)
	// podSuffixRE is the suffix a controller gives its pods' names: a
	// Deployment's ReplicaSet hash and the pod's own five characters, a
	// DaemonSet's or Job's five, a StatefulSet's ordinal.
	podSuffixRE = mustPattern(`(?:-[bcdfghjklmnpqrstvwxz2456789]{6,10})?-[bcdfghjklmnpqrstvwxz2456789]{5}$|-\d{1,4}$`)
	readyRE     = mustPattern(`^(\d+)/(\d+)$`)
	// containerStateRE is a describe's State or Last State of a
	// container and the reason under it.
	containerStateRE = mustPattern(`(?m)^[ \t]*(Last State|State):[ \t]+(\w+)[ \t]*\n(?:[ \t]*(?:Started|Finished|Exit Code|Signal|Message):.*\n)*[ \t]*Reason:[ \t]+(\w+)`)
	// stateRunningRE is a describe's container State that is running.
	stateRunningRE = mustPattern(`(?m)^[ \t]*State:[ \t]+Running\b`)
	rolledOutRE    = mustPattern(`(?m)^(?:deployment|daemon set|statefulset|partitioned roll out complete)?.*?"([\w.\-]+)" successfully rolled out\b.*$`)
	systemdHeadRE  = mustPattern(`(?m)^[●○×*]?[ \t]*([\w@.\-]+?)(?:\.service)? - `)
	systemdActRE   = mustPattern(`(?m)^[ \t]*Active:[ \t]+(failed|activating \(auto-restart\)|active \((?:running|exited)\))[^\n]*`)
	helmNameRE     = mustPattern(`(?m)^NAME:[ \t]+(\S+)`)
	helmStatusRE   = mustPattern(`(?m)^STATUS:[ \t]+(failed|deployed)[ \t]*$`)
	supervisorRE   = mustPattern(`(?m)^([\w:.\-]+)[ \t]+(RUNNING|STOPPED|STARTING|BACKOFF|STOPPING|EXITED|FATAL|UNKNOWN)\b[^\n]*$`)
	dockerNumRE    = mustPattern(`[-_]\d+$`)
	describeNameRE = mustPattern(`(?m)^Name:[ \t]+(\S+)`)
	// exitedFailedRE is a container's status after it exited with a
	// status other than 0 ("Exited (1) 2 minutes ago", "Exit 137").
	exitedFailedRE = mustPattern(`^Exit(?:ed)? \(?[1-9]\d*\)?`)
)

// statusKinds are the status commands cmd runs, each with the name it
// gave when it named one thing: "pods", "describe", "rollout", "deploys",
// "docker", "compose", "systemd", "helm", "supervisor", "pm2". A listing
// piped into another program is left out: it shows what that kept.
func statusKinds(cmd string) map[string]string {
	out := map[string]string{}
	for _, st := range stagesOf(cmd) {
		pipe := pipeSplit(st)
		f := dropEnv(strings.Fields(unwrap(pipe[0])))
		if len(f) == 0 {
			continue
		}
		piped := len(pipe) > 1
		prog := path.Base(f[0])
		w := subcommandWords(f[1:])
		arg := func(i int) string {
			for _, x := range w[min(i, len(w)):] {
				if !strings.HasPrefix(x, "-") {
					return x
				}
			}
			return ""
		}
		// a watch prints each change as a row: a history, not a state
		watch := slices.ContainsFunc(f, func(x string) bool { return x == "-w" || x == "--watch" || x == "--watch-only" })
		switch {
		case len(w) == 0:
		case prog == "kubectl" && w[0] == "get" && len(w) > 1 && !watch && !piped && strings.Contains(w[1], ","):
			// "kubectl get hpa,pods": a table for each kind (podListing
			// reads each row in its own table)
			for _, k := range strings.Split(w[1], ",") {
				switch {
				case slices.Contains(podKinds, k):
					out["pods"] = ""
				case slices.Contains(deployKinds, k):
					out["deploys"] = ""
				}
			}
		case prog == "kubectl" && w[0] == "get" && len(w) > 1 && !watch && !piped && slices.Contains(podKinds, w[1]):
			out["pods"] = arg(2)
		case prog == "kubectl" && w[0] == "get" && len(w) > 1 && !watch && !piped && slices.Contains(deployKinds, w[1]):
			out["deploys"] = ""
		case prog == "kubectl" && w[0] == "describe" && len(w) > 2 && slices.Contains([]string{"pod", "pods", "po"}, w[1]):
			out["describe"] = w[2]
		case prog == "kubectl" && w[0] == "describe" && len(w) > 1 && strings.HasPrefix(w[1], "pod/"):
			out["describe"] = strings.TrimPrefix(w[1], "pod/")
		case prog == "kubectl" && w[0] == "rollout" && len(w) > 1 && w[1] == "status":
			out["rollout"] = ""
		case prog == "docker" && !piped && (w[0] == "ps" || w[0] == "container" && len(w) > 1 && (w[1] == "ls" || w[1] == "ps" || w[1] == "list")):
			out["docker"] = ""
		case (prog == "docker" && w[0] == "compose" || prog == "docker-compose") && !piped && slices.Contains(w, "ps"):
			out["compose"] = ""
		case prog == "systemctl" && w[0] == "status":
			out["systemd"] = strings.TrimSuffix(arg(1), ".service")
		case prog == "helm" && w[0] == "status":
			out["helm"] = arg(1)
		case prog == "supervisorctl" && w[0] == "status" && !piped:
			out["supervisor"] = ""
		case prog == "pm2" && slices.Contains([]string{"ls", "list", "l", "status"}, w[0]) && !piped:
			out["pm2"] = ""
		case prog == "aws" && ecsDescribe(f) && !piped:
			// one service's events (statusquery.go)
			if c, s := ecsService(f); s != "" {
				out["ecs"] = c + "/" + s
			}
		case prog == "adb" && w[0] == "logcat":
			// a pipe keeps a crash's lines or drops them, never makes
			// one up (logcat.go)
			out["logcat"] = ""
		}
	}
	return out
}

// podKinds and deployKinds are the names kubectl takes for pods and
// deployments.
var (
	podKinds    = []string{"pod", "pods", "po"}
	deployKinds = []string{"deploy", "deployment", "deployments"}
)

// statusObservations are what the status commands of cmd report in text
// of the things they show (see above).
func statusObservations(cmd, text string) []statusObs {
	kinds := statusKinds(cmd)
	if len(kinds) == 0 {
		return nil
	}
	var out []statusObs
	if _, ok := kinds["pods"]; ok {
		out = append(out, podListing(text)...)
	}
	if _, ok := kinds["deploys"]; ok {
		out = append(out, deployListing(text)...)
	}
	if name, ok := kinds["describe"]; ok {
		out = append(out, podDescribed(name, text)...)
	}
	if _, ok := kinds["rollout"]; ok {
		for _, m := range rolledOutRE.FindAllStringSubmatch(text, 8) {
			out = append(out, statusObs{key: statusPrefix + "k8s/" + m[1], name: m[1], line: strings.TrimSpace(m[0])})
		}
	}
	if _, ok := kinds["docker"]; ok {
		out = append(out, containerListing(text)...)
	} else if _, ok := kinds["compose"]; ok {
		out = append(out, containerListing(text)...)
	}
	if name, ok := kinds["systemd"]; ok {
		out = append(out, unitStatus(name, text)...)
	}
	if name, ok := kinds["helm"]; ok {
		if m := helmNameRE.FindStringSubmatch(text); m != nil {
			name = m[1]
		}
		if s := helmStatusRE.FindStringSubmatch(text); s != nil && name != "" {
			out = append(out, statusObs{key: statusPrefix + "helm/" + name, name: name, failed: s[1] == "failed", line: strings.TrimSpace(s[0])})
		}
	}
	if _, ok := kinds["supervisor"]; ok {
		var rows []statusRow
		for _, m := range supervisorRE.FindAllStringSubmatch(text, 64) {
			st := statusNeutral
			switch m[2] {
			case "RUNNING":
				st = statusHealthy
			case "FATAL", "BACKOFF":
				st = statusFailed
			}
			rows = append(rows, statusRow{obj: m[1], state: st, line: strings.TrimSpace(m[0])})
		}
		out = append(out, listingJudged("supervisor/", rows)...)
	}
	if _, ok := kinds["pm2"]; ok {
		out = append(out, pm2Listing(text)...)
	}
	if cs, ok := kinds["ecs"]; ok {
		c, s, _ := strings.Cut(cs, "/")
		out = append(out, ecsObservations(c, s, text)...)
	}
	if _, ok := kinds["logcat"]; ok {
		out = append(out, logcatCrashes(cmd, text)...)
	}
	return out
}

const (
	statusNeutral = iota
	statusHealthy
	statusFailed
)

// statusRow is one row of a listing: the thing it belongs to, its state
// and its line.
type statusRow struct {
	obj   string
	state int
	line  string
	// live: the row fails now and again (a crash loop, a restart, a
	// service of a compose project down), not once in the past (a job's
	// pod in Error, a container exited days ago in "docker ps -a").
	live bool
}

// maxListedFailures is the most things one listing of several fails.
const maxListedFailures = 3

// listingJudged reads a listing's rows (see above): a failure of a thing
// when half of its rows or more failed (in a listing of several things,
// of a few of them: below); each thing whose rows are all healthy is
// healthy.
func listingJudged(system string, rows []statusRow) []statusObs {
	if len(rows) == 0 {
		return nil
	}
	var objs []string
	for _, r := range rows {
		if !slices.Contains(objs, r.obj) {
			objs = append(objs, r.obj)
		}
	}
	// A listing of several things (a namespace's pods, a compose
	// project's services) fails each thing whose own rows mostly failed,
	// as long as only a few of them did and one at least did not: a
	// listing where most things are down tells an outage of the whole,
	// not a failure of one the session can fix.
	failedObjs := 0
	for _, o := range objs {
		n, failed := 0, 0
		for _, r := range rows {
			if r.obj == o {
				n++
				if r.state == statusFailed {
					failed++
				}
			}
		}
		if failed > 0 && 2*failed >= n {
			failedObjs++
		}
	}
	// a thing among several fails by its live rows only
	liveObj := func(o string) bool {
		return !slices.ContainsFunc(rows, func(r statusRow) bool { return r.obj == o && r.state == statusFailed && !r.live })
	}
	several := len(objs) > 1 && failedObjs <= maxListedFailures && failedObjs < len(objs)
	var out []statusObs
	for _, o := range objs {
		n, failed, healthy, first := 0, 0, 0, ""
		for _, r := range rows {
			if r.obj != o {
				continue
			}
			n++
			switch r.state {
			case statusFailed:
				failed++
				if first == "" {
					first = r.line
				}
			case statusHealthy:
				healthy++
			}
		}
		switch {
		case (len(objs) == 1 || several && liveObj(o)) && failed > 0 && 2*failed >= n:
			out = append(out, statusObs{key: statusPrefix + system + o, name: o, failed: true, line: first})
		case healthy == n:
			out = append(out, statusObs{key: statusPrefix + system + o, name: o, line: rows[slices.IndexFunc(rows, func(r statusRow) bool { return r.obj == o })].line})
		}
	}
	return out
}

// workloadOf is the workload a pod belongs to: its name without the
// suffix its controller gave it.
func workloadOf(pod string) string {
	if w := podSuffixRE.ReplaceAllString(pod, ""); w != "" {
		return w
	}
	return pod
}

// podListing reads "kubectl get pods": NAME READY STATUS RESTARTS AGE,
// with NAMESPACE first under -A. A pod is failed by its status, healthy
// when Running, all its containers ready and never restarted.
func podListing(text string) []statusObs {
	var rows []statusRow
	for _, l := range tableRows(text, podTable) {
		f := strings.Fields(l)
		i := slices.IndexFunc(f, readyRE.MatchString)
		if i < 1 || i > 2 || len(f) < i+4 {
			continue
		}
		f[i-1] = strings.TrimPrefix(f[i-1], "pod/")
		m := readyRE.FindStringSubmatch(f[i])
		st, live := statusNeutral, false
		switch {
		case podFailedRE.MatchString(f[i+1]):
			st, live = statusFailed, podLiveRE.MatchString(f[i+1])
		case f[i+1] == "Running" && m[1] == m[2] && m[2] != "0" && f[i+2] == "0":
			st = statusHealthy
		}
		rows = append(rows, statusRow{obj: workloadOf(f[i-1]), state: st, line: strings.TrimSpace(l), live: live})
	}
	return listingJudged("k8s/", rows)
}

// tableRows are the rows of text's tables whose header is of the kind
// want tells: "kubectl get hpa,pods" prints a table for each kind, each
// with its own header, and a row is read by its own table's columns.
// A text with no header ("--no-headers") is one table of rows.
func tableRows(text string, want func(header string) bool) []string {
	var rows, before []string
	headed, in := false, false
	for l := range strings.Lines(text) {
		f := strings.Fields(l)
		switch {
		case len(f) > 0 && (f[0] == "NAME" || f[0] == "NAMESPACE"):
			headed, in = true, want(l)
		case !headed:
			before = append(before, l)
		case in:
			rows = append(rows, l)
		}
	}
	if !headed {
		return before
	}
	return rows
}

// podTable and deployTable tell a pod listing's and a deployment
// listing's header.
func podTable(header string) bool {
	return strings.Contains(header, "STATUS") && strings.Contains(header, "RESTARTS")
}

func deployTable(header string) bool { return strings.Contains(header, "UP-TO-DATE") }

// deployListing reads "kubectl get deploy": NAME READY UP-TO-DATE
// AVAILABLE AGE. A deployment all of whose replicas are ready, up to
// date and available is healthy; one that is not says nothing (it may
// be rolling out).
func deployListing(text string) []statusObs {
	if !strings.Contains(text, "UP-TO-DATE") {
		return nil
	}
	var out []statusObs
	for _, l := range tableRows(text, deployTable) {
		f := strings.Fields(l)
		if len(f) < 5 {
			continue
		}
		i := slices.IndexFunc(f, readyRE.MatchString)
		if i < 1 || i > 2 || len(f) < i+4 {
			continue
		}
		f[i-1] = strings.TrimPrefix(strings.TrimPrefix(f[i-1], "deployment.apps/"), "deployment/")
		m := readyRE.FindStringSubmatch(f[i])
		if m[1] == m[2] && m[2] != "0" && f[i+1] == m[2] && f[i+2] == m[2] {
			out = append(out, statusObs{key: statusPrefix + "k8s/" + f[i-1], name: f[i-1], line: strings.TrimSpace(l)})
		}
	}
	return out
}

// podDescribed reads "kubectl describe pod": a container whose State is
// Waiting or Terminated for a failure (CrashLoopBackOff, OOMKilled,
// Error …) fails the pod's workload; so does a Last State terminated so
// when no container is shown running now. A Last State under a running
// one is history.
func podDescribed(pod, text string) []statusObs {
	if m := describeNameRE.FindStringSubmatch(text); m != nil {
		pod = m[1]
	}
	if pod == "" {
		return nil
	}
	if i := strings.Index(text, "\nEvents:"); i >= 0 {
		text = text[:i]
	}
	running := stateRunningRE.MatchString(text)
	for _, m := range containerStateRE.FindAllStringSubmatchIndex(text, 16) {
		which, state, reason := text[m[2]:m[3]], text[m[4]:m[5]], text[m[6]:m[7]]
		if which == "Last State" && running || state == "Terminated" && reason == "Completed" || state != "Terminated" && state != "Waiting" || !podFailedRE.MatchString(reason) {
			continue
		}
		w := workloadOf(pod)
		return []statusObs{{key: statusPrefix + "k8s/" + w, name: w, failed: true, line: lineAt(text, m[6])}}
	}
	return nil
}

// containerListing reads "docker ps" (CONTAINER ID … STATUS PORTS
// NAMES), "docker compose ps" (NAME IMAGE COMMAND SERVICE CREATED STATUS
// PORTS) and docker-compose's (Name Command State Ports) by the columns
// of their header. A container restarting, exited with a status other
// than 0, dead or unhealthy failed; one up and not unhealthy is healthy.
func containerListing(text string) []statusObs {
	lines := strings.Split(text, "\n")
	h := slices.IndexFunc(lines, func(l string) bool {
		return strings.Contains(l, "STATUS") && (strings.Contains(l, "NAMES") || strings.Contains(l, "SERVICE")) || strings.HasPrefix(l, "Name") && strings.Contains(l, "State")
	})
	if h < 0 {
		return nil
	}
	head := lines[h]
	col := func(name string) int {
		i := strings.Index(head, name)
		for i > 0 && head[i-1] != ' ' && head[i-1] != '\t' {
			j := strings.Index(head[i+1:], name)
			if j < 0 {
				return -1
			}
			i += j + 1
		}
		return i
	}
	cell := func(l string, at int) string {
		if at < 0 || at >= len(l) {
			return ""
		}
		end := len(l)
		if k := strings.Index(l[at:], "   "); k >= 0 {
			end = at + k
		}
		return strings.TrimSpace(l[at:end])
	}
	statusAt, nameAt := col("STATUS"), col("NAMES")
	// a compose project lists its services, each meant to be up; "docker
	// ps -a" lists every container that ever ran
	compose := false
	if s := col("SERVICE"); s >= 0 {
		nameAt, compose = s, true
	}
	if statusAt < 0 {
		statusAt, nameAt = col("State"), 0
	}
	var rows []statusRow
	for _, l := range lines[h+1:] {
		if strings.TrimSpace(l) == "" || strings.HasPrefix(l, "---") {
			continue
		}
		status, name := cell(l, statusAt), cell(l, nameAt)
		if name == "" || status == "" {
			continue
		}
		st, live := statusNeutral, false
		switch {
		case strings.Contains(status, "unhealthy") || strings.HasPrefix(status, "Restarting") || strings.HasPrefix(status, "Dead"):
			st, live = statusFailed, true
		case exitedFailedRE.MatchString(status):
			st, live = statusFailed, compose
		case strings.HasPrefix(status, "Up") && !strings.Contains(status, "health: starting"):
			st = statusHealthy
		}
		rows = append(rows, statusRow{obj: dockerNumRE.ReplaceAllString(name, ""), state: st, line: strings.TrimSpace(l), live: live})
	}
	return listingJudged("docker/", rows)
}

// unitStatus reads "systemctl status": each unit's block, from its head
// line ("● nginx.service - A high performance web server") to its
// Active line. "failed" or restarting after a failure ("activating
// (auto-restart)") failed; "active (running)", or "active (exited)" for
// a unit that runs once, is healthy.
func unitStatus(name, text string) []statusObs {
	heads := systemdHeadRE.FindAllStringSubmatchIndex(text, 16)
	var out []statusObs
	for _, a := range systemdActRE.FindAllStringSubmatchIndex(text, 16) {
		unit := name
		for _, h := range heads {
			if h[0] < a[0] {
				unit = strings.TrimSuffix(text[h[2]:h[3]], ".service")
			}
		}
		if unit == "" {
			continue
		}
		act := text[a[2]:a[3]]
		out = append(out, statusObs{key: statusPrefix + "systemd/" + unit, name: unit, failed: !strings.HasPrefix(act, "active"), line: strings.TrimSpace(text[a[0]:a[1]])})
	}
	return out
}

// pm2Listing reads pm2's table ("│ id │ name │ … │ status │ …"): a
// process errored failed, one online is healthy.
func pm2Listing(text string) []statusObs {
	nameAt, statusAt := -1, -1
	var rows []statusRow
	for l := range strings.Lines(text) {
		cells := strings.Split(l, "│")
		if len(cells) < 3 {
			continue
		}
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		if nameAt < 0 {
			nameAt, statusAt = slices.Index(cells, "name"), slices.Index(cells, "status")
			continue
		}
		if statusAt < 0 || nameAt < 0 || len(cells) <= max(nameAt, statusAt) || cells[nameAt] == "" {
			continue
		}
		st := statusNeutral
		switch cells[statusAt] {
		case "errored":
			st = statusFailed
		case "online":
			st = statusHealthy
		}
		rows = append(rows, statusRow{obj: cells[nameAt], state: st, line: strings.TrimSpace(l)})
	}
	return listingJudged("pm2/", rows)
}

// statusProposals are the outcomes a passing status command's output
// reports of the things it shows: a failure of each thing it shows
// failed, and a pass of each it shows healthy whose failure is open.
func statusProposals(text string, ctx *Context) []Proposal {
	if ctx.Call == nil {
		return nil
	}
	_, cmd := argString(ctx.Call.Args, commandArgKeys)
	if cmd == "" {
		return nil
	}
	var out []Proposal
	seen := map[string]bool{}
	for _, o := range statusObservations(cmd, text) {
		if seen[o.key] || o.line == "" || !strings.Contains(text, o.line) {
			continue
		}
		seen[o.key] = true
		p := Proposal{Op: OpOutcome, Kind: KindEvidence, Key: o.key, Name: o.name, Quote: o.line, Explicit: true}
		if o.failed {
			p.Kind, p.Failed, p.Because = KindFailure, true, o.line
			// No call link: the command passed, and its passing again is
			// no fix of the thing (subject.go reads a call link so).
			p.Value = "failed: " + oneLine(o.line, 200)
		} else {
			open := false
			for _, k := range ctx.OpenFailures {
				// the thing's failure, or a failed query of it
				// (statusquery.go)
				open = open || k == o.key || statusQueried(k, o.key)
			}
			if !open {
				continue
			}
			p.Value = "ok: " + oneLine(o.line, 120)
		}
		out = append(out, p)
	}
	return out
}
