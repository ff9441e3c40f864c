package projection

import "testing"

// A Gradle test event after a blank line is quoted whole, with the
// exception Gradle prints indented under it; before, the pattern's
// leading white space started on the blank line and the failure read
// "failed:" with nothing after it (trial 7, session A).
func TestGradleFailureLine(t *testing.T) {
	call := &Call{ID: "c", Name: "bash", Args: map[string]any{"command": "./gradlew integrationTest"}}
	text := "> Task :compileJava\n> Task :integrationTest\n\nOrderRepositoryIT > savesAndLoadsOrder() FAILED\n    org.flywaydb.core.api.exception.FlywayValidateException: Validate failed: Migrations have failed validation\n    Detected applied migration not resolved locally: 7.\n\nPaymentServiceIT > capturesPayment() PASSED\n\n48 tests completed, 2 failed\n"
	want := map[string]string{
		"test/-/OrderRepositoryIT > savesAndLoadsOrder()": "failed: OrderRepositoryIT > savesAndLoadsOrder() FAILED — org.flywaydb.core.api.exception.FlywayValidateException: Validate failed: Migrations have failed validation",
		"test/-/PaymentServiceIT > capturesPayment()":     "passed: PaymentServiceIT > capturesPayment() PASSED",
	}
	for _, p := range (Deterministic{}).Propose(&Event{Seq: 2, Role: RoleTool, Text: text, Result: &Result{CallID: "c", IsError: true}}, &Context{Call: call}) {
		if w, ok := want[p.Key]; ok {
			if p.Value != w {
				t.Errorf("%s = %q, want %q", p.Key, p.Value, w)
			}
			delete(want, p.Key)
		}
	}
	for k := range want {
		t.Errorf("no proposal for %s", k)
	}
}
