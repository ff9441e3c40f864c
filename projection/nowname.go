package projection

import "strings"

// The word "now" is no part of a setting's name.
//
// "preview agora é https://staging-api…" ("preview is now …") glosses to
// "preview now is …", whose name before the verb is "preview now"; "der
// Timeout jetzt 30s", "preview теперь …" name the same setting as the
// sentence without the word. A name's first or last words that say
// when ("now", "currently", "right now", and their words in the
// languages the lexicons cover) are dropped; a name that is such a word
// alone is left as it is, for the readers that take it as no name.

// nowWords say that a value holds from now, in the languages the
// lexicons cover.
var nowWords = wordSet(`now currently nowadays
	agora atualmente actualmente ahora jetzt nun derzeit aktuell momentan
	теперь сейчас тепер зараз maintenant désormais actuellement
	adesso attualmente nu tegenwoordig teraz obecnie
	अब अभी 이제 지금`)

// nowTrimmed is name k without the words that say "now" at its edges
// ("preview now" is "preview"; "right now" goes with its "right").
func nowTrimmed(k string) string {
	f := strings.Fields(k)
	for len(f) > 1 && nowWords[strings.ToLower(strings.Trim(f[len(f)-1], ",;:"))] {
		f = f[:len(f)-1]
		if len(f) > 1 && strings.EqualFold(f[len(f)-1], "right") {
			f = f[:len(f)-1]
		}
	}
	for len(f) > 1 && nowWords[strings.ToLower(strings.Trim(f[0], ",;:"))] {
		f = f[1:]
	}
	if len(f) == len(strings.Fields(k)) {
		return k
	}
	return strings.Join(f, " ")
}
