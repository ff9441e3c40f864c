package projection

import (
	"fmt"
	"strconv"
	"strings"
)

// Values said in shapes of their own.
//
// Besides "the timeout is 30s" and "set retries to 5" (values in
// valuetext.go) and changes by an amount (relative.go), a user says
// a setting in shapes each read here: a job's time ("run it at 2am — no,
// make it 3"), a count of things chosen ("let's use 8 workers"), a value
// accepted ("retry 3 is fine") and a number changed by an arrow ("the
// middle row, 60 → 75"). The proposer tries them in that order on a
// sentence no other reading gave a value (saidValueReaders).

// saidValueReaders read a user sentence s (with the text of its message
// before it) for a value; a proposal without a quote quotes the sentence
// as written.
var saidValueReaders = []func(s, before string) (Proposal, bool){
	jobTime,
	func(s, _ string) (Proposal, bool) { return countChosen(s) },
	func(s, _ string) (Proposal, bool) { return fineValue(s) },
	func(s, _ string) (Proposal, bool) { return lifetime(s) },
	func(s, _ string) (Proposal, bool) { return portValue(s) },
	func(s, _ string) (Proposal, bool) { return keptFor(s) },
	func(s, _ string) (Proposal, bool) { return emptyValue(s) },
	func(s, _ string) (Proposal, bool) {
		// "the middle row, 60 → 75": the setting holding 60 (the
		// reducer finds it by that number; none held, nothing changes)
		ch, from, ok := arrowChange(s)
		return Proposal{Op: OpState, Kind: KindValue, Value: ch, Rel: ch, Was: from, Quote: s, Refers: true, Correction: true}, ok
	},
}

// arrowRE is a number changed by an arrow: "60 → 75", "$60 -> $75",
// "1.5% => 2%".
var arrowRE = mustPattern(`(?:^|[\s(:,])([$€£]?)(\d+(?:\.\d+)?)(%?)\s*(?:→|->|=>|⟶|⇒)\s*([$€£]?)(\d+(?:\.\d+)?)(%?)(?:[\s).,;!]|$)`)

// arrowChange is the change a user sentence writes with an arrow between
// two numbers, as a relative change ("+15" for "60 → 75"), and the number
// it changes; ok false when there is none, or more than one.
func arrowChange(s string) (change, from string, ok bool) {
	ms := arrowRE.FindAllStringSubmatch(s, 2)
	if len(ms) != 1 {
		return "", "", false
	}
	m := ms[0]
	if m[1] != m[4] && m[4] != "" || m[3] != m[6] && m[6] != "" {
		return "", "", false
	}
	a, err1 := strconv.ParseFloat(m[2], 64)
	b, err2 := strconv.ParseFloat(m[5], 64)
	if err1 != nil || err2 != nil || a == b {
		return "", "", false
	}
	places := 0
	for _, x := range []string{m[2], m[5]} {
		if i := strings.IndexByte(x, '.'); i >= 0 {
			places = max(places, len(x)-i-1)
		}
	}
	d := strconv.FormatFloat(b-a, 'f', places, 64)
	if b > a {
		d = "+" + d
	}
	return d, m[2], true
}

// jobTimeRE is a job told to run at a time of day, the verb opening its
// clause or after a request: "run it at 3am",
// "schedule the backup at 02:30", "send the reminders every evening at
// 19:00".
var jobTimeRE = mustPattern(`(?i)(?:^\W*|[,;:—–]\s*|\b(?:please|pls|let's|we'll|we will|can you|could you|and|then|so)\s+)(?:run|schedule|start|send|trigger|kick off|fire|launch|execute)\s+(?P<o>it|them|this|that|the\s+[\w-]+(?:\s+[\w-]+){0,2}?|[A-Z]\w*Job)\s+(?:(?:every|each)\s+(?:night|day|morning|evening|weekday)\s+|nightly\s+|daily\s+)?at\s+(?P<t>\d{1,2}(?::\d\d)?\s*(?:am|pm|a\.m\.|p\.m\.)|\d{1,2}:\d\d)(?:[\s.,;!)]|$)`)

// jobNounRE is a job named before a pronoun: "the nightly job", "the
// daily export", "the backup".
var jobNounRE = mustPattern(`(?i)\bthe\s+((?:(?:nightly|daily|weekly|hourly|morning|evening|monthly|cleanup|late-fee|billing|reminder)\s+)?(?:job|task|run|backup|report|export|sync|import|cron|mailing|digest|reminders|cleanup|batch))\b`)

// jobTime is the value sentence s sets for the time a job runs (its name
// from s, or, said by a pronoun, the job the text before it named last),
// as a 24-hour time; ok false when it sets none.
func jobTime(s, before string) (Proposal, bool) {
	m := jobTimeRE.FindStringSubmatch(s)
	if m == nil {
		return Proposal{}, false
	}
	name := strings.TrimSpace(m[jobTimeRE.SubexpIndex("o")])
	switch strings.ToLower(name) {
	case "it", "them", "this", "that":
		ns := jobNounRE.FindAllStringSubmatch(before, -1)
		if len(ns) == 0 {
			return Proposal{}, false
		}
		name = ns[len(ns)-1][1]
	default:
		name = strings.TrimPrefix(strings.TrimPrefix(name, "the "), "The ")
	}
	t, ok := clock24(m[jobTimeRE.SubexpIndex("t")])
	if !ok {
		return Proposal{}, false
	}
	n := name + " time"
	return Proposal{Op: OpState, Kind: KindValue, Key: "value/-/" + strings.ToLower(strings.Join(strings.Fields(n), "_")), Name: n, Value: t}, true
}

// clock24 is a time of day written "3am", "2:30 pm" or "19:00" as
// "03:00", "14:30", "19:00".
func clock24(x string) (string, bool) {
	x = strings.ToLower(strings.ReplaceAll(strings.TrimSpace(x), ".", ""))
	pm, am := strings.HasSuffix(x, "pm"), strings.HasSuffix(x, "am")
	x = strings.TrimSpace(strings.TrimSuffix(strings.TrimSuffix(x, "pm"), "am"))
	hs, ms, _ := strings.Cut(x, ":")
	h, err := strconv.Atoi(hs)
	if err != nil {
		return "", false
	}
	m := 0
	if ms != "" {
		if m, err = strconv.Atoi(ms); err != nil || m > 59 {
			return "", false
		}
	}
	switch {
	case (am || pm) && (h < 1 || h > 12):
		return "", false
	case pm && h != 12:
		h += 12
	case am && h == 12:
		h = 0
	}
	if h > 23 {
		return "", false
	}
	return fmt.Sprintf("%02d:%02d", h, m), true
}

// fineValueRE is a setting and its number accepted as fine: "retry 3 is
// fine", "timeout 30s is ok", "3 retries is fine", "two workers are
// enough" is not read (a number in words).
var fineValueRE = mustPattern(`(?i)^\W*(?:(?:ok(?:ay)?|yes|yeah|yep|sure|fine|right)[,.!]?\s+)?(?:(?P<k>[a-z_][\w.-]*(?:\s+[a-z_][\w.-]*)?)\s+(?P<v>\d+(?:\.\d+)?\s*(?:ms|s|sec|secs|seconds|min|mins|minutes|h|hours|days|%|kb|mb|gb)?)|(?P<v2>\d+(?:\.\d+)?)\s+(?P<k2>retries|threads|workers|replicas|attempts|shards|partitions|connections|instances|pods|nodes))\s+(?:is|are|sounds|seems|looks)\s+(?:fine|ok|okay|good|right|enough|plenty)\b`)

// fineValue is the value sentence s accepts as fine, ok false when none.
func fineValue(s string) (Proposal, bool) {
	m := fineValueRE.FindStringSubmatch(s)
	if m == nil || questionRE.MatchString(s) {
		return Proposal{}, false
	}
	k := m[fineValueRE.SubexpIndex("k")] + m[fineValueRE.SubexpIndex("k2")]
	v := strings.TrimSpace(m[fineValueRE.SubexpIndex("v")] + m[fineValueRE.SubexpIndex("v2")])
	if stopwords[strings.ToLower(k)] || nonVerbs[strings.ToLower(strings.Fields(k)[0])] {
		return Proposal{}, false
	}
	return Proposal{Op: OpState, Kind: KindValue, Key: "value/-/" + strings.ToLower(strings.Join(strings.Fields(k), "_")), Name: k, Value: v}, true
}

// countChosenRE is a count of things of a kind chosen: "let's use 8
// workers", "go for 3 replicas", "spin up 4 runners".
var countChosenRE = mustPattern(`(?i)(?:^\W*|[,;:—–]\s*|\b(?:let's|let us|we'll|we will|please|pls|just|and|so|then)\s+)(?:use|go (?:for|with)|run(?: with)?|spin up|start|give (?:it|us|them))\s+(?P<n>\d+)\s+(?P<k>workers|replicas|threads|shards|partitions|instances|pods|nodes|retries|connections|processes|runners|gpus|cores|attempts|consumers|executors)\b`)

// countChosen is the value a sentence sets by choosing a count of things
// (the things the setting's name), ok false when none.
func countChosen(s string) (Proposal, bool) {
	m := countChosenRE.FindStringSubmatch(s)
	if m == nil || questionRE.MatchString(s) {
		return Proposal{}, false
	}
	k := strings.ToLower(m[countChosenRE.SubexpIndex("k")])
	return Proposal{Op: OpState, Kind: KindValue, Key: "value/-/" + k, Name: k, Value: m[countChosenRE.SubexpIndex("n")]}, true
}

// lifetimeRE is how long a thing lasts, told by what happens at its end:
// "holds expire after 10 minutes", "sessions time out after 30 min",
// "tokens are valid for 1 hour"; "we keep logs for 30 days" (a rule of
// keeping) and "the build should last 5 minutes" (a duration, no end of
// a thing) are not read.
var lifetimeRE = mustPattern(`(?i)(?:^\W*|[,;:—–]\s*|\b(?:and|so|but)\s+)(?:(?:the|our|all|each|every|a|any)\s+)?(?P<k>\p{L}[\w-]*(?:\s+\p{L}[\w-]*){0,2}?)\s+(?:should\s+|must\s+|will\s+|need to\s+|have to\s+)?(?P<verb>expire|expires|time out|times out|are valid|is valid|stay valid|stays valid)\s+(?:after|for)\s+(?P<v>\d+(?:[.,]\d+)?\s*(?:ms|s|secs?|seconds?|mins?|minutes?|h|hrs?|hours?|days?|weeks?))\b`)

// lifetime is the value sentence s gives a thing's lifetime (its
// expiry, or its timeout: the word the setting is known by), ok false
// when none.
func lifetime(s string) (Proposal, bool) {
	m := lifetimeRE.FindStringSubmatch(s)
	if m == nil || questionRE.MatchString(s) {
		return Proposal{}, false
	}
	k := strings.ToLower(m[lifetimeRE.SubexpIndex("k")])
	if stopwords[k] || nonVerbs[strings.Fields(k)[0]] {
		return Proposal{}, false
	}
	f := strings.Fields(k)
	if w := f[len(f)-1]; len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
		f[len(f)-1] = strings.TrimSuffix(w, "s") // "holds" expire: each hold
	}
	measure := "expiry"
	if strings.Contains(strings.ToLower(m[lifetimeRE.SubexpIndex("verb")]), "time") {
		measure = "timeout"
	}
	key := strings.Join(append(f, measure), "_")
	return Proposal{Op: OpState, Kind: KindValue, Key: "value/-/" + key, Name: strings.Join(f, " ") + " " + measure, Value: strings.TrimSpace(m[lifetimeRE.SubexpIndex("v")])}, true
}

// portRE is a port a thing listens on: "use port 8080 for the API", "the
// API should listen on 9090 instead", "serve it on :3000", "run the
// dashboard on port 8501".
var (
	portRE        = mustPattern(`(?i)\b(?:use|set|change|move|switch|put|pick|bind|expose|open|publish|map|forward)\b[^.;:]{0,25}?\bport\s+:?(?P<n>\d{2,5})\b|\bport\s+(?:is|should be|must be|will be|to|=|:)\s*(?P<n3>\d{2,5})\b|\b(?:listen(?:s|ing)?|serv(?:e|es|ing)|run(?:s|ning)?|bind(?:s|ing)?|expose[sd]?|host(?:ed|ing)?)\b(?:\s+(?:it|this|that|them|the\s+\w+))?\s+(?:on\s+(?:port\s+)?|at\s+port\s+)(?:localhost|0\.0\.0\.0|127\.0\.0\.1)?:?(?P<n2>\d{2,5})\b(?:[^.:\d]|$)`)
	portSubjectRE = mustPattern(`(?i)(?:^\W*(?:the|our)\s+(?P<a>[\w\-]+(?:\s+[\w\-]+)??)\s+(?:(?:should|must|will|can|has to|needs to|is going to)\s+)?(?:listen|serve|run|bind|be)\b|\bfor\s+the\s+(?P<b>[\w\-]+(?:\s+(?:server|service|api|app|backend|frontend|ui|dashboard))?)\b|\b(?:run|serve|host|expose|bind)\s+the\s+(?P<c>[\w\-]+)\s+on\b)`)
)

// portValue is the port sentence s gives a thing, keyed by the thing
// when the sentence names it ("the API" → api_port), else "port"; ok
// false when s names none, or asks.
func portValue(s string) (Proposal, bool) {
	m := portRE.FindStringSubmatch(s)
	if m == nil || questionRE.MatchString(s) || negRE.MatchString(s) && isRule(s) {
		return Proposal{}, false
	}
	n := m[portRE.SubexpIndex("n")] + m[portRE.SubexpIndex("n2")] + m[portRE.SubexpIndex("n3")]
	if v, err := strconv.Atoi(n); err != nil || v < 1 || v > 65535 {
		return Proposal{}, false
	}
	name := "port"
	if sm := portSubjectRE.FindStringSubmatch(s); sm != nil {
		if x := strings.TrimSpace(sm[portSubjectRE.SubexpIndex("a")] + sm[portSubjectRE.SubexpIndex("b")] + sm[portSubjectRE.SubexpIndex("c")]); x != "" && !stopwords[strings.ToLower(x)] && !nonVerbs[strings.ToLower(x)] {
			name = x + " port"
		}
	}
	return Proposal{Op: OpState, Kind: KindValue, Key: "value/-/" + strings.ToLower(strings.Join(strings.Fields(name), "_")), Name: name, Value: n, Quote: s, Correction: true, Stated: true}, true
}

// keepForRE keeps a thing for a time: "keep the logs for 30 days", "keep
// a copy of everything you send for 14 days no scratch that 30 days".
var (
	keepForRE    = mustPattern(`(?i)\bkeep(?:ing)?\s+(?:a\s+copy\s+of\s+|copies\s+of\s+|backups?\s+of\s+)?(?P<x>(?:the\s+|all\s+|our\s+|every\s+)?[\w\-]+(?:\s+[\w\-]+){0,4}?)\s+(?:for|around for)\s+(?P<rest>.+)$`)
	durationRE   = mustPattern(`(?i)\b\d+\s*(?:days?|weeks?|months?|years?|hours?)\b`)
	repairMarkRE = mustPattern(`(?i)\b(?:no|scratch that|sorry|i mean|i meant|actually|make that|rather)\b`)
)

// keptFor is the time sentence s (its numbers in digits) keeps a thing
// for, a retention: the last duration when a repair stands between two
// ("for 14 days no scratch that a month 30 days"); ok false for none or
// several without a repair.
func keptFor(s string) (Proposal, bool) {
	m := keepForRE.FindStringSubmatch(spokenNumbers(s))
	if m == nil || questionRE.MatchString(s) || negRE.MatchString(s) && isRule(s) {
		return Proposal{}, false
	}
	rest := m[keepForRE.SubexpIndex("rest")]
	ds := durationRE.FindAllStringIndex(rest, 4)
	if len(ds) == 0 {
		return Proposal{}, false
	}
	last := ds[len(ds)-1]
	if len(ds) > 1 && !repairMarkRE.MatchString(rest[ds[0][1]:last[0]]) {
		return Proposal{}, false
	}
	name := "retention"
	x := strings.Fields(strings.ToLower(m[keepForRE.SubexpIndex("x")]))
	if len(x) > 0 && (x[0] == "the" || x[0] == "our" || x[0] == "all") {
		x = x[1:]
	}
	if len(x) == 1 && !stopwords[x[0]] && !nonVerbs[x[0]] && !strings.HasPrefix(x[0], "every") {
		name = x[0] + " retention"
	}
	return Proposal{Op: OpState, Kind: KindValue, Key: "value/-/" + strings.ReplaceAll(name, " ", "_"), Name: name, Value: rest[last[0]:last[1]], Quote: s, Stated: true}, true
}
