package projection

import "testing"

// Pair programming by back-reference: how many times a thing is retried,
// changed and then put back by "the number from before was right" or
// "undo that last bit"; a rule taken back by the next sentence; a place
// in a list is no setting's name; settings given as a markdown table.
func TestBackReferences(t *testing.T) {
	for _, back := range []string{"hmm no, the number from before was right.", "undo that last bit."} {
		out := reduceAll(t, "> user\nThe invoice job should retry 3 times.\n> assistant\nok, retries = 3.\n> user\nactually make it 5\n> assistant\nretries = 5\n> user\n"+back+"\n")
		expect(t, out, []string{`invoice_job_retries \[current/normative\] = 3 \(was 5\) @0,2,4`}, nil)
	}
	out := reduceAll(t, "> user\nWe need the marina billing report.\n> assistant\nok\n> user\nno emojis in the commit messages. scratch that, emojis are fine.\n")
	expect(t, out, nil, []string{`constraint`})
	out = reduceAll(t, "> user\nthe slip fee for boats over 30 ft is $15/day.\n> assistant\nok\n> user\nbump the first one to $13/day.\n")
	expect(t, out, nil, []string{`first_one`})
	out = reduceAll(t, "> user\nWe need the marina billing report.\n> assistant\nok\n> user\n| setting | value |\n|---|---|\n| late fee | 5% |\n| grace period | 10 days |\n| currency | USD |\n")
	expect(t, out, []string{`late_fee \[current/normative\] = 5%`, `grace_period \[current/normative\] = 10 days`, `currency \[current/normative\] = USD`}, nil)
	out = reduceAll(t, "> user\nFleet for tomorrow:\n| type | count |\n|---|---|\n| Sprinter | 3 |\n| eVito | 4 |\n")
	expect(t, out, []string{`sprinter_count \[current/normative\] = 3`, `evito_count \[current/normative\] = 4`}, nil)
	out = reduceAll(t, "> user\nWe need the marina billing report.\n> assistant\nok\n> user\n| slip | owner | boat | length | since |\n|---|---|---|---|---|\n| A12 | Jones | Sea Otter | 28 ft | 2019 |\n")
	expect(t, out, nil, []string{`value/-/a12`})
}

// A rule taken back in its own sentence ("— ah, scratch that, …") stands
// not; "I like my X with Y. just taste though, don't treat it as law." is
// one preference.
func TestTakenBackInTheSentenceAndTaste(t *testing.T) {
	out := reduceAll(t, "> user\nWe add late fees.\n> assistant\nok\n> user\ngo with the second. and don't touch the schema for this — ah, scratch that, the second one needs a kind column, doesn't it. fine, migrate away.\noh and I like my specs with one expectation per `it`. just taste though, don't treat it as law.\n")
	expect(t, out, []string{"decision/preference/.* = preference, not a rule: oh and I like my specs with one expectation per `it`. just taste though"}, []string{`constraint`})
	out = reduceAll(t, "> user\nWe add late fees.\n> assistant\nok\n> user\ndon't touch the schema for this, the migration is Jess's.\n")
	expect(t, out, []string{`constraint .*don't touch the schema`}, nil)
}
