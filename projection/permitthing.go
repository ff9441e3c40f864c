package projection

import (
	"regexp"
	"strings"
)

// A permission for one named thing, in any language a lexicon reads.
//
// "para este cambio sí puedes tocar pedidos.proto" after "no toques los
// .proto sin preguntarme antes", "swift-collections darfst du
// hinzufügen, ausnahmsweise" after "Bitte keine neuen SPM
// dependencies", "puedes añadirla, te doy permiso solo para esa
// dependencia" after a sentence naming go-grpc-middleware: the lexicons
// gloss the verbs of working on a thing and of bringing one in ("tocar":
// touch, "hinzufügen": add) and the words of a one-time permission
// ("ausnahmsweise", "por esta vez": just this once), so the permission
// reads as the English one does, and is an exception to the active
// prohibition of the thing's kind (amend.go, Reducer.except): a rule
// against new dependencies for a package, a rule keeping the agent's
// hands off a kind of file (".proto", "files", a folder) for a file of
// that kind. The rule stays in force for everything else. Three shapes
// are read here beside permRE's "you may add X":
//
//   - the thing said first, the permission after it (German, Japanese,
//     Chinese word order): "swift-collections you may add" in the gloss;
//   - the thing named by a pronoun or by its kind ("puedes añadirla",
//     "you can add it", "only for that dependency"): the one package the
//     sentence before names, when it names exactly one;
//   - a question ("¿puedo tocar pedidos.proto?") asks and permits
//     nothing, and a permission no prohibition of the thing's kind holds
//     changes nothing (the reducer finds no rule).

var (
	// permitFirstRE is a permission that names its thing before its verb,
	// in the gloss: "swift-collections you may add", "pedidos.proto you
	// can touch".
	permitFirstRE = mustPattern(`(?i)(?:^|[\s,;:])(?P<x>` + "`[^`\\n]{1,80}`" + `|[\w@.\-/:+#]*[.\-/_@][\w@.\-/:+#]*)\s+(?:you|u)\s+(?:may|can)\s+(?:also\s+|now\s+|still\s+)?(?P<v>add|install|use|import|include|touch|edit|modify|change)\b`)
	// permitNoObjectRE is a permission to bring a thing in that names it
	// by a pronoun or not at all: "you may add", "you can add it", "you
	// may install that one".
	permitNoObjectRE = mustPattern(`(?i)\b(?:you|u)\s+(?:may|can|are allowed to)\s+(?:also\s+|now\s+|go ahead and\s+)?(?:add|install|import|include|pull in|bring in|use)(?:\s+(?:it|them|that|this|that one|this one|those|these|la|lo|sie|es|ihn))?\s*(?:[,.;:!—–]|$)`)
	// extRE is a kind of file named by its extension: ".proto", "*.sql".
	extRE = regexp.MustCompile(`(?:^|[\s(*"'` + "`" + `])\*?\.([A-Za-z][A-Za-z0-9]{0,7})\b`)
)

// permitFirst is the thing and verb of a permission that names its thing
// first ("swift-collections you may add"), or "", "".
func permitFirst(c string) (x, verb string) {
	if questionRE.MatchString(c) || strings.ContainsAny(c, "?？¿") {
		return "", ""
	}
	loc := permitFirstRE.FindStringSubmatchIndex(c)
	if loc == nil {
		return "", ""
	}
	m := permitFirstRE.FindStringSubmatch(c)
	if objectNext(c[loc[1]:]) {
		// "in seed.dart you can use print" (a gloss of "seed.dart mein
		// print use kar sakte ho"): the verb's object follows it; the
		// thing said first is where, not what.
		return "", ""
	}
	x = cleanValue(m[permitFirstRE.SubexpIndex("x")])
	if !specific(x) || constraintRE.MatchString(x) {
		return "", ""
	}
	return x, strings.ToLower(m[permitFirstRE.SubexpIndex("v")])
}

// objectNext reports whether rest, the text after a permission's verb,
// opens with the verb's object: a word no function word, pronoun or
// adverb ("-ly") is.
func objectNext(rest string) bool {
	f := strings.Fields(rest)
	if len(f) == 0 {
		return false
	}
	w := strings.ToLower(strings.Trim(f[0], "\"'`()"))
	if w == "" || strings.IndexAny(f[0], ",.;:!?—–") == 0 {
		return false
	}
	return !stopwords[w] && !strings.HasSuffix(w, "ly")
}

// placeBefore reports whether lead, what a clause says before its
// permission, is where the permission holds ("in tool/scripts/seed.dart
// you can use print"): a scope word and a path, said with the permission.
func placeBefore(lead string) bool {
	return scopedRE.MatchString(lead) && len(mentions(lead)) > 0
}

// permittedReferent is the package a permission to bring a thing in
// names by a pronoun or by its kind (clause c): the one package name the
// sentence before (prev) gives, or "".
func permittedReferent(c, prev string) string {
	if prev == "" || questionRE.MatchString(c) || strings.ContainsAny(c, "?？¿") {
		return ""
	}
	if !permitNoObjectRE.MatchString(c) {
		return ""
	}
	var found string
	for _, w := range strings.Fields(prev) {
		w = strings.Trim(w, ",.;:!?()\"'`")
		if !strings.Contains(w, "-") && !moduleRE.MatchString(w) || !pkgNameRE.MatchString(w) && !moduleRE.MatchString(w) {
			// a package is named by a name with a dash or a module path
			// ("go-grpc-middleware", "github.com/a/b"); a plain word
			// may be anything
			continue
		}
		if found != "" && found != w {
			return "" // two names: the pronoun's referent is unclear
		}
		found = w
	}
	return found
}

// extensionFits reports whether file x has an extension rule names as a
// kind of file (".proto" in "no toques los .proto", "*.sql").
func extensionFits(rule, x string) bool {
	for _, m := range extRE.FindAllStringSubmatch(rule, -1) {
		if strings.HasSuffix(strings.ToLower(x), "."+strings.ToLower(m[1])) && !strings.EqualFold(x, "."+m[1]) {
			return true
		}
	}
	return false
}
