package projection

import "testing"

// A log's thing is its name, else the nearest folder naming one below the
// folder that holds the logs; what stands above that folder is the
// project.
func TestLogName(t *testing.T) {
	for p, want := range map[string]string{
		"logs/dag_id=orders_daily/run_id=manual__2024/task_id=load_orders/attempt=1.log": "load_orders",
		"/var/log/nginx/error.log":                                  "nginx",
		"logs/payments-api.log":                                     "payments-api",
		"docs/logs/20251219/1919-use-issue-ready-to-get.rlog":       "",
		"/var/log/syslog":                                           "",
		"/home/dev/app/.logs/2024-05-01.log":                        "",
		"build/reports/tests/checkout-service/2024-05-01T10:00.log": "checkout-service",
	} {
		if got := logName(p); got != want {
			t.Errorf("logName(%q) = %q, want %q", p, got, want)
		}
	}
}
