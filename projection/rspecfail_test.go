package projection

import "testing"

// A failed test run's rspec output says what failed under its bare
// "Failures:" label ("1) Shipment#delivered? returns true …"), and its
// "Run options: include {:last_run_status=>"failed"}" line (a rerun of
// the failures) is the filter, not a failure: the failure's value is the
// example that failed. Near misses: a passing rspec run is no failure; a
// "Failures: 2 (HIGH: 2)" scanner line is no bare label; an error line
// before the label stays the line.
func TestRspecFailureLine(t *testing.T) {
	runScriptCases(t, []scriptCase{
		{"Failures: label, English", `
> user
run the specs
> assistant
> call shell {"command":"bundle exec rspec"}
> result error
Randomized with seed 40213
..........F.......

Failures:

  1) Shipment#delivered? returns true when the last tracking event is delivered
     Failure/Error: expect(shipment.delivered?).to be(true)

Finished in 1.92 seconds (files took 2.41 seconds to load)
18 examples, 1 failure
`, []string{`failure command/-/bundle exec rspec \[open/empirical\] = failed: 1\) Shipment#delivered\? returns true`},
			[]string{`= failed: Failures:`}},
		{"Run options and Failures:, Turkish session", `
> user
testleri tekrar çalıştır, sadece patlayanları
> assistant
> call shell {"command":"bundle exec rspec --only-failures"}
> result error
Run options: include {:last_run_status=>"failed"}

Randomized with seed 2231
F

Failures:

  1) ShipmentsController GET index paginates 25 per page
     Failure/Error: expect(assigns(:shipments).size).to eq(25)

1 example, 1 failure
`, []string{`failure command/-/bundle exec rspec --only-failures \[open/empirical\] = failed: 1\) ShipmentsController GET index paginates 25 per page`},
			[]string{`Run options`}},
		{"near miss: a passing run", `
> user
testleri çalıştır
> assistant
> call shell {"command":"bundle exec rspec --only-failures"}
> result
Run options: include {:last_run_status=>"failed"}

All examples were filtered out

Finished in 0.01 seconds (files took 2.31 seconds to load)
0 examples, 0 failures
`, nil, []string{`failure `}},
		{"near miss: an error line before the label", `
> user
run it
> assistant
> call shell {"command":"bin/check"}
> result error
error: config/app.yml not found
Failures:
  nothing ran
`, []string{`failure command/-/bin/check \[open/empirical\] = failed: error: config/app.yml not found`}, nil},
	})
}
