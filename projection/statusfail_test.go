package projection

import (
	"fmt"
	"strings"
	"testing"
)

const (
	podsCrashing = "NAME                            READY   STATUS             RESTARTS       AGE\n" +
		"payments-api-7c9d8f6b5-2xkqp    0/1     CrashLoopBackOff   14 (2m ago)    51m\n" +
		"payments-api-7c9d8f6b5-8hj4w    1/1     Running            9 (11m ago)    51m\n" +
		"payments-api-7c9d8f6b5-tq7zn    0/1     CrashLoopBackOff   12 (40s ago)   51m"
	podsHealthy = "NAME                            READY   STATUS    RESTARTS   AGE\n" +
		"payments-api-5f4b7d9c8-6wq2d    1/1     Running   0          3m\n" +
		"payments-api-5f4b7d9c8-h8ztn    1/1     Running   0          3m\n" +
		"payments-api-5f4b7d9c8-vp4lk    1/1     Running   0          2m"
	describeOOM = "Containers:\n  payments-api:\n    Image:          eu.gcr.io/acme/payments-api:2.14.3\n" +
		"    Last State:     Terminated\n      Reason:       OOMKilled\n      Exit Code:    137\n    Limits:\n      memory:  512Mi"
)

// TestStatusObservations: what a status command's output says of the
// things it shows, as "key failed|ok" (one a line), "" for nothing.
func TestStatusObservations(t *testing.T) {
	for _, tc := range []struct {
		name, cmd, out, want string
	}{
		// Kubernetes: the trial's listing and description.
		{"pods crashing", "kubectl -n payments get pods -l app=payments-api", podsCrashing, "status/-/k8s/payments-api failed"},
		{"describe last state OOMKilled", "kubectl -n payments describe pod payments-api-7c9d8f6b5-2xkqp | sed -n '/Containers:/,/Conditions:/p'", describeOOM, "status/-/k8s/payments-api failed"},
		{"one pod by name", "kubectl get pod worker-6b7f9c4d8-x2x7k -n jobs",
			"NAME                        READY   STATUS             RESTARTS   AGE\nworker-6b7f9c4d8-x2x7k      0/1     ImagePullBackOff   0          4m", "status/-/k8s/worker failed"},
		{"all namespaces, one workload", "kubectl get pods -A -l app=api",
			"NAMESPACE   NAME                   READY   STATUS   RESTARTS   AGE\nprod        api-7d9f8b6c5-x2k4p    0/1     Error    3          5m", "status/-/k8s/api failed"},
		{"statefulset", "kubectl get po -l app=db", "NAME   READY   STATUS             RESTARTS   AGE\ndb-0   0/1     CrashLoopBackOff   6          9m\ndb-1   0/1     CrashLoopBackOff   6          9m", "status/-/k8s/db failed"},
		{"describe waiting", "kubectl describe pod api-7d9f8b6c5-x2k4p",
			"Name:         api-7d9f8b6c5-x2k4p\nContainers:\n  api:\n    State:          Waiting\n      Reason:       CrashLoopBackOff\n    Last State:     Terminated\n      Reason:       Error\n      Exit Code:    1\n",
			"status/-/k8s/api failed"},
		{"wide listing", "kubectl get pods -o wide -l app=api", "NAME                  READY   STATUS             RESTARTS   AGE   IP           NODE\napi-7d9f8b6c5-x2k4p   0/1     CrashLoopBackOff   4          9m    10.4.1.12    gke-pool-1", "status/-/k8s/api failed"},
		{"pods healthy", "kubectl -n payments get pods -l app=payments-api", podsHealthy, "status/-/k8s/payments-api ok"},
		{"rollout done", "kubectl rollout status deploy/payments-api -n payments", "Waiting for deployment \"payments-api\" rollout to finish: 2 of 3 updated replicas are available...\ndeployment \"payments-api\" successfully rolled out", "status/-/k8s/payments-api ok"},
		{"deploy ready", "kubectl get deploy payments-api", "NAME           READY   UP-TO-DATE   AVAILABLE   AGE\npayments-api   3/3     3            3           40d", "status/-/k8s/payments-api ok"},
		// Docker, systemd, helm, supervisor, pm2.
		{"container restarting", "docker ps --filter name=api", "CONTAINER ID   IMAGE        COMMAND                  CREATED         STATUS                         PORTS     NAMES\n3f2a1b9c8d7e   acme/api:4   \"docker-entrypoint.s…\"   2 minutes ago   Restarting (1) 5 seconds ago             shop-api-1", "status/-/docker/shop-api failed"},
		{"compose exited", "docker compose ps worker", "NAME            IMAGE         COMMAND            SERVICE   CREATED          STATUS                      PORTS\nshop-worker-1   acme/worker   \"python -m app\"    worker    10 minutes ago   Exited (1) 9 minutes ago", "status/-/docker/worker failed"},
		{"container up", "docker ps --filter name=api", "CONTAINER ID   IMAGE        COMMAND                  CREATED         STATUS                   PORTS                    NAMES\n3f2a1b9c8d7e   acme/api:4   \"docker-entrypoint.s…\"   2 minutes ago   Up 2 minutes (healthy)   0.0.0.0:8080->8080/tcp   shop-api-1", "status/-/docker/shop-api ok"},
		{"unit failed", "systemctl status nginx", "× nginx.service - A high performance web server and a reverse proxy server\n     Loaded: loaded (/lib/systemd/system/nginx.service; enabled)\n     Active: failed (Result: exit-code) since Sat 2026-12-05 10:00:01 UTC; 3s ago", "status/-/systemd/nginx failed"},
		{"unit restarting", "sudo systemctl status worker.service", "● worker.service - queue worker\n     Active: activating (auto-restart) (Result: exit-code) since Sat 2026-12-05 10:00:01 UTC; 2s ago", "status/-/systemd/worker failed"},
		{"unit running", "systemctl status nginx", "● nginx.service - A high performance web server and a reverse proxy server\n     Active: active (running) since Sat 2026-12-05 10:00:01 UTC; 1min ago", "status/-/systemd/nginx ok"},
		{"release failed", "helm status payments-api -n payments", "NAME: payments-api\nLAST DEPLOYED: Sat Dec  5 10:00:00 2026\nNAMESPACE: payments\nSTATUS: failed\nREVISION: 43", "status/-/helm/payments-api failed"},
		{"supervisor fatal", "supervisorctl status worker", "worker                           FATAL     Exited too quickly (process log may have details)", "status/-/supervisor/worker failed"},
		{"pm2 errored", "pm2 ls", "┌────┬────────┬──────┬─────────┬──────────┐\n│ id │ name   │ mode │ status  │ cpu      │\n├────┼────────┼──────┼─────────┼──────────┤\n│ 0  │ api    │ fork │ errored │ 0%       │\n└────┴────────┴──────┴─────────┴──────────┘", "status/-/pm2/api failed"},
		// Not failures: one failed among many, a share under half,
		// history, a field naming failures, a listing cut by a pipe,
		// a container that finished, a watch.
		{"one among many", "kubectl get pods -n shop",
			"NAME                      READY   STATUS             RESTARTS   AGE\napi-7d9f8b6c5-x2k4p       1/1     Running            0          5d\nweb-5c6d7f8b9-b7n9q       1/1     Running            0          5d\ncron-28371520-xk2lp       0/1     Error              0          2m", "status/-/k8s/api ok\nstatus/-/k8s/web ok"},
		{"one of four replicas", "kubectl get pods -l app=api",
			"NAME                  READY   STATUS             RESTARTS   AGE\napi-7d9f8b6c5-x2k4p   1/1     Running            0          5d\napi-7d9f8b6c5-b7n9q   1/1     Running            0          5d\napi-7d9f8b6c5-zt5wd   1/1     Running            0          5d\napi-7d9f8b6c5-m4c8r   0/1     CrashLoopBackOff   4          9m", ""},
		{"restarted pods are not healthy", "kubectl get pods -l app=api", "NAME                  READY   STATUS    RESTARTS      AGE\napi-7d9f8b6c5-x2k4p   1/1     Running   3 (1m ago)    5d", ""},
		{"events", "kubectl -n payments get events --field-selector involvedObject.kind=Pod", "2m   Warning   BackOff   pod/api-7d9f8b6c5-x2k4p   Back-off restarting failed container\n1m   Warning   Failed    pod/api-7d9f8b6c5-x2k4p   Error: ImagePullBackOff", ""},
		{"describe running, history", "kubectl describe pod api-7d9f8b6c5-x2k4p",
			"Name:         api-7d9f8b6c5-x2k4p\nContainers:\n  api:\n    State:          Running\n      Started:      Sat, 05 Dec 2026 10:00:00 +0000\n    Last State:     Terminated\n      Reason:       OOMKilled\n      Exit Code:    137\nEvents:\n  Warning  BackOff  3m  kubelet  Back-off restarting failed container", ""},
		{"job counts", "kubectl describe job backfill", "Name:           backfill\nPods Statuses:  1 Active / 0 Succeeded / 0 Failed\nFailed: 0", ""},
		{"piped listing", "kubectl get pods | grep -v Running", "api-7d9f8b6c5-x2k4p   0/1   CrashLoopBackOff   4   9m", ""},
		{"watch", "kubectl get pods -w -l app=api", "NAME                  READY   STATUS             RESTARTS   AGE\napi-7d9f8b6c5-x2k4p   0/1     CrashLoopBackOff   4          9m", ""},
		{"docker ps -a many", "docker ps -a", "CONTAINER ID   IMAGE     COMMAND   CREATED       STATUS                   PORTS     NAMES\n1a2b3c4d5e6f   redis:7   \"redis\"   2 hours ago   Up 2 hours                         cache\n2b3c4d5e6f7a   busybox   \"sh\"      3 days ago    Exited (1) 3 days ago              old-probe", "status/-/docker/cache ok"},
		{"finished container", "docker ps -a --filter name=migrate", "CONTAINER ID   IMAGE          COMMAND     CREATED         STATUS                     PORTS     NAMES\n4c5d6e7f8a9b   acme/migrate   \"migrate\"   5 minutes ago   Exited (0) 4 minutes ago             migrate", ""},
		{"helm history", "helm history payments-api -n payments --max 3", "REVISION  UPDATED                   STATUS           CHART               APP VERSION  DESCRIPTION\n42        Sat Dec  5 09:58:00 2026  failed           payments-api-1.8.0  2.14.3       Upgrade \"payments-api\" failed", ""},
		{"journal", "journalctl -u nginx -p err --since today", "Dec 05 10:00:01 web1 nginx[812]: [emerg] bind() to 0.0.0.0:80 failed (98: Address already in use)\nDec 05 10:00:01 web1 systemd[1]: nginx.service: Failed with result 'exit-code'.", ""},
		{"unit inactive", "systemctl status nginx", "○ nginx.service - nginx\n     Active: inactive (dead)", ""},
	} {
		checkStatusObservations(t, tc.name, tc.cmd, tc.out, tc.want)
	}
}

// TestStatusFailureLifecycle: a thing a status command shows failed is an
// open failure until a status of the same thing shows it healthy; a
// status command that itself fails is its own failure only.
func TestStatusFailureLifecycle(t *testing.T) {
	seq := 0
	call := func(r *Reducer, cmd, out string, isErr bool) {
		seq++
		id := fmt.Sprint("c", seq)
		r.Apply(Event{Seq: seq, Role: RoleAssistant, Calls: []Call{{ID: id, Name: "shell", Args: map[string]any{"command": cmd}}}})
		seq++
		r.Apply(Event{Seq: seq, Role: RoleTool, Text: out, Result: &Result{CallID: id, IsError: isErr}})
	}
	statusOf := func(r *Reducer, key string) string {
		for _, a := range r.Anchors() {
			if a.Kind == KindFailure && a.Key == key {
				return a.Lifecycle
			}
		}
		return "none"
	}
	const key = "status/-/k8s/payments-api"
	r := New(Options{KeepRetired: 16})
	r.Apply(Event{Seq: 0, Role: RoleUser, Text: "payments-api keeps getting OOMKilled on staging."})
	call(r, "kubectl -n payments get pods -l app=payments-api", podsCrashing, false)
	if s := statusOf(r, key); s != Open {
		t.Fatalf("after the crashing listing: %s, want open", s)
	}
	call(r, "kubectl -n payments describe pod payments-api-7c9d8f6b5-2xkqp", describeOOM, false)
	// Another workload healthy, and this one running with restarts: no fix.
	call(r, "kubectl -n payments rollout status deploy/ledger", "deployment \"ledger\" successfully rolled out", false)
	call(r, "kubectl -n payments get pods -l app=payments-api", "NAME                            READY   STATUS    RESTARTS     AGE\npayments-api-7c9d8f6b5-2xkqp    1/1     Running   15 (1m ago)  53m", false)
	if s := statusOf(r, key); s != Open && s != Investigating {
		t.Fatalf("after another workload and a restarted pod: %s, want still open", s)
	}
	call(r, "kubectl -n payments get pods -l app=payments-api", podsHealthy, false)
	if s := statusOf(r, key); s != Resolved {
		t.Fatalf("after the healthy listing: %s, want resolved", s)
	}

	// A status command that failed itself is its own failure.
	r = New(Options{})
	seq = 0
	call(r, "kubectl -n payments get pods -l app=payments-api", "error: You must be logged in to the server (Unauthorized)\n"+podsCrashing, true)
	if s := statusOf(r, key); s != "none" {
		t.Errorf("a failed status command: status failure %s, want none", s)
	}
}

// checkStatusObservations checks what statusObservations reads of a
// status command's output: each thing's key and verdict, one a line, and
// that each line it quotes is in the output.
func checkStatusObservations(t *testing.T, name, cmd, out, want string) {
	t.Helper()
	var got []string
	for _, o := range statusObservations(cmd, out) {
		st := "ok"
		if o.failed {
			st = "failed"
		}
		got = append(got, o.key+" "+st)
		if !strings.Contains(out, o.line) || o.line == "" {
			t.Errorf("%s: line %q is not in the output", name, o.line)
		}
	}
	if g := strings.Join(got, "\n"); g != want {
		t.Errorf("%s: got\n%s\nwant\n%s", name, g, want)
	}
}
