package projection

import "testing"

// TestAnswerGivenAgainReplacesTheFirst: a later answer the agent says
// answers the question, or the same quantity measured again, replaces
// the first answer; a later number of something else does not.
func TestAnswerGivenAgainReplacesTheFirst(t *testing.T) {
	const asked = "> user\nHow long will the full backfill take, roughly?\n> assistant\nAt batch 1000 it's 368 rows/s, so the full 4.2M rows would take about 3h10m.\n> user\nBump the batch size to 5000.\n"
	const first = `decision/answer/batch-1000-s-368-rows/s-full \[active/decision\]`
	cases := []struct {
		name, said  string
		want, never []string
	}{
		{"says it answers the question", "At 5000 per batch: 1466 rows/s, so the full backfill is about 48 minutes. That answers your question: roughly 48 minutes.",
			[]string{`decision/answer/answers-question-roughly-48-minutes \[active/decision\] = That answers your question: roughly 48 minutes\. \(was How long will the full backfill take, roughly\?\)`}, []string{first}},
		{"the mark alone, the figure before it", "With 5000 per batch the full backfill comes to about 48 minutes. That answers your question.",
			[]string{`= With 5000 per batch the full backfill comes to about 48 minutes\. That answers your question\. \(was How long`}, []string{first}},
		{"to answer your question", "To answer your earlier question: with batch 5000 it's about 48 minutes end to end.",
			[]string{`= To answer your earlier question: with batch 5000 it's about 48 minutes end to end\. \(was How long`}, []string{first}},
		{"the same quantity measured again", "Done. At 5000 per batch it's 1466 rows/s, so the full backfill now takes about 48 minutes.",
			[]string{`= At 5000 per batch it's 1466 rows/s, so the full backfill now takes about 48 minutes\. \(was How long`}, []string{first}},
		// Negative cases.
		{"another quantity of another thing", "Done. The orders table alone took 12 minutes to vacuum at 5000 rows per batch.",
			[]string{first}, nil},
		{"a plan, no figure measured", "I'll rerun the full backfill at 5000 per batch and time it in about 10 minutes.",
			[]string{first}, nil},
		{"a figure of the same words, another kind", "At 5000 per batch the full backfill uses about 2 GB of memory per worker on 3 rows streams.",
			[]string{first}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, asked+"> assistant\n"+c.said+"\n"), c.want, c.never)
		})
	}
}

// TestAnswerGivenAgainInChinese: "回答你之前的问题" marks the answer
// given again.
func TestAnswerGivenAgainInChinese(t *testing.T) {
	script := "> user\n全量回填大概要多久？\n> assistant\n按每批 1000 条，每秒 368 行，全量 420 万行大约要 3 小时 10 分钟。\n> user\n把批大小调到 5000。\n> assistant\n调到 5000 后每秒 1466 行。回答你之前的问题：全量回填大约 48 分钟。\n"
	expect(t, reduceAll(t, script), []string{`decision/answer/.* \[active/decision\] = 回答你之前的问题：全量回填大约 48 分钟。 \(was 全量回填大概要多久？\)`},
		[]string{`= 按每批 1000 条.* \[active`})
}
