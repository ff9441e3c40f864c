package projection

import "testing"

// TestDeliverTo: where the work's result is to be put is a rule for the
// session ("Save your regex in /app/regex.txt" in a task's statement,
// which a fold that dropped it would lose); a task with no place, a
// question, a report of what was done, moving code about, where other
// work goes ("your tests"), or a place for the moment ("so I can inspect
// it", /dev/null) is none.
func TestDeliverTo(t *testing.T) {
	for _, c := range []struct {
		s    string
		want bool
	}{
		{"Save your regex in /app/regex.txt", true},
		{"Save the regex in /app/regex.txt", true},
		{"Write your answer to /app/answer.txt.", true},
		{"Please write the final answer to reports/q3.md", true},
		{"put your report under reports/q3.md", true},
		{"Export all the results to results.csv", true},
		{"Now save the results to results.csv", true},
		{"Save the results in a file called results.txt", true},
		{"Write the SQL query to /app/query.sql", true},
		{"The output must be saved to /app/out.csv", true},
		{"Your answer should be saved in a file /app/answer.txt", true},
		{"Write a regex expression that matches dates in the format YYYY-MM-DD.", false},
		{"Can you save it in /tmp/x?", false},
		{"I saved it in /tmp/x.", false},
		{"Move the helper into utils/strings.go", false},
		{"Save the file.", false},
		{"Copy it to the clipboard", false},
		{"write the v2 save format down in docs/save-format.md for the server team", false},
		{"Write the output to /tmp/debug.log so I can inspect it", false},
		{"Dump the output to /dev/null", false},
		{"Write your tests in tests/test_foo.py", false},
		{"Put your helper functions in utils.py", false},
		{"Save your SSH key to ~/.ssh/id_rsa", false},
		{"then save your changes to config.py", false},
	} {
		if got := deliverTo(c.s); got != c.want {
			t.Errorf("deliverTo(%q) = %v, want %v", c.s, got, c.want)
		}
	}
	expect(t, reduceAll(t, `
> user
Write a regex expression that matches dates in the format YYYY-MM-DD appearing in lines that contain an IPv4 address.
If multiple dates are present in a line, the regex should match only the last date in that line.

Save your regex in /app/regex.txt
The regex will be read from the file and applied with re.findall.
`), []string{`constraint constraint/-/save-regex-app/regex.txt \[active/normative\] = Save your regex in /app/regex.txt`}, nil)
}
