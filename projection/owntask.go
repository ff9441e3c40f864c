package projection

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// Work the agent says is still its own to do, and a question it says
// stays open.
//
// "Offen von meiner Seite: die README … ist noch nicht aktualisiert",
// "Pendências minhas: atualizar o .env.example", "Мне ещё нужно обновить
// CHANGELOG.md под 0.9", "I still need to update the CHANGELOG": in a
// report to the user (a message that calls no tool), the agent names a
// task it has not done. That is an open obligation, the agent's; it is
// closed as any other (the file it names edited, a later "Updated …").
// Read are a label naming the agent's side ("open on my side:", "von
// meiner Seite", "pendências minhas", "за мной") with the task after its
// colon or in the list under it, and a first-person "still need to"
// ("ich muss noch", "мне ещё нужно", "ainda preciso", "il me reste à").
// A message that calls a tool is the agent at work: its "I still need to
// run the tests" is narration, carried out next, and is not read; its
// promise that one of its calls keeps is (promise.go). What
// was done ("Erledigt: …"), a label with nothing after it or only
// "none", and a question are no task.
//
// "И вопрос про criterion vs divan остаётся открытым", "the question of
// the bench crate stays open", "die Frage nach dem Profil bleibt offen":
// a sentence saying a question stays open, no question mark needed, is
// an open question (openask.go reads the labelled ones that ask).
var (
	// ownSideRE is a label naming what is still open on the agent's
	// side.
	ownSideRE = mustPattern(`(?i)\b(?:(?:still\s+)?(?:open|pending|left|outstanding|remaining|to\s?do)\s+(?:on|from)\s+my\s+(?:side|end)|(?:on|from)\s+my\s+(?:side|end)|my\s+(?:open|pending|outstanding|remaining)\s+(?:items|tasks|to-?dos|points)|(?:still\s+)?(?:left|remaining)\s+for\s+me|still\s+on\s+me|on\s+my\s+plate)\b` +
		`|(?i:(?:^|[^\p{L}])(?:(?:noch\s+)?offen\s+(?:von|auf)\s+meiner\s+seite|von\s+meiner\s+seite\s+(?:noch\s+)?offen|meine\s+offenen\s+(?:punkte|aufgaben|todos)|bei\s+mir\s+(?:noch\s+)?offen|pend[êe]ncias\s+minhas|minhas\s+pend[êe]ncias|pendente\s+(?:da\s+minha\s+parte|comigo)|da\s+minha\s+parte(?:\s+ainda)?\s+(?:falta|fica)|pendientes?\s+(?:m[ií]os|de\s+mi\s+parte|por\s+mi\s+parte)|mis\s+pendientes|por\s+mi\s+parte\s+(?:queda|falta)n?|(?:reste|restant|en\s+suspens|à\s+faire)\s+de\s+mon\s+côté|de\s+mon\s+côté,?\s+(?:il\s+)?reste|(?:in\s+sospeso|da\s+fare|aperti|aperto)\s+da\s+parte\s+mia|da\s+parte\s+mia\s+(?:resta|restano|manca|mancano)|da\s+parte\s+mia|dal\s+mio\s+lato|per\s+quanto\s+mi\s+riguarda|(?:nog\s+)?open\s+(?:van|aan)\s+mijn\s+kant|van\s+mijn\s+kant|mijnerzijds|von\s+meiner\s+seite|meinerseits|de\s+mon\s+côté|pour\s+ma\s+part|por\s+mi\s+parte|de\s+mi\s+parte|da\s+minha\s+parte|de\s+minha\s+parte|från\s+min\s+sida|с\s+моей\s+стороны|з\s+мого\s+боку|mijn\s+openstaande\s+punten|öppet\s+från\s+min\s+sida|kvar\s+för\s+mig|за\s+мной|с\s+моей\s+стороны(?:\s+(?:ещё|еще))?\s+(?:осталось|открыто|не\s+сделано)|за\s+мною|з\s+мого\s+боку(?:\s+ще)?\s+(?:залишилось|відкрито))(?:[^\p{L}]|$))` +
		`|我这边(?:还)?(?:剩|没做完|待办|未完成)|私の方で(?:残って|未対応)|제\s*쪽에서\s*남은`)
	// ownStillRE is the agent's first-person "still need to".
	ownStillRE = mustPattern(`(?i)^(?:(?:and|also|but|und|e|y|et|и|і|а|但|还有)[,\s]+)?(?:i\s+still\s+(?:need|have|got)\s+to\s+\S|ich\s+muss\s+(?:\S+\s+){0,3}?noch\s|(?:\S+\s+){0,3}?muss\s+ich\s+noch\s|(?:eu\s+)?ainda\s+(?:preciso|tenho\s+(?:que|de))\s|(?:yo\s+)?(?:todav[ií]a|a[uú]n)\s+(?:tengo\s+que|necesito)\s|il\s+me\s+reste\s+(?:encore\s+)?à\s|je\s+dois\s+encore\s|devo\s+ancora\s|mi\s+resta(?:no)?\s+(?:ancora\s+)?da\s|ik\s+moet\s+(?:\S+\s+){0,3}?nog\s|jag\s+(?:måste|behöver)\s+fortfarande\s|мне\s+(?:(?:ещё|еще)\s+(?:нужно|надо)|(?:нужно|надо)\s+(?:ещё|еще))\s|я\s+(?:ещё|еще)\s+(?:должен|должна)\s|мені\s+ще\s+(?:треба|потрібно)\s|我还(?:需要|得|要)|제가\s*아직)`)
	// nothingLeftRE is a label's "none".
	nothingLeftRE = mustPattern(`(?i)^\W*(?:none|nothing|n/a|-|—|keine[ns]?|nichts|nenhuma?|nada|ninguna?|rien|aucune?|niente|nessuna?|niets|geen|inget|inga|нет|ничего|немає|нічого|无|没有|なし|없음)\W*$`)
	// questionOpenRE says a question stays open.
	questionOpenRE = mustPattern(`(?i)\bquestion\s+(?:of|about|on|whether|regarding)\s.{2,80}?\b(?:remains|stays|is\s+still|is\s+left)\s+(?:open|unresolved|undecided|unanswered)\b|\b(?:remains|is\s+still)\s+an?\s+open\s+question\b|\bfrage\s+(?:nach|zu|zum|zur|über|ob|von)\s.{2,80}?\b(?:bleibt|ist\s+(?:noch|weiterhin))\s+offen\b|\bbleibt\s+eine\s+offene\s+frage\b|\b(?:quest[ãa]o|pergunta)\s+(?:d[eoa]s?|sobre|se)\s.{2,80}?\b(?:fica|continua|segue|permanece)\s+(?:em\s+)?abert[oa]\b|\b(?:pregunta|cuesti[óo]n)\s+(?:de|del|sobre|si)\s.{2,80}?\b(?:queda|sigue|permanece)\s+abierta\b|\bquestion\s+(?:de|du|des|sur|si)\s.{2,80}?\b(?:reste|demeure)\s+(?:ouverte|en\s+suspens)\b|\b(?:domanda|questione)\s+(?:di|del|della|su|sul|se)\s.{2,80}?\b(?:resta|rimane)\s+aperta\b|\bvraag\s+(?:over|of|naar)\s.{2,80}?\bblijft\s+open\b|\bfrågan\s+om\s.{2,80}?\b(?:förblir|är\s+fortfarande)\s+öppen\b|(?:^|[^\p{L}])вопрос\s+(?:про|о|об|по|насчёт|насчет)\s.{2,80}?(?:остаётся|остается|пока\s+остаётся|пока\s+остается|пока)\s+(?:открытым|открыт)(?:[^\p{L}]|$)|(?:^|[^\p{L}])питання\s+(?:про|щодо)\s.{2,80}?(?:залишається|лишається)\s+відкритим(?:[^\p{L}]|$)|问题(?:还是|仍然|暂时)?(?:悬而未决|没有定论|待定)`)
)

// ownOpenWork adds to out, for the agent's message ev, the questions it
// says stay open (see above).
func ownOpenWork(ev *Event, out []Proposal) []Proposal {
	if ev.Text == "" {
		return out
	}
	for _, s := range sentences(ev.Text) {
		if !questionRE.MatchString(s) && !strings.ContainsAny(s, "?？") && questionOpenRE.MatchString(s) && utf8.RuneCountInString(s) <= maxSentence {
			k := "question/-/" + slug(s)
			if !hasKey(out, k) {
				out = append(out, Proposal{Op: OpState, Kind: KindUncertainty, Key: k, Value: s, Quote: s, Links: distinctive(s)})
			}
		}
	}
	return out
}

// ownOpenTasks keeps, for the agent's message ev that calls no tool, each
// task it names as still its own as an open obligation (see above). The
// agent states no obligation by a proposal (admit); as the tasks it hands
// off (handedoff.go), these are kept here.
func (r *Reducer) ownOpenTasks(ev *Event, ref EventRef) {
	if ev.Text == "" {
		return
	}
	tasks := ownTasks(ev.Text)
	if len(ev.Calls) > 0 {
		// the agent at work: what it says is narration of its calls,
		// except a promise one of them keeps (the file it names
		// written), kept to be done by that call (promise.go)
		tasks = slices.DeleteFunc(tasks, func(t string) bool { return !ownPromise(t) || !keptBeside(t, ev.Calls) })
	}
	for _, t := range tasks {
		p := Proposal{Op: OpState, Kind: KindObligation, Key: "obligation/-/" + slug(t), Value: oneLine(t, valueRunes), Quote: t, Links: mentions(t)}
		if r.hot[slot(KindObligation, p.Key)] != nil {
			continue
		}
		if o := r.promisedAgain(t); o != nil {
			// "The README section I'll write by Monday." after the
			// user's "could you write a section in the README … by
			// Monday": the agent takes on the task the user set
			// (promise.go)
			o.addRef(ref)
			continue
		}
		r.apply(ev, &p, ref, r.freeID(KindObligation, ev.Seq), map[*Anchor]bool{})
	}
}

// ownTasks are the tasks text names as still the agent's own: the
// sentence after an own-side label, the list items under one, or a
// first-person "still need to" sentence.
func ownTasks(text string) []string {
	var out []string
	add := func(t string) {
		t = strings.TrimSpace(t)
		if t == "" || nothingLeftRE.MatchString(t) || questionRE.MatchString(t) || strings.ContainsAny(t, "?？") ||
			len(terms(t)) < 2 || utf8.RuneCountInString(t) > maxSentence || !strings.Contains(text, t) {
			return
		}
		out = append(out, t)
	}
	ss := sentences(text)
	for i, s := range ss {
		if l := labelOf(s); l != "" && ownSideRE.MatchString(l) {
			rest := strings.TrimSpace(strings.TrimLeft(s[len(l):], ":："))
			if rest != "" {
				add(rest)
				continue
			}
			// the label alone: the list under it
			for _, it := range ss[i+1 : min(len(ss), i+7)] {
				if !listedUnder(text, s, it) {
					break
				}
				add(it)
			}
			continue
		}
		if ownStillRE.MatchString(s) || ownPromise(s) {
			// "I still need to …", "ik voeg een test toe" (promise.go)
			add(s)
		}
	}
	return out
}

// listedUnder reports whether sentence it stands in text on a line of its
// own opened by a list mark, after the label sentence label.
func listedUnder(text, label, it string) bool {
	a := strings.Index(text, label)
	if a < 0 {
		return false
	}
	b := strings.Index(text[a:], it)
	if b < 0 {
		return false
	}
	line := text[a : a+b]
	if j := strings.LastIndexByte(line, '\n'); j >= 0 {
		line = line[j+1:]
	} else {
		return false
	}
	line = strings.TrimSpace(line)
	return line == "-" || line == "*" || line == "•" || numberedMarkRE.MatchString(line+" x")
}

// keptBeside reports whether one of calls writes the file the agent's
// promise t names, its promised test, changelog or README.
func keptBeside(t string, calls []Call) bool {
	for i := range calls {
		_, p := argString(calls[i].Args, fileArgKeys)
		if _, writes := fileOp(&calls[i]); p != "" && writes && (linksPath(mentions(t), p) || testDone(t, p) || docDone(t, p)) {
			return true
		}
	}
	return false
}
