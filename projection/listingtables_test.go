package projection

import "testing"

const (
	hpaTable = "NAME                                                 REFERENCE                   TARGETS         MINPODS   MAXPODS   REPLICAS   AGE\n" +
		"horizontalpodautoscaler.autoscaling/pagamentos-api   Deployment/pagamentos-api   <unknown>/70%   3         10        3          24m\n"
	podsOneCrashing = "NAME                                  READY   STATUS             RESTARTS      AGE\n" +
		"pagamentos-api-6d8f9c7b5-4kq2x        1/1     Running            0             31s\n" +
		"pagamentos-api-6d8f9c7b5-tl5vn        0/1     CrashLoopBackOff   3 (18s ago)   31s"
	deployTableText = "NAME                     READY   UP-TO-DATE   AVAILABLE   AGE\n" +
		"deployment.apps/api      1/1     1            1           40d\n"
)

// TestListingTables: a listing of several kinds prints a table for each,
// and each row's status is read in its own table.
func TestListingTables(t *testing.T) {
	for _, tc := range []struct {
		name, cmd, out, want string
	}{
		// m08c: the HPA table before the pods'.
		{"hpa then pods", "helm upgrade --install pagamentos-api charts/pagamentos-api -n pagamentos && kubectl -n pagamentos get hpa,pods",
			"Release \"pagamentos-api\" has been upgraded. Happy Helming!\nREVISION: 39\n" + hpaTable + podsOneCrashing, "status/-/k8s/pagamentos-api failed"},
		{"pods then hpa", "kubectl get pods,hpa -n pagamentos", podsOneCrashing + "\n\n" + hpaTable, "status/-/k8s/pagamentos-api failed"},
		{"several kinds, names with their kind", "kubectl get svc,po -l app=worker",
			"NAME             TYPE        CLUSTER-IP    EXTERNAL-IP   PORT(S)    AGE\nservice/worker   ClusterIP   10.0.12.7     <none>        8080/TCP   9d\n\n" +
				"NAME                          READY   STATUS             RESTARTS   AGE\npod/worker-6b7f9c4d8-x2x7k    0/1     ImagePullBackOff   0          4m",
			"status/-/k8s/worker failed"},
		{"deployment and pods healthy", "kubectl get deploy,pods -l app=api",
			deployTableText + "\nNAME                      READY   STATUS    RESTARTS   AGE\npod/api-7d9f8b6c5-x2k4p   1/1     Running   0          5d",
			"status/-/k8s/api ok\nstatus/-/k8s/api ok"},
		// Not failures: a deployment's row read as a pod's would dilute
		// or fake a status; one crashing pod among several workloads;
		// a kind listed without pods.
		{"deployment table is no pod table", "kubectl get deploy,pods",
			"NAME          READY   UP-TO-DATE   AVAILABLE   AGE\napi           0/1     1            0           9m\n\nNAME                  READY   STATUS    RESTARTS   AGE\napi-7d9f8b6c5-x2k4p   0/1     Pending   0          9m",
			""},
		{"many workloads", "kubectl get hpa,pods -n shop", hpaTable +
			"NAME                      READY   STATUS             RESTARTS   AGE\napi-7d9f8b6c5-x2k4p       1/1     Running            0          5d\ncron-28371520-xk2lp       0/1     Error              0          2m", "status/-/k8s/api ok"},
		{"no pods asked", "kubectl get hpa,svc -n pagamentos", hpaTable + podsOneCrashing, ""},
		{"no header", "kubectl get pods --no-headers -l app=db", "db-0   0/1   CrashLoopBackOff   6   9m\ndb-1   0/1   CrashLoopBackOff   6   9m", "status/-/k8s/db failed"},
	} {
		checkStatusObservations(t, tc.name, tc.cmd, tc.out, tc.want)
	}
}
