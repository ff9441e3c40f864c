package projection

import "testing"

// TestInformativeLine: a passing command's evidence quotes the line it
// was run for, not a header above it; a first line that already holds
// it, or says something, stays.
func TestInformativeLine(t *testing.T) {
	bench := "goos: linux\ngoarch: amd64\npkg: x/ratelimit\ncpu: AMD EPYC 7B13\nBenchmarkLimiter-8   \t 6543210\t       182.4 ns/op\t       0 B/op\t       0 allocs/op\nPASS\nok  \tx/ratelimit\t1.402s"
	for _, tc := range []struct {
		cmd, text, want string // want "" keeps the first line
	}{
		// The trial's runs.
		{"go test -run=^$ -bench=BenchmarkLimiter -benchmem ./internal/ratelimit/", bench, "BenchmarkLimiter-8   \t 6543210\t       182.4 ns/op\t       0 B/op\t       0 allocs/op"},
		{"go version && grep grpc go.mod", "go version go1.22.5 linux/amd64\n\tgoogle.golang.org/grpc v1.64.0", "google.golang.org/grpc v1.64.0"},
		{"go version && head -5 go.mod && grep grpc go.mod", "go version go1.22.5 linux/amd64\nmodule x\n\ngo 1.22\nrequire (\n\tgoogle.golang.org/grpc v1.64.0", "google.golang.org/grpc v1.64.0"},
		{"ghz --rps 110 -n 5000 localhost:7070 | sed -n '1,14p'", "Summary:\n  Count:\t5000\n  Total:\t45.46 s", "Count:\t5000"},
		{"cat package.json | jq '.dependencies | {next, react}'", "{\n  \"next\": \"14.2.3\",\n  \"react\": \"18.3.1\"\n}", "\"next\": \"14.2.3\","},
		// Paraphrases: another benchmark, a test by name, rg, go list.
		{"go test -bench BenchmarkEncode ./codec", "goos: darwin\ngoarch: arm64\nBenchmarkEncode-10  1000  1052 ns/op\nPASS", "BenchmarkEncode-10  1000  1052 ns/op"},
		{"rg -n retry_after_ms proto/", "proto/pedidos/v1/pedidos.proto:41:  int64 retry_after_ms = 3;", ""},
		{"go list -m google.golang.org/protobuf", "google.golang.org/protobuf v1.34.2", ""},
		// Kept: the first line holds the subject or says something.
		{"go test -run TestParse ./...", "ok  \tx/p\t0.012s", ""},
		{"npm run build 2>&1 | tail -3", "├ ƒ /settings/billing 4.21 kB 98.3 kB\nƒ  (Dynamic)  server-rendered on demand", ""},
		{"git log --oneline -1", "8a71f0d feat(inventario): retry", ""},
		{"grep -c '^ok' out.txt", "3", ""},
	} {
		lead := outputLead(tc.text)
		if got := informativeLine(tc.cmd, tc.text, lead); got != tc.want {
			t.Errorf("informativeLine(%q) = %q, want %q", tc.cmd, got, tc.want)
		}
	}
}

// TestEvidenceNamesBoth: the value keeps a first line that says
// something beside the line the command was run for.
func TestEvidenceNamesBoth(t *testing.T) {
	out := reduceAll(t, "> user\nversions?\n> assistant\nok\n"+call("go version && grep grpc go.mod")+"> result\ngo version go1.22.5 linux/amd64\n\tgoogle.golang.org/grpc v1.64.0\n")
	expect(t, out, []string{`= ok: go version go1\.22\.5 linux/amd64 · google\.golang\.org/grpc v1\.64\.0`}, nil)
	out = reduceAll(t, "> user\nhow fast?\n> assistant\nok\n"+call("go test -run=^$ -bench=BenchmarkLimiter ./internal/ratelimit/")+"> result\ngoos: linux\nBenchmarkLimiter-8 6543210 182.4 ns/op 0 B/op 0 allocs/op\nPASS\n")
	expect(t, out, []string{`= ok: BenchmarkLimiter-8 6543210 182\.4 ns/op`}, nil)
}
