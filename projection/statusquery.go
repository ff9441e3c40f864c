package projection

import (
	"path"
	"slices"
	"strings"
)

// A status query that failed, answered healthy by a later query.
//
// An agent checks a service by asking about it: "aws ecs
// describe-services --cluster staging-eu --services billing-api", "kubectl
// rollout status deployment/api", "systemctl status nginx", "helm status
// web". When the host marks such a call failed (the service's newest
// event "Task failed ELB health checks", a rollout that timed out) the
// failure is keyed by the command, yet it is a failure of the thing the
// command names. A later query of the same thing whose output reports it
// healthy (statusfail.go: the service "has reached a steady state", the
// deployment rolled out, the unit active) resolves it however the query
// was written: another "--query" of the same service, another "sleep"
// before it, "kubectl get pods" after "kubectl rollout status". The tie
// is the thing's identity, read from both commands; a query of another
// service, cluster or unit resolves nothing, and a query that reports the
// thing still failing resolves nothing.

// statusSubjects are the keys (statusPrefix …) of the things a status
// command cmd names one at a time: an ECS service by its cluster and
// name, a deployment a rollout waits for, a systemd unit, a helm release.
func statusSubjects(cmd string) []string {
	var out []string
	for _, st := range stagesOf(cmd) {
		f := dropEnv(runFields(unwrap(pipeHead(st))))
		if len(f) < 2 {
			continue
		}
		prog := path.Base(f[0])
		w := subcommandWords(f[1:])
		k := ""
		switch {
		case prog == "aws" && ecsDescribe(f):
			if c, s := ecsService(f); s != "" {
				k = "ecs/" + c + "/" + s
			}
		case prog == "kubectl" && len(w) >= 3 && w[0] == "rollout" && w[1] == "status":
			k = rolloutSubject(w[2:])
		case prog == "systemctl" && len(w) >= 2 && w[0] == "status" && !strings.HasPrefix(w[1], "-"):
			k = "systemd/" + strings.TrimSuffix(w[1], ".service")
		case prog == "helm" && len(w) >= 2 && w[0] == "status" && !strings.HasPrefix(w[1], "-"):
			k = "helm/" + w[1]
		}
		if k != "" && !slices.Contains(out, statusPrefix+k) {
			out = append(out, statusPrefix+k)
		}
	}
	return out
}

// rolloutSubject is the key of the deployment "kubectl rollout status"
// waits for ("deployment/api", "deploy api"), "" for another kind.
func rolloutSubject(w []string) string {
	var ops []string
	for _, x := range w {
		if !strings.HasPrefix(x, "-") {
			ops = append(ops, x)
		}
	}
	if len(ops) == 0 {
		return ""
	}
	if kind, name, ok := strings.Cut(ops[0], "/"); ok {
		if slices.Contains(deployKinds, kind) && name != "" {
			return "k8s/" + name
		}
		return ""
	}
	if slices.Contains(deployKinds, ops[0]) && len(ops) > 1 {
		return "k8s/" + ops[1]
	}
	return ""
}

// ecsDescribe reports whether command f is "aws ecs describe-services",
// global options ("--region x") before its service.
func ecsDescribe(f []string) bool {
	i := slices.Index(f, "ecs")
	return i > 0 && i+1 < len(f) && f[i+1] == "describe-services"
}

// ecsService is the cluster (default "default") and the one service an
// "aws ecs describe-services" command f names; "" service when it names
// several or none.
func ecsService(f []string) (cluster, service string) {
	cluster = "default"
	var services []string
	for i := 0; i < len(f); i++ {
		name, v, eq := strings.Cut(f[i], "=")
		if !eq && i+1 < len(f) {
			v = f[i+1]
		}
		v = strings.Trim(v, `'"`)
		switch name {
		case "--cluster":
			cluster = path.Base(v)
		case "--services":
			services = append(services, v)
			for j := i + 2; !eq && j < len(f) && !strings.HasPrefix(f[j], "-"); j++ {
				services = append(services, f[j])
			}
		}
	}
	if len(services) != 1 || strings.Contains(services[0], ",") {
		return cluster, ""
	}
	return cluster, path.Base(services[0])
}

var (
	// ecsEventRE is an ECS service event: "(service billing-api) has
	// reached a steady state."; its groups are the service and the rest.
	ecsEventRE = mustPattern(`\(service ([\w.\-]+)\) ([^\n]*)`)
	// ecsSteadyRE is the event of a service whose tasks are all running
	// and healthy.
	ecsSteadyRE = mustPattern(`^has reached a steady state\b`)
)

// ecsObservations are what the output of "aws ecs describe-services"
// says of service name in cluster: healthy when its newest event (ECS
// lists them newest first) says it reached a steady state. An event
// list is a history: a failed event in it opens nothing here.
func ecsObservations(cluster, name, text string) []statusObs {
	m := ecsEventRE.FindStringSubmatch(text)
	if m == nil || m[1] != name || !ecsSteadyRE.MatchString(m[2]) {
		return nil
	}
	return []statusObs{{key: statusPrefix + "ecs/" + cluster + "/" + name, name: name, line: strings.TrimSpace(lineAt(text, strings.Index(text, m[0])))}}
}

// statusQueried reports whether an open failure keyed key (of the
// context's open failures) is of a status query that named the thing
// keyed thing (see above).
func statusQueried(key, thing string) bool {
	cmd, ok := strings.CutPrefix(key, commandPrefix)
	return ok && slices.Contains(statusSubjects(cmd), thing)
}

// statusQueryHits adds to hit the open failures of status queries of the
// thing keyed key, which a passing query reports healthy.
func (r *Reducer) statusQueryHits(key string, hit []*Anchor) []*Anchor {
	for _, a := range r.sorted() {
		if a.Kind != KindFailure || !a.IsHead() || slices.Contains(hit, a) || !strings.HasPrefix(a.Key, commandPrefix) || a.Lifecycle != Open && a.Lifecycle != Investigating {
			continue
		}
		failed, ok := linkWith(a.Links, callPrefix)
		if !ok {
			failed, _ = strings.CutPrefix(a.Key, commandPrefix)
		}
		if slices.Contains(statusSubjects(failed), key) {
			hit = append(hit, a)
		}
	}
	return hit
}
