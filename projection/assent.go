package projection

import (
	"slices"
	"strings"
	"unicode"
)

// A proposal of the agent's, accepted or turned down by a short reply.
//
// "Vou usar `autoscaling/v2` … com min 2 / max 10 / cpu 70. Sobe ok?" …
// "ok. v2 sim"; "Proponho um `locals` por workspace em `workspaces.tf`." …
// "isso"; "LazyLock n'est stable qu'en 1.80. Je propose OnceLock." …
// "OnceLock oui": the agent proposes a course, in a sentence that says it
// proposes (proposeAnyRE) or states its plan and asks for a nod
// (nodAskRE), and the user's reply only assents, in any language, maybe
// naming the thing proposed. The proposal is then a decision, the agent's
// words credited to the user's reply (silence.go letStand). A reply that
// says anything else ("ok, now run the tests") accepts nothing; an "ok"
// after a report that proposes nothing records nothing.
//
// When the agent's message says why the proposal replaces something the
// user decided before ("LazyLock n'est stable qu'en 1.80. Je propose
// OnceLock"), the accepted proposal supersedes that decision: the one
// naming a thing the message names and the proposal does not.

// proposeAnyRE is a sentence in which the agent proposes a course, in
// the languages the projection reads: "I propose …", "je propose …",
// "proponho …", "sugiero …", "ich schlage … vor", "제안드립니다",
// "建议…".
var proposeAnyRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:i(?: would|'d|’d)? (?:suggest|recommend|propose)|my (?:suggestion|recommendation|proposal) (?:is|would be)|je (?:te |vous )?(?:propose|suggère|suggere|recommande)|je proposerais|(?:eu )?(?:proponho|sugiro|recomendo)|(?:yo )?(?:propongo|sugiero|recomiendo)|(?:io )?(?:propongo|suggerisco|consiglio)|ich (?:schlage|empfehle)|ik (?:stel|raad)|jag (?:föreslår|rekommenderar)|я (?:предлагаю|рекомендую)|(?:schlage|empfehle) ich(?: \p{L}+)? vor|empfehle ich|würde ich (?:vorschlagen|empfehlen)|stel ik voor|föreslår jag|предлагаю)(?:[^\p{L}]|$)|^\W*(?:proposal|suggestion|recommendation|vorschlag|empfehlung|proposta|sugestão|sugestao|propuesta|sugerencia|proposition|recommandation|suggerimento|voorstel|förslag|предложение|пропозиція)\s*:\s*\S|^\W*(?:제안|추천|建议|提议|提案)\s*[:：]\s*\S|제안(?:드립니다|합니다|해요|할게요|드려요)|추천(?:드립니다|합니다|해요)|(?:我)?(?:建议|推荐|提议)|提案します|おすすめします`)

// planSaidRE is a sentence in which the agent says what it will do: "I'll
// use …", "Vou usar …", "je vais utiliser …", "voy a usar …", "Plan for
// the N+1 on /orders: use selectinload", "Piano: …".
var planSaidRE = mustPattern(`(?i)^\W*(?:i'll|i will|i'm going to|we'll|let's|vou|vamos|je vais|on va|voy a|vamos a|ich werde|ich nehme|farò|uso)\s+\S|^\W*(?:(?:my|the|il\s+mio|mijn|het|mon|le|mein|der|mi|el|meu|o)\s+)?(?:plan|piano|plano|plán)(?:\s+(?:for|per|voor|pour|für|para|is|è|es|é|est|ist)\b[^:.?]{0,60})?\s*:\s*\S`)

// nodAskRE asks the user for a nod: "ok?", "Sobe ok?", "pode ser?",
// "ça te va ?", "d'accord ?", "¿vale?", "passt das?", "괜찮을까요?", "行吗？".
var nodAskRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:ok(?:ay)?|alright|sound(?:s)? good|does that work|agreed|agree|(?:ok|okay|alright|fine|good) (?:with|for) you|works for you|objections|pode ser|tá bom|ta bom|beleza|blz|fechado|certo|sobe|manda|ça (?:te|vous) va|d'accord|ça marche|vale|va|sale|de acuerdo|te parece|os parece|passt (?:das|es)|einverstanden|va bene|d'accordo|ti va|setuju|sepakat|gimana|oke)\s*[?？]\s*$|(?:괜찮(?:을까요|아요|나요|겠어요|지)|될까요|어때요|할까요|좋을까요)\s*[?？]\s*$|(?:行吗|可以吗|好吗|怎么样|你看行不行|你看行吗|同意吗|没问题吧|いいですか|よろしいですか|どうですか)\s*[?？]\s*$`)

// goAheadNodRE is a short question asking to go ahead with what the
// sentence before states: "Shall I proceed?", "On y va ?", "¿Procedo?",
// "Soll ich weitermachen?", "진행할까요?", "继续吗？".
var goAheadNodRE = mustPattern(`(?i)^\W*(?:(?:so|ok(?:ay)?)[,]?\s+)?(?:shall|should|can)\s+(?:i|we)\s+(?:proceed|go ahead|continue|apply (?:it|that|this))\s*[?？]\s*$|^\W*(?:proceed|go ahead|continue)\s*[?？]\s*$|^\W*(?:je|on)\s+(?:continue|y va|procède|applique)\s*[?？]\s*$|^\W*¿?\s*(?:procedo|sigo|continúo|continuo|prossigo|proseguo|avanzo|vado avanti)\s*[?？]\s*$|^\W*soll\s+ich\s+(?:weitermachen|fortfahren|loslegen)\s*[?？]\s*$|(?:진행|적용|반영)(?:할까요|하시겠어요|해도 될까요)\s*[?？]\s*$|^(?:要)?(?:继续|执行)(?:吗|嗎)\s*[?？]\s*$|(?:進めますか|進めてもいいですか|適用しますか)\s*[?？]\s*$`)

// proposalOf is the sentence of assistant text, among its last two, that
// proposes a course (proposeAnyRE, or a plan asking for a nod:
// planSaidRE with nodAskRE), with a short nod asked after it ("Sobe
// ok?"), or "". A question of fact proposes nothing.
func proposalOf(text string) string {
	p := proposalIn(text)
	if settingOnlyRE.MatchString(proposalShown(p)) {
		// "Vorschlag: `max-poll-records` auf 100 runter (…)": a setting
		// given a value, which the value readings carry
		return ""
	}
	return p
}

// settingOnlyRE is a proposal that only gives a setting a number: "`max-
// poll-records` auf 100 runter (100 × 0,8 s = 80 s)", "set retries to 3",
// "timeout para 30 s", "`workers` на 8".
var settingOnlyRE = mustPattern(`(?i)^\W*(?:(?:set|raise|lower|bump|drop|reduce|increase|change)\s+)?(?:the\s+)?(?:` + "`[^`]{1,60}`" + `|[\w.\-/]+)\s+(?:auf|to|para|pra|a|à|на|до|op|till|su|zu)\s+\d[\d.,]*\s*(?:%|[a-zµ]{1,3}\b)?\s*(?:\p{L}+)?\s*(?:\([^()]*\))?\s*$`)

// proposalIn is proposalOf before a setting's value is set apart.
func proposalIn(text string) string {
	ss := sentences(text)
	for i := len(ss) - 1; i >= 0 && i >= len(ss)-2; i-- {
		s := strings.TrimSpace(ss[i])
		if len([]rune(s)) > 300 || s == "" || proposalItems(s) != nil {
			// a list of proposals is answered item by item
			// (itemreply.go): "ok" alone accepts none of them
			continue
		}
		nod := nodAskRE.MatchString(s) || goAheadNodRE.MatchString(s)
		if nod && len(strings.Fields(s)) <= 4 && i > 0 {
			// "Vou usar autoscaling/v2 …. Sobe ok?": the plan is the
			// sentence before
			prev := strings.TrimSpace(ss[i-1])
			if len([]rune(prev)) <= 300 && (proposeAnyRE.MatchString(prev) || planSaidRE.MatchString(prev) || goAheadNodRE.MatchString(s) && strings.Count(prev, "`") >= 2) && !questionRE.MatchString(prev) {
				// "… `style = "semver"`로 두면 통과합니다. 진행할까요?":
				// a go-ahead asked after a change it names in code
				return prev
			}
			continue
		}
		if proposeAnyRE.MatchString(s) && (!questionRE.MatchString(s) || nod) {
			return s
		}
		if nod && planSaidRE.MatchString(s) {
			return s
		}
	}
	return ""
}

// assentPhraseRE are the words of assent that take more than one word:
// "sounds good", "go ahead", "do it", "vas-y", "pode ir", "好的".
var assentPhraseRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:sounds? (?:good|great|fine)|makes sense|make (?:it|that|this) (?:a |our )?(?:standing |team )?rule|keep (?:it|that|this) as (?:a )?rule|go ahead|go for it|do it|please do|let's do (?:it|that)|ship it|works for me|fine by me|vas-y|allons-y|ça marche|ça me va|pode ir|pode subir|pode mandar|manda ver|pode ser|tá bom|ta bom|por mim tudo bem|está bien|adelante|dale|me parece bien|mach das|passt so|va bene|vai pure|그렇게 (?:해|해줘|해주세요|하자|합시다)|좋아요|좋습니다|좋아|그래요|그래|알겠어요|알겠습니다)(?:[^\p{L}]|$)`)

// assentWords are the words a reply that only assents is made of, in the
// languages the projection reads.
var assentWords = map[string]bool{
	"ok": true, "okay": true, "k": true, "yes": true, "yeah": true, "yep": true, "yup": true, "sure": true, "fine": true,
	"great": true, "good": true, "perfect": true, "agreed": true, "go": true, "lgtm": true, "alright": true, "right": true, "exactly": true,
	"oui": true, "ouais": true, "parfait": true, "d'accord": true, "dac": true, "ok.": true, "exactement": true, "voilà": true,
	"sim": true, "isso": true, "beleza": true, "blz": true, "fechado": true, "certo": true, "perfeito": true, "bora": true, "pode": true,
	"sí": true, "si": true, "vale": true, "claro": true, "perfecto": true, "exacto": true, "eso": true,
	// Mexican Spanish: "órale, va", "sale", "ándale", "simón"
	"órale": true, "orale": true, "va": true, "sale": true, "ándale": true, "andale": true, "simón": true, "dale": true,
	"tamam": true, "tamamdır": true, "evet": true, "olur": true, "peki": true, "uygun": true,
	"ja": true, "genau": true, "passt": true, "gut": true, "jawohl": true, "sì": true, "certo.": true, "esatto": true,
	"네": true, "예": true, "응": true, "넵": true, "네네": true, "ㅇㅇ": true, "ㅇㅋ": true, "오케이": true, "콜": true,
	"好": true, "好的": true, "行": true, "可以": true, "嗯": true, "对": true, "没问题": true, "同意": true, "就这样": true, "就这么办": true,
	"はい": true, "ええ": true, "うん": true, "了解": true, "お願いします": true, "いいよ": true, "いいです": true,
	"да": true, "ок": true, "agree": true,
	"tabii": true,
	"vai":   true, "procedi": true, "perfetto": true, "prima": true, "akkoord": true, "goed": true, "top": true, "jep": true, "prego": true,
}

// pointerWords point at the thing proposed ("yes, that one", "sí, esa"):
// beside a word of assent they say nothing else.
var pointerWords = map[string]bool{
	"that": true, "this": true, "one": true, "it": true, "esa": true, "ese": true, "esta": true, "este": true, "isso": true, "essa": true, "esse": true,
	"ça": true, "celle-là": true, "celui-là": true, "das": true, "die": true, "den": true, "quella": true, "quello": true, "questa": true, "questo": true,
	"bu": true, "şu": true, "onu": true, "bunu": true, "那个": true, "这个": true, "就这个": true, "就那个": true,
}

// notAssentWords deny or hedge: a reply holding one accepts nothing, even
// when the proposal holds the word too.
var notAssentWords = map[string]bool{
	"no": true, "not": true, "nope": true, "non": true, "pas": true, "não": true, "nao": true, "n": true, "nein": true, "nicht": true,
	"아니": true, "아뇨": true, "不": true, "别": true, "不要": true, "but": true, "mais": true, "mas": true, "pero": true, "aber": true,
	"wait": true, "hmm": true, "instead": true, "later": true, "depois": true, "après": true, "luego": true, "또": true, "나중에": true,
}

// assentsTo reports whether user text only assents to proposal: at most
// six words and sixty characters, no question, each word a word of
// assent, a word of the proposal ("OnceLock oui", "ok. v2 sim") or one
// pointing at it ("sí, esa"), one of assent at least, none that denies.
func assentsTo(text, proposal string) bool {
	t := strings.TrimSpace(text)
	if t == "" || len(t) > 60 || strings.ContainsAny(t, "?？") {
		return false
	}
	saidYes := false
	if assentPhraseRE.MatchString(t) {
		saidYes = true
		t = assentPhraseRE.ReplaceAllString(t, " ")
	}
	words := strings.FieldsFunc(strings.ToLower(t), func(r rune) bool {
		return unicode.IsSpace(r) || strings.ContainsRune(",.!;:。，！、…-—–()", r)
	})
	if len(words) > 6 {
		return false
	}
	var own []string
	for _, w := range strings.FieldsFunc(strings.ToLower(proposal), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_'
	}) {
		own = append(own, w)
	}
	for _, w := range words {
		switch {
		case notAssentWords[w]:
			return false
		case assentWords[w]:
			saidYes = true
		case slices.Contains(own, strings.Trim(w, "`'\"")), pointerWords[w]:
		default:
			return false
		}
	}
	return saidYes
}

// proposalShown is the proposal as a decision shows it: without a nod
// asked at its end ("…, ok?").
func proposalShown(p string) string {
	if loc := nodAskRE.FindStringIndex(p); loc != nil && loc[0] > 0 {
		p = p[:loc[0]]
	}
	p = proposalTagRE.ReplaceAllString(strings.TrimSpace(p), "")
	return strings.TrimRight(strings.TrimSpace(p), " ,;:—–-.")
}

// proposalTagRE is the label a proposal opens with: "Vorschlag: …",
// "Proposta: …", "建议：…".
var proposalTagRE = mustPattern(`(?i)^\W*(?:(?:usul|usulan|saran)(?:\s+(?:gw|gue|saya|aku))?|proposal|suggestion|recommendation|vorschlag|empfehlung|proposta|sugestão|sugestao|propuesta|sugerencia|proposition|recommandation|suggerimento|voorstel|förslag|предложение|пропозиція|i propose|i suggest|ich schlage vor|je propose|proponho|propongo|предлагаю|제안|추천|建议|提议|提案)\s*[:：]\s*`)

// replacedBy is the active decision the agent's message msg says its
// accepted proposal replaces: the newest naming a thing (distinctive)
// msg names and the proposal does not; nil when none.
func (r *Reducer) replacedBy(msg, proposal string) *Anchor {
	own := map[string]bool{}
	for _, w := range distinctive(proposal) {
		own[strings.ToLower(w)] = true
	}
	var things []string
	for _, w := range distinctive(msg) {
		if !own[strings.ToLower(w)] && !strings.ContainsAny(w, "0123456789") {
			things = append(things, strings.ToLower(w))
		}
	}
	var best *Anchor
	for _, a := range r.hot {
		if a.Kind != KindDecision || a.Lifecycle != Active {
			continue
		}
		v := strings.ToLower(a.Value)
		if slices.ContainsFunc(things, func(w string) bool { return holdsWord(v, w) }) && newer(a, best) {
			best = a
		}
	}
	return best
}

// holdsWord reports whether s holds w with no letter or digit on
// either side.
func holdsWord(s, w string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], w)
		if j < 0 {
			return false
		}
		j += i
		before, after := j == 0, j+len(w) == len(s)
		if !before {
			r := []rune(s[:j])
			before = !unicode.IsLetter(r[len(r)-1]) && !unicode.IsDigit(r[len(r)-1])
		}
		if !after {
			r := []rune(s[j+len(w):])
			after = !unicode.IsLetter(r[0]) && !unicode.IsDigit(r[0])
		}
		if before && after {
			return true
		}
		i = j + len(w)
	}
}

// laterAnswerRE is a reply that puts the answer off to later or to
// someone else, in the languages the projection reads: "I'll get back to
// you", "je te dis après", "depois te falo", "lo consulto y te digo",
// "稍后告诉你", "retry는 나중에 PM한테 물어볼게", "ti dico dopo", "chiedo a
// Luca", "komt later", "спрошу у Пети", "I'll ask Luca".
var laterAnswerRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:(?:i'll|i will|let me)\s+(?:\w+\s+){0,5}?(?:get back to you|let you know|tell you later|circle back)|(?:tell|let) you know (?:later|tomorrow|after)|je (?:te|vous) (?:dis|dirai|redis|redirai|tiens au courant)(?:\s+\p{L}+){0,2}?\s+(?:après|plus tard|demain|ensuite)|je (?:te|vous) (?:redis|redirai|recontacte|tiens au courant)|je reviens vers (?:toi|vous)|(?:je|j')\s*(?:vais |dois )?(?:demander|vérifier|voir) (?:à|avec) \p{L}+|(?:depois|mais tarde|amanhã)\s+(?:eu\s+)?(?:te|lhe|vos)\s+(?:falo|digo|aviso|respondo)|(?:te|lhe)\s+(?:falo|digo|aviso|respondo)\s+(?:depois|mais tarde|amanhã)|vou (?:perguntar|ver|checar|confirmar) (?:com|pro|pra|para)\s+\p{L}+|(?:lo|la)\s+(?:consulto|pregunto|miro|reviso)\s+y\s+te\s+(?:digo|aviso|cuento)|te (?:digo|aviso|cuento) (?:después|luego|más tarde|mañana)|ich (?:sag|sage|melde mich)(?: dir| euch| ihnen)? (?:später|noch|morgen)|ich frag(?:e)? (?:mal )?(?:bei )?\p{L}+ (?:nach|und melde mich)|(?:ti|vi) (?:dico|dirò|faccio sapere|so dire|aggiorno)(?: \p{L}+)? (?:dopo|più tardi|poi|domani)|(?:dopo|più tardi|poi|domani) (?:ti|vi) (?:dico|dirò|faccio sapere|so dire)|(?:lo )?chiedo (?:a|al|alla|ad) \p{L}+|(?:devo|dobbiamo) (?:sentire|chiedere a|chiedere al|chiedere alla) (?:il |la |lo |l')?\p{L}+|(?:komt|volgt|hoor je) (?:later|straks|morgen|nog)|(?:ik )?(?:laat|zeg) (?:het )?(?:je|jullie|u) (?:later |straks |morgen )?(?:weten|horen)|ik vraag (?:het )?(?:even |wel )?(?:aan |bij )?\p{L}+|(?:спрошу|уточню|узнаю) (?:у |с )?\p{L}+|(?:скажу|отвечу|напишу|сообщу) (?:позже|потом|завтра)|(?:позже|потом|завтра) (?:скажу|отвечу|напишу|сообщу)|(?:спитаю|уточню) (?:у |в )?\p{L}+|(?:скажу|відповім) (?:пізніше|потім|завтра)|(?:le |les )?pregunto (?:a|al) \p{L}+|(?:lo|la|eso|esto)\s+(?:lo\s+)?(?:hablo|hablamos|comento|comentamos|consulto|veo|vemos|miro|discuto|decido|decidimos)\s+con\s+\p{L}+|(?:j'en|je\s+vais\s+en|on\s+en)\s+(?:parle|parlerai|parler|discute|discuterai|discuter|parlera|discutera)\s+(?:à|a|avec)\s+\p{L}+|(?:je|on)\s+(?:vois|verrai|verra|règle|réglerai|regarde)\s+(?:ça|cela)\s+avec\s+\p{L}+|(?:i'll|i\s+will|let\s+me|we'll)\s+(?:discuss|talk\s+(?:it|this|that)\s+(?:over|through)|go\s+over|sort\s+(?:it|this|that)\s+out)(?:\s+(?:it|this|that))?\s+with\s+\p{L}+|(?:i'll|i\s+will|let\s+me)\s+talk\s+(?:to|with)\s+\p{L}+\s+about\s+(?:it|this|that)|(?:bespreche|kläre|besprech|klär)\s+ich\s+(?:mit|bei)\s+\p{L}+|ich\s+(?:bespreche|kläre|rede\s+über)\s+(?:das|es)\s+mit\s+\p{L}+|(?:i'll|i will|let me|i need to|i have to|i'm going to) (?:ask|check with|confirm with) \p{L}+)(?:[^\p{L}]|$)|(?:稍后|回头|晚点|之后|过会儿?|等下|明天)(?:再)?(?:告诉|回复|答复|跟你说|和你说)|\S+(?:이랑|랑|와|과|하고)\s*(?:얘기해\s*볼게|얘기할게|상의해\s*볼게|상의할게|논의할게|정할게)|나중에\s*(?:\S+\s+){0,3}?(?:물어볼게|물어보고|알려줄게|알려드릴게요|말해줄게|얘기해줄게|확인해볼게|확인하고)|물어보고\s*(?:알려|말해)|확인(?:해보고|하고)\s*(?:알려|말해)|後で(?:伝え|連絡|お知らせ)|確認して(?:から)?(?:連絡|お知らせ|伝え)`)

// relayedAnswerRE is a sentence that says what someone answered, with
// the answer: "I asked the PM: 3 retries", "asked Mei, she says 5":
// no deferral.
var relayedAnswerRE = mustPattern(`(?i)\b(?:asked|pinged|checked with)\b[^.?!;:]{0,40}(?::\s*\S|,?\s+(?:she|he|they|it)\s+(?:says|said)\b|\s+and\s+(?:she|he|they)\s+(?:says|said)\b)`)

// courseAskRE is the agent asking whether to take a course, its question
// the course itself: "Switch the production model to LightGBM?", "Je
// publie la 0.4.0 sur crates.io ?", "Subo pro prod?".
var courseAskRE = mustPattern(`(?i)^\W*(?:(?:so|ok(?:ay)?|then)[,]?\s+)?(?:switch|migrate|move|replace|upgrade|downgrade|publish|release|deploy|ship|adopt|roll out|bump)\s+\S.*[?？]\s*$|^\W*(?:je|on)\s+(?:publie|passe|migre|déploie|remplace|bascule|mets|monte|sors|release)\s+\S.*[?？]\s*$|^\W*(?:subo|publico|migro|troco|faço o deploy|mando)\s+\S.*[?？]\s*$|^\W*¿?\s*(?:publico|subo|migro|cambio|despliego|paso)\s+\S.*[?？]\s*$`)

// courseAsked is the last sentence of assistant text when it asks
// whether to take a course (courseAskRE), or "".
func courseAsked(text string) string {
	ss := sentences(text)
	if len(ss) == 0 {
		return ""
	}
	s := strings.TrimSpace(ss[len(ss)-1])
	if len([]rune(s)) > 300 || !courseAskRE.MatchString(s) {
		return ""
	}
	return s
}

// refuseAnyRE opens a reply that refuses, in the languages the
// projection reads: "no,", "não,", "non,", "nein,", "아니,", "不，".
var refuseAnyRE = mustPattern(`(?i)^\W*(?:no+|nope|nah|não|nao|non|nein|nee|아니(?:요)?|아뇨|不要|不用|不行|不)\s*(?:[,.!;:—–，。！；]|\s-\s)\s*`)

// stayRE is the course kept in place of the one offered: "stay on GBC",
// "stick with the old one", "fica no v1", "on reste sur LazyLock",
// "quédate con X", "계속 X 쓰자", "还是用 X".
var stayRE = mustPattern(`(?i)^\W*(?:(?:let's|we|just)\s+)?(?:stay (?:on|with)|stick (?:with|to)|keep (?:using |on )?|fica(?:mos|r)? (?:com|no|na|em)|continua(?:mos|r)? (?:com|no|na)|mant[eé]m|(?:on )?rest(?:e|ons|er) (?:sur|avec|à|en)|garde|quédate con|seguimos con|sigue con|mantén|mantenemos|bleib(?:en)? (?:bei|auf)|resta (?:su|con))\s+[^,;.!?]{1,60}`)

// badVerdictRE judges a thing bad for the task: "is garbage", "won't
// work", "is overkill", "c'est nul", "não presta", "没用".
var badVerdictRE = mustPattern(`(?i)\b(?:is|are|'s|would be|will be)\s+(?:\w+\s+){0,2}?(?:garbage|useless|pointless|overkill|nonsense|a non-?starter|a bad idea|terrible|awful|a mess|junk|trash|broken)\b|\b(?:won't|doesn't|does not|will not|never) (?:work|help)\b|\b(?:not|isn't|is not|aren't) worth\b|(?:c'est|est|sont)\s+(?:\p{L}+\s+){0,2}?(?:nul(?:le)?s?|inutiles?|n'importe quoi|une mauvaise idée|de la merde)(?:[^\p{L}]|$)|não (?:presta|serve|funciona|vale a pena)|(?:é|são) (?:lixo|inútil|uma péssima ideia)|(?:es|son) (?:basura|inútil(?:es)?|una mala idea)|no (?:sirve|funciona|vale la pena)|쓰레기|별로(?:야|예요|임)|소용없|没用|不靠谱|垃圾|不值得`)

// notYourCallRE turns a course down as not the agent's to take: "that's
// not your call", "c'est pas à toi de décider ça", "não é você que
// decide", "no te toca decidir".
var notYourCallRE = mustPattern(`(?i)\bnot (?:your|ur) (?:call|decision|place)\b|\b(?:you|u) don't (?:get to )?decide\b|\b(?:c'est|ce n'est)\s+pas\s+(?:à toi|à vous|toi qui|vous qui)\b|\bn(?:ão|ao)\s+(?:é|e)\s+(?:você|vc|tu)\s+que(?:m)?\s+decide|\bno\s+te\s+toca\s+(?:a ti\s+)?decidir|\bnicht\s+deine\s+entscheidung|네가\s*(?:정할|결정할)\s*(?:게|거|일)\s*아니|不是你(?:来)?(?:决定|定)`)

// offerTurnedDown adds to out what a reply says of the offer or the
// course the agent's message before asked to take (ctx.Offer) that
// refusedOffer did not read: the course kept instead ("no, stay on GBC,
// … +0.003 isn't worth a migration": stay on GBC, the switch rejected),
// a verdict on the thing offered ("SMOTE on tabular churn is garbage
// anyway") and a refusal as not the agent's call ("c'est pas à toi de
// décider ça, on verra en réunion"). The offer is then a rejected
// approach holding the user's verdict.
func offerTurnedDown(text string, ctx *Context, out []Proposal) []Proposal {
	if ctx.Offer == "" || proposalItems(ctx.Offer) != nil {
		return out
	}
	offer := offerShown(ctx.Offer)
	key := "negative/-/" + slug(offer)
	ss := sentences(text)
	if len(ss) == 0 || questionRE.MatchString(ss[0]) {
		return out
	}
	first := strings.TrimSpace(ss[0])
	rejected := hasKey(out, key)
	verdict := ""
	if loc := refuseAnyRE.FindStringIndex(first); loc != nil && !consentRE.MatchString(first) {
		if m := stayRE.FindString(first[loc[1]:]); m != "" {
			stay := strings.TrimSpace(m)
			if !slices.ContainsFunc(out, func(p Proposal) bool { return p.Kind == KindDecision && strings.Contains(p.Quote, stay) }) {
				out = append(out, Proposal{Op: OpState, Kind: KindDecision, Key: "decision/-/" + slug(stay), Value: stay, Quote: stay, Links: mentions(stay)})
			}
			verdict = first
		}
	}
	if verdict == "" && notYourCallRE.MatchString(first) {
		verdict = first
	}
	if verdict == "" {
		things := map[string]bool{}
		for _, w := range distinctive(offer) {
			things[strings.ToLower(w)] = true
		}
		offerTerms := terms(offer)
		for i, s := range ss {
			if i == 3 {
				break
			}
			s = strings.TrimSpace(s)
			loc := badVerdictRE.FindStringIndex(s)
			if questionRE.MatchString(s) || loc == nil {
				continue
			}
			// the thing judged is the offer's: a name of it, or a word
			// of it before the verdict ("Celery beat não presta")
			named := slices.ContainsFunc(distinctive(s), func(w string) bool { return things[strings.ToLower(w)] })
			for w := range terms(s[:loc[0]]) {
				named = named || offerTerms[w]
			}
			if named {
				verdict = s
				break
			}
		}
	}
	if verdict == "" || rejected || !strings.Contains(text, verdict) {
		return out
	}
	// the verdict read alone as a rule ("SMOTE … is garbage") is the
	// offer's rejection
	out = slices.DeleteFunc(out, func(p Proposal) bool {
		return p.Kind == KindConstraint && p.Op == OpState && p.Quote == verdict
	})
	return append(out, Proposal{Op: OpState, Kind: KindNegative, Key: key, Value: oneLine(offer, valueRunes) + " — rejected: " + verdict,
		Quote: verdict, Links: append(mentions(offer), mentions(verdict)...)})
}
