package projection

import "testing"

// A label naming the urgent work ("now the urgent thing: …", "sekarang
// yang urgent: …") after a change of plans moves the objective to it,
// the old task on hold (objshift.go; trial 15 m01); the same label on a
// question or a rule moves nothing.
func TestUrgentLabelShiftsObjective(t *testing.T) {
	const idHead = "> user\ntolong bikinin endpoint POST /reports/orders/export yang nge-trigger Celery task buat generate CSV.\n> assistant\nSiap.\n> user\n"
	const enHead = "> user\nplease add an endpoint POST /reports/orders/export that triggers a Celery task to generate CSV.\n> assistant\nSure.\n> user\n"
	const was = `objective/session/goal \[active/normative\] = [^\n]*webhooks/xendit idempotent[^\n]*\(was `
	const kept = `objective/session/goal \[active/normative\] = [^\n]*reports/orders/export[^\n]*@`
	runScriptCases(t, []scriptCase{
		{"id repro", idHead + "eh bentar, ganti prioritas. export CSV ditunda dulu. sekarang yang urgent: bikin webhook /webhooks/xendit idempotent, pembayaran masuk dobel.", []string{was}, nil},
		{"en", enHead + "wait, change of plans. the CSV export is on hold. now the urgent thing: make webhook /webhooks/xendit idempotent, payments come in twice.", []string{was}, nil},
		{"en most urgent", enHead + "most urgent: make webhook /webhooks/xendit idempotent, payments come in twice.", []string{was}, nil},
		// near misses
		{"en question", enHead + "the urgent thing: is the webhook /webhooks/xendit idempotent?", []string{kept}, []string{`\(was `}},
		{"id question", idHead + "yang urgent: webhook /webhooks/xendit udah idempotent belum?", []string{kept}, []string{`\(was `}},
		{"en rule", enHead + "urgent: never push to main without a review.", []string{kept}, []string{`\(was `}},
	})
}
