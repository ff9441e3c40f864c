package projection

import "testing"

// A number put up to try names no setting ("try 256K"): it is the setting
// the user set last, when that holds a number of its kind. A revert the
// user leaves open ("go back to what it was" after two changes) is the
// value the agent says it put back.
func TestTryAndRevertSaid(t *testing.T) {
	const opening = `
> user
what's the default chunk size the reader uses right now?
> assistant
> call shell {"cmd": "grep -n CHUNK src/reader.rs"}
> result
9:const READ_CHUNK: usize = 64 * 1024;
> assistant
READ_CHUNK is 64 KiB.
> user
bump it by half and let's measure
> assistant
Setting READ_CHUNK to 96 KiB.
`
	cases := []struct {
		name, script string
		want, never  []string
	}{
		{"try a size", opening + `
> user
hm, that's worse. try 256K
`, []string{`read_chunk \[current/normative\] = 256K \(was 96 KiB\)`}, nil},
		{"go with, then", opening + `
> user
ok. go with 128K then
`, []string{`read_chunk \[current/normative\] = 128K \(was 96 KiB\)`}, nil},
		{"Chinese", opening + `
> user
那就试试 256K
`, []string{`read_chunk \[current/normative\] = 256K \(was 96 KiB\)`}, nil},
		{"a number of another kind is no value of it", opening + `
> user
try 30s
`, []string{`read_chunk \[current/normative\] = 96 KiB`}, []string{`= 30s`}},
		{"a number naming something else", opening + `
> user
try 3 runs and take the median
`, []string{`read_chunk \[current/normative\] = 96 KiB`}, []string{`= 3\b`}},
		{"no setting set: nothing", `
> user
try 256K
`, nil, []string{`value/`}},
		{"the revert the agent made", opening + `
> user
hm, that's worse. try 256K
> assistant
Trying 256 KiB.
> user
ok, actually go back to what it was, 412MB RSS would OOM the boxes
> assistant
Reverted READ_CHUNK to 64 KiB.
`, []string{`read_chunk \[current/normative\] = 64 KiB \(was 256K\)`}, nil},
		{"the revert read without the agent's word", opening + `
> user
hm, that's worse. try 256K
> user
ok, actually go back to what it was
`, []string{`read_chunk \[current/normative\] = 96 KiB \(was 256K\)`}, nil},
		{"the agent naming another setting changes nothing", opening + `
> user
hm, that's worse. try 256K
> user
go back to what it was
> assistant
Reverted the commit; set WORKERS back to 4 as well.
`, []string{`read_chunk \[current/normative\] = 96 KiB \(was 256K\)`}, []string{`= 4\b`}},
		{"the agent's words after the next user message change nothing", opening + `
> user
hm, that's worse. try 256K
> user
go back to what it was
> user
also check the logs
> assistant
Reverted READ_CHUNK to 64 KiB.
`, []string{`read_chunk \[current/normative\] = 96 KiB \(was 256K\)`}, nil},
		{"what it was doing is no value", opening + `
> user
go back to what it was doing before the refactor
`, []string{`read_chunk \[current/normative\] = 96 KiB \(was 64 KiB\)`}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, c.script), c.want, c.never)
		})
	}
}
