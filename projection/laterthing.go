package projection

import "strings"

// A thing put off by its name.
//
// "hugeParam потом, это генерённый тип из proto" (hugeParam later, it is
// a type generated from proto), in reply to "Для hugeParam — передать req
// по указателю?": the user names the thing the question is about and puts
// it off. The question stays open, deferred, as one passed on does
// (asked.go); it is no answer. "the flag later", "webkit dopo", "webkit
// later maar", "webkit na de release", "das Caching später", "缓存以后再说"
// are the same. "later" said of when something happened ("it broke
// later") follows a verb, not a thing at the sentence's head, and defers
// nothing.

// laterThingRE is a sentence that opens with a thing (one to three
// words) and a word that puts it off.
var laterThingRE = mustPattern("(?i)^\\W*(?:(?:and|also|ok|okay|и|а|e|en|und|et|y)[,]?\\s+)?(?:the\\s+|lo\\s+del?\\s+|lo\\s+de\\s+la\\s+|de\\s+|het\\s+|il\\s+|la\\s+|lo\\s+|der\\s+|die\\s+|das\\s+|le\\s+|el\\s+|o\\s+|a\\s+)?(?P<x>`[^`]{1,40}`|[\\p{L}\\d_.\\-/]{2,40}(?:\\s+[\\p{L}\\d_.\\-/]{2,40}){0,2}?)\\s+(?:(?:we\\s+do\\s+|doen\\s+we\\s+|facciamo\\s+|machen\\s+wir\\s+|сделаем\\s+)?(?:later|потом|позже|попозже|dopo|più\\s+tardi|straks|na\\s+de\\s+release|später|plus\\s+tard|después|luego|más\\s+tarde|más\\s+adelante|ni\\s+caso(?:\\s+por\\s+ahora)?|por\\s+ahora\\s+no|de\\s+momento\\s+no|pas\\s+pour\\s+l'instant|pour\\s+plus\\s+tard|not\\s+for\\s+now|erstmal\\s+nicht|depois|mais\\s+tarde|senare))(?:\\s+(?:maar|then|pure|ok|dann|alors))?\\s*(?:[,.;:!—–]|\\s-\\s|$)|^[\\s\\p{P}]*(?P<z>[\\p{Han}\\w.\\-/]{1,20}?)\\s*(?:以后再说|回头再说|之后再说|晚点再说|先放着|先放一放|后面再说)")

// laterThing is the thing sentence s puts off by its name, or "".
func laterThing(s string) string {
	m := laterThingRE.FindStringSubmatch(s)
	if m == nil || questionRE.MatchString(s) {
		return ""
	}
	x := m[laterThingRE.SubexpIndex("x")] + m[laterThingRE.SubexpIndex("z")]
	if laterNotThing[lowerFirstWord(x)] {
		// "it broke later", "we'll see later": a verb or a pronoun
		// before "later", no thing
		return ""
	}
	return x
}

// laterNotThing are words that open no thing put off: pronouns, and the
// words of a reply that says when, not what.
var laterNotThing = wordSet(`it this that we i you they he she see talk do maybe much more even soon ok okay sure yes no это то мы я ты ну да нет ладно увидим посмотрим поговорим ne dat het wij we ik je dit zien praten lo ci ne vediamo ne parliamo wir ich es das sehen reden on nous verra on voit lo nos vemos hablamos isso nós vemos falamos`)

// lowerFirstWord is the first word of s in lower case.
func lowerFirstWord(s string) string {
	for i, r := range s {
		if r == ' ' {
			return strings.ToLower(s[:i])
		}
	}
	return strings.ToLower(s)
}
