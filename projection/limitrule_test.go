package projection

import "testing"

// A relative change of a setting no value holds applies to the number of
// the limit rule that names it: the setting holds the result and the rule
// is restated with it; a setting set by its direction and a number ("…
// down too, 80, no wait, 70") holds the number, a verb's particle ("picks
// up 3 units") sets nothing.
func TestLimitRuleChanged(t *testing.T) {
	for _, c := range []struct {
		first, says string
		want, never []string
	}{
		{"at most 50 jobs at once in the queue.", "Rodrigo said you can double the job limit, the queue is empty this week",
			[]string{`\[active/normative\] = at most 100 \(was 50\) jobs at once in the queue.`, `value/-/job_limit \[current/normative\] = 100 \(was 50\)`}, []string{`unresolved`}},
		{"o Rodrigo pediu pra não rodar nada pesado no nó de login. e no máximo 50 jobs ao mesmo tempo na fila.", "e o Rodrigo falou que pode dobrar o limite de jobs, a fila tá vazia essa semana",
			[]string{`\[active/normative\] = e no máximo 100 \(was 50\) jobs ao mesmo tempo na fila.`}, []string{`unresolved`}},
		{"Photo JPEG quality is 85.", "photo jpeg quality down too, 80, no wait, 70, the uploads are huge",
			[]string{`value/-/photo_jpeg_quality \[current/normative\] = 70 \(was 85\)`}, nil},
		{"field team picks up 3 units tuesday morning so this has to be done monday evening latest", "ok",
			nil, []string{`value/`}},
	} {
		expect(t, reduceAll(t, "> user\nwe work on the release today.\n"+c.first+"\n> assistant\nOK.\n> user\n"+c.says), c.want, c.never)
	}
}

// A relative change said with its result in a clause of its own ("halve
// the pretrigger then, 250ms is plenty") holds the result; a number that
// is the amount of a comparison ("make it 6 dB more sensitive") is no
// value; a number after "from" is what the change starts from.
func TestChangeWithItsResult(t *testing.T) {
	for _, c := range []struct {
		says        string
		want, never []string
	}{
		{"halve the pretrigger then, 250ms is plenty honestly, most passes are short", []string{`value/-/pretrigger \[current/normative\] = 250ms @`}, []string{`125`}},
		{"and the threshold, make it 6 dB more sensitive, the far noctules are missed", []string{`value/-/threshold \[current/normative\] = unresolved: 6 dB more`}, []string{`= 6 @`}},
		{"move the cron from 02:00 UTC on the 1st to an hour later, the backup finishes around 02:40", []string{`= 03:00 UTC on the 1st \(was 02:00 UTC on the 1st\)`}, nil},
	} {
		expect(t, reduceAll(t, "> user\nwe work on the logger today.\n> assistant\nOK.\n> user\n"+c.says), c.want, c.never)
	}
}

// A rule's one end told with its number ("never call a variant below a
// minimum depth of 10x") moves by the amount a change of that end says
// ("raise the minimum depth by 5"): the rule is restated with the new
// number and its unit (heldout26b holds the Portuguese case).
func TestRuleEndMoved(t *testing.T) {
	out := reduceAll(t, `
> user
we run the variant pipeline today.
> assistant
OK.
> user
Never call a variant below a minimum depth of 10x.
> assistant
OK.
> user
she wants more rigor: raise the minimum depth by 5
`)
	expect(t, out, []string{`minimum depth of 15x \(was 10x\)`}, nil)
}
