package projection

import "testing"

// Trial 14's objective, decision and rule items (t14obj).

// A greeting and a sentence that only names the project open a message
// without asking anything: the objective is the sentence that asks for
// work (trial 14 m01).
func TestOpeningNotObjective(t *testing.T) {
	runScriptCases(t, []scriptCase{
		{"en: greeting and repo name before the request", "\n> user\nGood morning. This is the billing repo. The invoice export times out, please add cursor pagination.\n",
			[]string{`goal \[active/normative\] = The invoice export times out, please add cursor pagination`}, []string{`= Good morning`, `= This is the billing`}},
		{"ja: お疲れさまです and the workspace's name", "\n> user\nお疲れさまです。invoice-svc の workspace です。`GET /invoices` が遅いので cursor ベースの pagination 入れてほしいです。\n",
			[]string{`goal \[active/normative\] = ` + "`GET /invoices` が遅いので"}, []string{`= お疲れさま`}},
		{"tr: selam and the project's stack", "\n> user\nselam. kargo-takip projesi, Rails 7.1 + Sidekiq. Shipment'a tracking_events ekleyeceğiz\n",
			[]string{`goal \[active/normative\] = Shipment'a tracking_events ekleyeceğiz`}, []string{`= selam`}},
		{"pt: olá and the project named", "\n> user\nolá! o projeto é o pedidos-svc, Go 1.23. implementa graceful shutdown no servidor.\n",
			[]string{`goal \[active/normative\] = implementa graceful shutdown`}, []string{`= olá`}},
		{"near miss: a sentence about the project that tells a problem stays", "\n> user\nThe billing project is broken on CI since Monday. Please look.\n",
			[]string{`goal \[active/normative\] = The billing project is broken on CI since Monday`}, nil},
		{"near miss: the only sentence names the project", "\n> user\nお疲れさまです。invoice-svc の workspace です。\n",
			[]string{`goal \[active/normative\] = invoice-svc の workspace`}, nil},
	})
}

// After a change marker, a clause closing the old task ("o shutdown tá
// bom") is no new objective: the clause naming new work is (trial 14
// m14).
func TestChangeMarkerClosedTask(t *testing.T) {
	runScriptCases(t, []scriptCase{
		{"pt: muda o foco, the old task good, the new priority", "\n> user\no pedidos-svc precisa de graceful shutdown decente\n> assistant\nCerto, vou começar pelo server.go.\n> user\nmuda o foco: o shutdown tá bom. agora prioridade é o endpoint GET /pedidos/{id}/status pro app mobile, com cache de 30s\n",
			[]string{`goal \[active/normative\] = .*endpoint GET /pedidos/\{id\}/status`}, []string{`goal \[active/normative\] = .*shutdown tá bom`}},
		{"en: change of focus, the old task fine", "\n> user\nAdd graceful shutdown to the orders service.\n> assistant\nStarting with server.go.\n> user\nchange of focus: the shutdown is fine. now the priority is the status endpoint for the mobile app, cached for 30s\n",
			[]string{`goal \[active/normative\] = .*status endpoint for the mobile app`}, []string{`goal \[active/normative\] = .*shutdown is fine`}},
		{"near miss: the label names new work at once", "\n> user\nAdd graceful shutdown to the orders service.\n> assistant\nStarting with server.go.\n> user\nchange of focus: add the status endpoint for the mobile app\n",
			[]string{`goal \[active/normative\] = .*add the status endpoint`}, nil},
	})
}
