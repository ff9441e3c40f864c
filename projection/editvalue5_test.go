package projection

import "testing"

// An edit tool that changes one line of code (Copilot's
// replace_string_in_file with oldString and newString) changes the
// setting the line holds; an edit of several lines, or of no setting,
// changes none.
func TestEditedCodeValues(t *testing.T) {
	cases := []struct {
		name, script string
		want, never  []string
	}{
		{"gradle version code", `
> assistant
> call replace_string_in_file {"filePath": "app/build.gradle.kts", "oldString": "versionCode = 41", "newString": "versionCode = 42"}
> result
The file was edited successfully.
`, []string{`versioncode \[current/empirical\] = 42 \(was 41\)`}, nil},
		{"a Kotlin constant", `
> assistant
> call replace_string_in_file {"filePath": "app/src/main/java/PaymentClient.kt", "oldString": "private const val PAYMENT_TIMEOUT_MS = 10_000L", "newString": "private const val PAYMENT_TIMEOUT_MS = 15_000L"}
> result
The file was edited successfully.
`, []string{`payment_timeout_ms \[current/empirical\] = 15_000L \(was 10_000L\)`}, nil},
		{"str_replace in Rust", `
> assistant
> call str_replace {"path": "src/reader.rs", "old_str": "const READ_CHUNK: usize = 64;", "new_str": "const READ_CHUNK: usize = 96;"}
> result
ok
`, []string{`read_chunk \[current/empirical\] = 96 \(was 64\)`}, nil},
		{"a call changed, no setting", `
> assistant
> call replace_string_in_file {"filePath": "src/main.go", "oldString": "foo(1)", "newString": "foo(2)"}
> result
The file was edited successfully.
`, nil, []string{`value/`}},
		{"two lines are no one setting", `
> assistant
> call replace_string_in_file {"filePath": "src/a.kt", "oldString": "val a = 1\nval b = 2", "newString": "val a = 3\nval b = 4"}
> result
The file was edited successfully.
`, nil, []string{`value/`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, c.script), c.want, c.never)
		})
	}
}
