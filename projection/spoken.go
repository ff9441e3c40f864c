package projection

import (
	"strconv"
	"strings"
)

// Numbers said, not written.
//
// A user who dictates ("um the timeout should be like thirty seconds",
// "set the batch size to fifteen hundred", "the limit is fifty sorry i
// mean fifteen", "half a second is fine") writes numbers as words and
// leaves fillers in. An English user sentence is read with its numbers
// in digits and its fillers out (spokenNumbers); every quote is still
// the sentence as written (the readings' quotes are checked against the
// message, and one that is not there becomes the sentence). A number word
// that is no count ("no one", "the one with more points", "one of them")
// is left as it is: "one" alone is read only before a unit.

// spokenFillers are the sounds and words a dictated sentence holds that
// say nothing: "um", "uh", and "like" before a number.
var spokenFillers = map[string]bool{"um": true, "umm": true, "uh": true, "uhh": true, "erm": true, "er": true, "hmm": true}

var (
	spokenUnits = map[string]int{"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
		"ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
		"eighteen": 18, "nineteen": 19}
	spokenTens = map[string]int{"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
)

// spokenUnitWords follow a number that is a count or a measure, so that
// "one" before them is a number.
var spokenUnitWords = map[string]bool{"second": true, "seconds": true, "minute": true, "minutes": true, "hour": true, "hours": true,
	"day": true, "days": true, "week": true, "weeks": true, "ms": true, "s": true, "percent": true, "mb": true, "gb": true, "kb": true,
	"km": true, "meter": true, "meters": true, "retry": true, "worker": true, "thread": true, "replica": true, "point": true, "points": true}

// spokenNumbers is English sentence s with its spoken numbers in digits
// and its fillers out; s itself when it has none.
func spokenNumbers(s string) string {
	ws := strings.Fields(s)
	if len(ws) == 0 {
		return s
	}
	var out []string
	changed := false
	for i := 0; i < len(ws); i++ {
		w := ws[i]
		lw, tail := splitTail(strings.ToLower(w))
		if spokenFillers[lw] {
			changed = true
			if tail != "" && len(out) > 0 {
				out[len(out)-1] += tail
			}
			continue
		}
		if lw == "like" && i+1 < len(ws) {
			if n, _, _ := spokenRun(ws[i+1:]); n > 0 && !(n == 1 && strings.EqualFold(ws[i+1], "one")) {
				// "be like thirty seconds"
				changed = true
				continue
			}
		}
		if lw == "half" && i+2 < len(ws) && strings.EqualFold(ws[i+1], "a") {
			// "half a second", "half an hour"
			if u, t := splitTail(strings.ToLower(ws[i+2])); spokenUnitWords[u] {
				if !strings.HasSuffix(u, "s") {
					u += "s"
				}
				out = append(out, "0.5", u+t)
				i += 2
				changed = true
				continue
			}
		}
		n, v, t := spokenRun(ws[i:])
		if n == 0 {
			out = append(out, w)
			continue
		}
		if n == 1 && lw == "one" {
			next := ""
			if i+1 < len(ws) {
				next, _ = splitTail(strings.ToLower(ws[i+1]))
			}
			if t != "" || !spokenUnitWords[next] {
				out = append(out, w)
				continue
			}
		}
		out = append(out, strconv.Itoa(v)+t)
		i += n - 1
		changed = true
	}
	if !changed {
		return s
	}
	return strings.Join(out, " ")
}

// spokenRun reads the number the words ws open with: how many words it
// takes, its value, and the punctuation after its last word; n 0 when
// ws open with none. "fifteen hundred" is 1500, "twenty five" and
// "twenty-five" 25, "two thousand five hundred" 2500, "a hundred" 100.
func spokenRun(ws []string) (n, v int, tail string) {
	total, cur, used := 0, 0, 0
	for i := 0; i < len(ws) && i < 8; i++ {
		lw, t := splitTail(strings.ToLower(ws[i]))
		parts := strings.SplitN(lw, "-", 2)
		switch {
		case len(parts) == 2 && spokenTens[parts[0]] > 0 && spokenUnits[parts[1]] > 0 && spokenUnits[parts[1]] < 10:
			cur += spokenTens[parts[0]] + spokenUnits[parts[1]]
		case spokenTens[lw] > 0:
			if cur%100 != 0 && cur%100 >= 10 {
				return fin(used, total+cur, tail)
			}
			cur += spokenTens[lw]
		case lw == "zero" || spokenUnits[lw] > 0:
			if cur%10 != 0 || cur%100 >= 10 && cur%100 < 20 {
				return fin(used, total+cur, tail)
			}
			cur += spokenUnits[lw]
		case lw == "a" && i+1 < len(ws) && used == 0:
			next, _ := splitTail(strings.ToLower(ws[i+1]))
			if next != "hundred" && next != "thousand" {
				return 0, 0, ""
			}
			cur = 1
		case lw == "hundred" && used > 0:
			if cur == 0 {
				cur = 1
			}
			cur *= 100
		case lw == "thousand" && used > 0:
			if cur == 0 {
				cur = 1
			}
			total += cur * 1000
			cur = 0
		case lw == "and" && used > 0 && i+1 < len(ws) && (cur >= 100 || total >= 1000):
			// "two hundred and fifty"
			next, _ := splitTail(strings.ToLower(ws[i+1]))
			if spokenUnits[next] == 0 && spokenTens[next] == 0 {
				return fin(used, total+cur, tail)
			}
			used++
			continue
		default:
			return fin(used, total+cur, tail)
		}
		used = i + 1
		tail = t
		if t != "" {
			// the number ends at its punctuation
			return fin(used, total+cur, tail)
		}
	}
	return fin(used, total+cur, tail)
}

func fin(used, v int, tail string) (int, int, string) {
	if used == 0 {
		return 0, 0, ""
	}
	return used, v, tail
}

// splitTail is word w without the punctuation after it, and that
// punctuation.
func splitTail(w string) (string, string) {
	i := len(w)
	for i > 0 && strings.ContainsRune(".,;:!?)", rune(w[i-1])) {
		i--
	}
	return w[:i], w[i:]
}
