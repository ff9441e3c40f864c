package projection

import "testing"

// An agent's default among the options it offered stands when the
// user's next message neither chooses nor objects; a reply that names
// another option, asks, or objects leaves the options open.
func TestDefaultLetStand(t *testing.T) {
	offer := `
> user
We need a table for the press samples.
> assistant
Three layouts for the table:
A) narrow: one hypertable (time, press_id, tag, value). No schema change when tags are added.
B) wide: one column per tag. Simple queries but ALTER TABLE for every new tag.
C) one JSONB column: flexible but no type checks.
Unless you object, I'll go with A.
> user
`
	for _, c := range []struct {
		reply string
		stand bool
	}{
		{"thanks, makes sense. it's freezing in here today lol. please also keep the CSV export during the migration.", true},
		{"ok. also run the linter before each commit.", true},
		{"hmm, B sounds simpler to query.", false},
		{"what's the difference in disk use between A and C?", false},
		{"wait, let me ask Tanaka first.", false},
		{"go with the wide one instead.", false},
	} {
		out := reduceAll(t, offer+c.reply+"\n")
		if c.stand {
			expect(t, out, []string{`d1\.96 decision decision/-/narrow-one-hypertable.* \[active/decision\] = narrow: one hypertable \(time, press_id, tag, value\) \(the agent's default, not objected to; not wide:.*@1,2`}, nil)
		} else {
			expect(t, out, nil, []string{`the agent's default`})
		}
	}
	for _, c := range []struct{ agent, reply, want string }{
		{"DBのテーブル構成は3案あります:\nA) 縦持ち: (time, press_id, tag, value) の hypertable 1つ。\nB) 横持ち: タグごとに列。\nC) JSONB 1列。\n特に異論がなければ A で進めます。", "なるほど、ありがとう。CSVも今まで通り出しといてほしい。", `= 縦持ち: \(time, press_id, tag, value\) の hypertable 1つ \(the agent's default`},
		{"两个方案：\n1. 用 Redis 做缓存\n2. 用本地内存 LRU\n如果没有异议，我就用方案二。", "好的，顺便把日志级别调成 info。", `= 用本地内存 LRU \(the agent's default`},
		{"Zwei Varianten:\n1. Export als CSV mit Semikolon\n2. Export als XLSX\nWenn keine Einwände kommen, nehme ich Variante 1.", "Passt. Denk an die Umlaute im Header.", `= Export als CSV mit Semikolon \(the agent's default`},
	} {
		out := reduceAll(t, "> user\nstart\n> assistant\n"+c.agent+"\n> user\n"+c.reply+"\n")
		expect(t, out, []string{c.want}, []string{`d1\.0 decision`})
	}
	// No default said: nothing stands.
	out := reduceAll(t, "> user\nstart\n> assistant\nTwo ways:\n1. Redis cache\n2. in-memory LRU\nWhich one do you want?\n> user\nthanks, also set the log level to info.\n")
	expect(t, out, nil, []string{`the agent's default`})
}
