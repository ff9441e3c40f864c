package projection

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Questions the user asks the agent, answered by the agent.
//
// "q: how many live jobs on cron-01?" … (the agent counts them) … "14
// live jobs."; "quante bottiglie ha fatto il lotto della vasca 7 di
// ieri?" … "Il lotto della vasca 7 di ieri è L263362: 4.812 bottiglie,
// 802 cartoni."; "另外一个 lot 的 STDF 大概多大？" … "一个 lot 一个档，3.4
// GB …": the user asks for a fact and the agent finds it. The answer is
// what the user will go on from, so it is kept, shown with the question
// it settles (a decision whose key opens with answerPrefix, like the
// user's answer to the agent's question in asked.go; its authority is
// the agent's, what it read in the tools' output).
//
// A question is one of fact: a sentence of the user's message ending in
// a question mark, of at most 300 characters, that asks nothing to be
// done ("can you rerun it?": doRequestRE), asks no advice ("should we use
// X?", "what do you think?": adviceRE), and is no open question of the
// user's own (those are uncertainties, questions.go). It waits for the
// agent's reply until the user's next message. The answer is the first
// sentence of the agent's text that shares two words with the question
// (English stems, Chinese character pairs: sharingQuestion), offers no
// options, and says what is rather than what the agent is about to do
// (lookLeadRE); in a message that runs something before any tool's
// output came since the question, three words: "Counting the live
// crontab lines on cron-01." is no answer, "服务端定：桩发
// BootNotification，服务端在 … interval 字段里下发" to "心跳间隔是桩自己定的
// 还是服务端定的？" is one, though said before the agent reran a command.

// numberTokRE is a number standing as a word of its own ("1.22.4",
// "48,213", "2500-row"), not a digit inside a name ("base64").
var numberTokRE = mustPattern(`(?:^|[^\p{L}\d_.])\d[\d.,]*(?:[^\p{L}\d_]|$)`)

// maxUserAsked bounds the questions one user message is read to ask.
const maxUserAsked = 4

var (
	// doRequestRE is a question that asks the agent to do something:
	// "can you rerun it?", "could you check the logs?", "puoi …?",
	// "能不能帮我…？".
	doRequestRE = mustPattern(`(?i)^\W*(?:(?:and|also|oh|ah|btw|ok(?:ay)?|so)[,]?\s+)*(?:can|could|would|will|won't|wont|would you mind|mind)\s+(?:you|u|ya)\b|^\W*(?:please|pls|plz)\b|\b(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+)?(?:\w+\s+)?(?:do|make|add|run|fix|write|change|update|send|check|create|remove|delete|set|try|rerun|restart|push|deploy|look)\b|^\W*(?:puoi|potresti|riesci a|puedes|podrías|podrias|kannst du|könntest du|koenntest du|peux-tu|pourrais-tu|tu peux|pode|podes|consegue|kun je|kan je|kunt u)\b|帮我|帮忙|麻烦|能不能帮|可不可以帮|请你|你能不能|你可以`)
	// adviceRE is a question that asks the agent's advice or opinion,
	// which the user then decides on: "should we use X?", "what do you
	// think?", "any ideas?", "要不要…？".
	adviceRE = mustPattern(`(?i)\b(?:should|shall)\s+(?:we|i)\b|\bwhat do (?:you|u) think\b|\b(?:do|would) (?:you|u) (?:think|recommend|suggest|prefer)\b|\bany (?:ideas?|thoughts|suggestions)\b|\bthoughts\b|\byour (?:take|opinion|view|call)\b|\bwhat about\b|\bhow about\b|\bwhy not\b|\bworth it\b|\bmakes? sense\b|要不要|该不该|怎么样|如何看|你觉得|你看呢|建议`)
	// lookLeadRE opens a sentence telling what the agent does next, not
	// what it found: "Checking the staging namespace next.", "Guardo nel
	// db di sviluppo.", "我看一下 …".
	lookLeadRE = mustPattern(`(?i)^\W*(?:let me|let's|i'll|i will|i'm going to|i am going to|going to|i need to|we need to|i should|now|first|next|then|checking|looking|counting|searching|running|reading|trying|querying|fetching|listing|guardo|controllo|verifico|vediamo|cerco|schaue|prüfe|pruefe|miro|reviso|je regarde|je vérifie|vou verificar|vou ver|ik kijk)\b|\bnext\W*$|^\W*(?:我先|先|我来|我看|看一下|我查|查一下|接下来|下面|然后)`)
)

// actLeadRE opens a sentence with what the agent is doing: "Tagging
// RIVERSIDE MGMT GROUP LLC as …", "Running the suite again".
var actLeadRE = mustPattern(`^\W*(?:[A-Z][a-z]+ing|[a-z]+ing)\b`)

// userQuestions are the questions of fact the user's text asks the agent.
func userQuestions(text string) []string {
	if !strings.ContainsAny(text, "?？") && !askedNoMarkRE.MatchString(text) {
		return nil
	}
	var out []string
	ss := sentences(text)
	for i, s := range ss {
		s = strings.TrimSpace(s)
		if i+1 < len(ss) {
			if _, ok := selfAnswered(s, strings.TrimSpace(ss[i+1])); ok {
				// "How many workers should it use? Let's say 4.": the
				// user answered it (selfanswer.go).
				continue
			}
		}
		if loc := askedNoMarkRE.FindStringIndex(s); loc != nil && !questionRE.MatchString(s) {
			// "顺便问下 ik_max_word 跟 ik_smart 到底啥区别，一直没搞懂":
			// asked without a question mark, from the asking on.
			s = strings.TrimSpace(s[loc[0]:])
		} else if !questionRE.MatchString(s) {
			continue
		}
		if utf8.RuneCountInString(s) > 300 || len(terms(s)) < 2 {
			continue
		}
		if doRequestRE.MatchString(questionBody(s)) && !lookAskRE.MatchString(s) || adviceRE.MatchString(s) || goAheadRE.MatchString(s) || offerRE.MatchString(s) || openQuestion(s) {
			continue
		}
		if out = append(out, s); len(out) == maxUserAsked {
			break
		}
	}
	return out
}

// lookAskRE asks the agent to look something up: a request to look and
// a question word after it ("先帮我看下 … 有多少人，积分最多的那个有多少
// 分？", "can you check how many rows the staging table has?"). It is a
// question of fact for all its request: what the agent finds answers it.
var lookAskRE = mustPattern(`(?i)\b(?:can|could|would)\s+(?:you|u)\s+(?:please\s+)?(?:check|see|find out|look up|tell me|confirm|figure out|work out)\s+(?:how|what|which|whether|if|where|when|who|why)\b|^\W*(?:please|pls|plz)\s+(?:check|see|find out|look up|tell me|confirm)\s+(?:how|what|which|whether|if|where|when|who|why)\b|(?:帮我|帮忙|麻烦你?|请你?|你)?先?(?:看下|看看|看一下|查下|查查|查一下|确认下|确认一下|数一下|算一下)[^。！!？?]{0,80}?(?:多少|几个|几条|几张|几|什么|啥|哪个|哪些|哪|有没有|是不是|是否)`)

// maxAskedAge is how many of the user's messages a question of fact waits
// through for its answer.
const maxAskedAge = 2

// moveOnRE is a user's message that moves on from what was asked:
// "never mind, bump the memory limit instead", "算了，先不查了".
var moveOnRE = mustPattern(`(?i)\bnever\s*mind\b|\bforget (?:it|that|about it)\b|\binstead\b|\b(?:doesn't|does not|don't|do not) matter\b|\bno need\b|算了|不用了|不用查|别查了|不管了`)

// factAskRE asks for a fact the agent can look up: how many, which,
// what, where, when, who, whether. whyRE asks for an explanation, which
// the agent's later words ("The site should now start without errors.")
// seldom give: such a question waits for no later message.
var (
	factAskRE = mustPattern(`(?i)\b(?:how (?:many|much|big|large|long|old|often|fast)|what|which|where|when|who|whether|is there|are there|do we have|does (?:it|the \w+) have)\b|多少|多久|多长时间|多大|几|什么|啥|哪|有没有|是不是|谁|(?:^|[^\p{L}])(?:cu[aá]nt[oa]s?|cu[aá]l(?:es)?|qu[eé]|d[oó]nde|quant[oia]s?|qual|quali|wie viele?|welche[rsnm]?|wo|combien|quel(?:le)?s?|o[uù])(?:[^\p{L}]|$)`)
	whyRE     = mustPattern(`(?i)\bwhy\b|为什么|为啥|怎么会|(?:^|[^\p{L}])(?:por qu[eé]|perch[eé]|pourquoi|warum|wieso|por que)(?:[^\p{L}]|$)`)
)

// waitingQuestions are the questions of fact waiting for the agent's
// answer after a user's message asking asked: its own when it asks any
// (the user has asked anew), else those still waiting from before
// (waiting, the oldest age messages old) unless the message moves on
// from them (moveOnRE, giveUpRE) or they have waited maxAskedAge
// messages. "先帮我看下 member 表有多少人？" … (the install
// fails) … "vpn 重连了，再试一下" … (the agent queries the table) …
// "member 表有 48,213 个会员": the question waited through the second
// message. It returns the questions and the age of the oldest.
func waitingQuestions(asked, waiting []string, age int, text string) ([]string, int) {
	if len(waiting) == 0 || len(asked) > 0 || age+1 > maxAskedAge || moveOnRE.MatchString(text) || giveUpRE.MatchString(text) {
		return asked, 0
	}
	out := slices.DeleteFunc(slices.Clone(waiting), func(q string) bool { return whyRE.MatchString(q) || !factAskRE.MatchString(q) })
	if len(out) == 0 {
		return asked, 0
	}
	return out, age + 1
}

// askedNoMarkRE is a question asked without a question mark: a verb of
// asking and a question word after it ("顺便问下 … 到底啥区别", "请问 …
// 怎么配"), or a question's label ("q: is the tarball under 10mb").
var askedNoMarkRE = mustPattern(`(?i)^\W*(?:wats|whats|what's|wat's|wot's|what\s+is|what\s+are|which|where(?:'s|s|\s+is)|how\s+(?:many|much|big|long|old))\s+[^.!。?？\n]{2,60}$|(?:顺便|另外|还有)?(?:问一下|问下|请问|想问一下|想问下|我想问)[^。！!？?]{0,80}?(?:啥|什么|怎么|为什么|为啥|哪个|哪些|多少|区别|是不是|有没有|吗|呢)|(?:^|[.!。]\s*)(?:q|question|quick q|quick question)\s*[:：]\s*(?:is|are|does|do|did|can|how|what|which|why|when|where|who)\b`)

// questionBody is question s after a label ending in a colon ("q: can
// you …?", "domanda veloce: puoi …?"), for reading what it asks.
func questionBody(s string) string {
	if i := strings.IndexAny(s, ":："); i >= 0 && i < 40 {
		_, size := utf8.DecodeRuneInString(s[i:])
		return s[i+size:]
	}
	return s
}

// answersUserAsked are the proposals an assistant message makes of the
// questions the user asked it (ctx.UserAsked), and the sentences they
// took, which no other reading of the message then reads.
// declinesRE is the agent declining to answer: it cannot say, does not
// know, or names who can.
var declinesRE = mustPattern(`(?i)\b(?:i (?:can't|cannot|can not) (?:answer|say|tell|confirm|judge)|i (?:don't|do not) know|i'm not (?:sure|able to (?:say|answer|tell))|(?:that's|that is|this is) (?:a question|one) for|you(?:'d| would)? (?:need|have) to ask|(?:can't|cannot|can not) be (?:answered|settled|decided|determined|known) (?:from|here|by me|in this|without|yet)|(?:can't|cannot|can not) (?:see|tell|know|check) (?:that |this |it )?from here|(?:isn't|is not|aren't|are not) visible from here|no way (?:for me )?to (?:know|tell))\b|(?:^|[^\p{L}])(?:kann (?:ich )?(?:dir |ihnen |euch )?(?:nicht|nichts) (?:verbindlich )?(?:beantworten|sagen)|weiß ich nicht|eine frage für|no (?:lo )?sé|no puedo (?:responder|decir)|es una pregunta para|je ne sais pas|je ne peux pas (?:répondre|dire)|não sei|não posso (?:responder|dizer)|не знаю|не могу (?:сказать|ответить)|отсюда не видно|не видно отсюда|отсюда не понять|отсюда не узнать)(?:[^\p{L}]|$)|わかりません|分かりません|答えられません|不确定|无法回答|不知道`)

// othersCallRE leaves the question to someone else: "Stacking is a
// product decision (order of application, caps).", "that's your call",
// "it's up to product", "这是产品的决定", "得产品来定". A decision told
// with who made it ("That's a design decision we made in 2021") is an
// answer.
var othersCallRE = mustPattern(`(?i)\b(?:is|are|it's|that's|'s)\s+(?:a|an)\s+(?:product|business|policy|legal|design|management|leadership|team|pricing|stakeholder|ux)\s+(?:decision|call|question)(?:\s*(?:[.,;:(—–]|$)|\s+for\b|\s+to\s+(?:make|take)\b)|\b(?:is|are|'s)\s+(?:your|their|product's|the team's|the business's)\s+call\b|\b(?:is|are|it's|that's)\s+up\s+to\s+(?:you|product|the product team|your team|the business|legal|management)\b|\bnot\s+(?:my|a technical)\s+(?:call|decision)\b|(?:这|这个|那)?是(?:一个)?(?:产品|业务)(?:层面|上)?的?(?:决定|问题|决策)|(?:得|要|需要|应该)由?(?:产品|业务|你们|你)(?:那边)?来?(?:定|决定)`)

// declines reports whether sentence s declines to answer: the agent
// cannot say (declinesRE) or leaves it to another (othersCallRE).
func declines(s string) bool {
	return declinesRE.MatchString(s) || othersCallRE.MatchString(s)
}

func answersUserAsked(text string, ctx *Context) ([]Proposal, map[string]bool) {
	if len(ctx.UserAsked) == 0 || holdsAnswer(text) {
		// A reply that ends by asking back answers nothing yet
		// (askback.go).
		return nil, nil
	}
	qs := map[string]string{}
	for _, q := range ctx.UserAsked {
		qs["question/-/"+slug(q)] = q
	}
	var out []Proposal
	var took map[string]bool
	ss := sentences(text)
	// A question the message says it cannot answer ("Whether the planner
	// relies on tripId being unique, the second open question, can't be
	// answered from this repository") is answered by none of its other
	// sentences ("TripInstance keeps tripId …" shares its words).
	declined := map[string]bool{}
	for _, s := range ss {
		if declines(s) && !questionRE.MatchString(s) {
			k := askedNamed(s, ctx.UserAsked, qs)
			if k == "" && len(qs) == 1 && (!ifRE.MatchString(s) || hereDeclineRE.MatchString(s)) {
				// "Есть ли у вас такое сообщество …, отсюда не видно":
				// the one question waiting
				for k = range qs {
				}
			}
			if k != "" {
				declined[k] = true
			}
		}
	}
	for i, s := range ss {
		polar := i == 0 && len(qs) == 1 && polarAnswered(s, qs) && !slices.ContainsFunc(ss[1:], func(n string) bool { return sharingWords(n, qs, 3) != "" })
		terse := i == 0 && len(qs) == 1 && !lookLeadRE.MatchString(s) && namesAllOf(s, qs) != ""
		if !ctx.Looked && (i == len(ss)-1 || actLeadRE.MatchString(s)) && !polar && !terse {
			// Before the agent has looked, its last sentence, and one
			// opening with what it is doing, announce the run.
			continue
		}
		if len(qs) == 0 {
			break
		}
		s = strings.TrimSpace(s)
		if s != "" && !questionRE.MatchString(s) && (declines(s) || leftOpen(s)) {
			// "I can't answer that bindingly, that's a question for Mrs
			// Krämer": no answer; the question stays open, held as one.
			k := askedNamed(s, ctx.UserAsked, qs)
			if k == "" && len(qs) == 1 && (!ifRE.MatchString(s) || hereDeclineRE.MatchString(s)) {
				for k = range qs {
				}
			}
			if !declines(s) {
				// "Open: holdout Q3 vs Q3+Q4 (Priya).": a summary's open
				// item is the question it names (itemreply.go)
				k = sharingWords(s, qs, 2)
			}
			if k != "" {
				out = append(out, Proposal{Op: OpState, Kind: KindUncertainty, Key: k, Value: qs[k] + " (open: " + s + ")", Quote: s, Links: distinctive(qs[k])})
				delete(qs, k)
			}
			continue
		}
		if s == "" || questionRE.MatchString(s) || utf8.RuneCountInString(s) > maxSentence || lookLeadRE.MatchString(s) || canAnswerRE.MatchString(s) ||
			ifRE.MatchString(s) || offerRE.MatchString(s) || decisionRE.MatchString(s) || decisionAnyRE.MatchString(s) || heading(s) || !strings.Contains(text, s) {
			continue
		}
		if offeredOptions(s) != nil || labelledOptions(s) != nil {
			// "库：A) 自己写 …；B) 用 … 库。": options offered, no answer
			continue
		}
		k := askedNamed(s, ctx.UserAsked, qs)
		if k != "" && byPlace(s, ctx.UserAsked) == "" && (namesOtherThan(s, qs[k]) || oneName(s, qs[k])) {
			// "Rules from CONTRIBUTING.md that apply here: … the 38 MB
			// August feed is for the bench only" to "Does the August
			// export use `exact_times = 0` at all?": the words it shares
			// are incidental when it names things of its own and none
			// of the question's.
			k = ""
		}
		if k == "" && ctx.Looked && len(qs) == 1 && numberTokRE.MatchString(s) {
			// "Which Go version are we on?" … (go version) … "We're on
			// Go 1.22.4.": after looking, a number said of a word of the
			// one question of fact waiting answers it.
			if k = sharingWords(s, qs, 1); k != "" && !factAskRE.MatchString(qs[k]) {
				k = ""
			}
		}
		if !ctx.Looked {
			// Before it has looked, the agent answers from what it
			// knows, or announces what it will look at: an answer
			// names more of the question.
			k = sharingWords(s, qs, 3)
		}
		if k == "" && terse {
			// "wats compileSdk rn" … "`compileSdk = 34` in
			// app/build.gradle.kts": a terse question names its thing
			// alone (polar.go)
			k = namesAllOf(s, qs)
		}
		if k == "" && polar {
			// "does 0.3.1 handle multi-member gzip?" … "Yes — 0.3.1
			// used MultiGzDecoder, …" (polar.go)
			for k = range qs {
			}
		}
		if k == "" || declined[k] || !tellsMore(s, qs[k]) {
			continue
		}
		q := qs[k]
		delete(qs, k)
		if took == nil {
			took = map[string]bool{}
		}
		took[s] = true
		quote := s
		if utf8.RuneCountInString(s) < 40 && i+1 < len(ss) && !strings.ContainsAny(s, "0123456789") && len(distinctive(s)) == 0 {
			// "Behind a proxy it needs help. Cantaloupe builds the `id`
			// …": a short answer naming nothing, with what it means in
			// the next sentence (not what the agent will do next)
			if n := strings.TrimSpace(ss[i+1]); n != "" && !questionRE.MatchString(n) && !lookLeadRE.MatchString(n) && !heading(n) &&
				!offerRE.MatchString(n) && !decisionRE.MatchString(n) && !decisionAnyRE.MatchString(n) && !strings.Contains(strings.ToLower(n), "i'll") {
				if a := strings.Index(text, s); a >= 0 {
					if b := strings.Index(text[a:], n); b >= 0 && !strings.Contains(text[a:a+b], "\n") {
						quote = text[a : a+b+len(n)]
						took[n] = true
					}
				}
			}
		}
		out = append(out, Proposal{Op: OpState, Kind: KindDecision, Key: answerPrefix + slug(s), Value: quote, Quote: quote, Was: q})
	}
	return out, took
}

// tellsMore reports whether answer s says something the question q does
// not: a word, a Chinese character pair or a number of its own. "pnpm
// site" (a command shown in a code block) to "when i run \"pnpm site\" …
// i get this, why …?" only repeats the question's words.
func tellsMore(s, q string) bool {
	qw := wordsAndPairs(q)
	for w := range wordsAndPairs(s) {
		if !qw[w] {
			return true
		}
	}
	for _, n := range remNumRE.FindAllString(s, -1) {
		if !strings.Contains(q, n) {
			return true
		}
	}
	return false
}

// heading reports whether sentence s introduces what follows it: it ends
// with a colon, inside markdown emphasis too ("**Why typechecks didn't
// catch it:**").
func heading(s string) bool {
	s = strings.TrimRight(s, "*_` ")
	return strings.HasSuffix(s, ":") || strings.HasSuffix(s, "：")
}

// canAnswerRE says a question can be answered, not yet how: "the
// ticket's first open question can be answered from the August feed
// itself".
var canAnswerRE = mustPattern(`(?i)\b(?:can|could|should|will) be (?:answered|checked|settled|found out|read off)\b`)

// hereDeclineRE is a decline that says the answer is not to be had here
// at all ("Whether your account has template approval I can't tell from
// here"): said of the one question waiting, whatever "whether" or "if"
// it holds.
var hereDeclineRE = mustPattern(`(?i)\bfrom here\b|\bbe answered\b|\bquestion for\b|отсюда`)

// askedNamed is the key of the question of qs that s names: by its place
// among the questions asked ("the second open question"), else by the
// words it shares with it (sharingQuestion).
func askedNamed(s string, asked []string, qs map[string]string) string {
	if k := byPlace(s, asked); k != "" && qs[k] != "" {
		return k
	}
	return sharingQuestion(s, qs)
}

// placeRE names a question by its place: "the first open question",
// "question 2", "Q2", "la seconda domanda", "die zweite Frage", "第二个问题".
var placeRE = mustPattern(`(?i)\b(first|second|third|fourth|1st|2nd|3rd|4th|last)\s+(?:open\s+|remaining\s+)?questions?\b|\bquestions?\s*(?:#|no\.?\s*)?([1-4])\b|\bQ([1-4])\b|(?:^|[^\p{L}])(primera|segunda|tercera|primeira|terceira|prima|seconda|terza|première|premiere|deuxième|deuxieme|troisième|troisieme|erste|zweite|dritte)n?\s+(?:pregunta|pergunta|domanda|question|frage)(?:[^\p{L}]|$)|第([一二三四1-4])(?:个|個)?(?:问题|問題|質問)`)

// placeNumbers are the places placeRE names, from one.
var placeNumbers = map[string]int{"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4,
	"primera": 1, "segunda": 2, "tercera": 3, "primeira": 1, "terceira": 3, "prima": 1, "seconda": 2, "terza": 3,
	"première": 1, "premiere": 1, "deuxième": 2, "deuxieme": 2, "troisième": 3, "troisieme": 3, "erste": 1, "zweite": 2, "dritte": 3,
	"一": 1, "二": 2, "三": 3, "四": 4, "1": 1, "2": 2, "3": 3, "4": 4}

// byPlace is the key of the question of asked that s names by its place,
// or "".
func byPlace(s string, asked []string) string {
	m := placeRE.FindStringSubmatch(s)
	if m == nil {
		return ""
	}
	for _, g := range m[1:] {
		if g == "" {
			continue
		}
		g = strings.ToLower(g)
		n := placeNumbers[g]
		if g == "last" {
			n = len(asked)
		}
		if n >= 1 && n <= len(asked) {
			return "question/-/" + slug(asked[n-1])
		}
		return ""
	}
	return ""
}

// namesOtherThan reports whether sentence s names things (identifiers, paths,
// quoted names: distinctive, with a letter) while the question q names
// some and s none of them.
func namesOtherThan(s, q string) bool {
	qn, sn := slices.DeleteFunc(lettered(distinctive(q)), func(n string) bool { return !codeName(q, n) }), lettered(distinctive(s))
	if len(qn) == 0 || len(sn) == 0 {
		return false
	}
	ls := strings.ToLower(s)
	for _, n := range qn {
		if strings.Contains(ls, strings.ToLower(strings.Trim(n, "` "))) {
			return false
		}
	}
	return true
}

// codeName reports whether name n of text q is written as code: quoted
// in backticks, or with an underscore or a lower-case letter followed by
// a capital ("exact_times", "tripId"); not an acronym ("STDF", "DAG") or
// a hyphenated word ("d-cache"), which an answer often leaves out.
func codeName(q, n string) bool {
	if strings.Contains(q, "`"+n+"`") || strings.Contains(n, "_") {
		return true
	}
	for i := 1; i < len(n); i++ {
		if n[i-1] >= 'a' && n[i-1] <= 'z' && n[i] >= 'A' && n[i] <= 'Z' {
			return true
		}
	}
	return false
}

// oneName reports whether every word s shares with the question q comes
// from one name of q's written as code: "exact" and "tim" of
// "exact_times" are one thing named, not two words in common.
func oneName(s, q string) bool {
	shared := map[string]bool{}
	qw := wordsAndPairs(q)
	for w := range wordsAndPairs(s) {
		if qw[w] {
			shared[w] = true
		}
	}
	if len(shared) < 2 {
		return false
	}
	for _, n := range lettered(distinctive(q)) {
		if !codeName(q, n) {
			continue
		}
		ns := wordsAndPairs(n)
		all := true
		for w := range shared {
			all = all && ns[w]
		}
		if all {
			return true
		}
	}
	return false
}

// lettered keeps the names that hold a letter (not "16.2", "3:00").
func lettered(ns []string) []string {
	return slices.DeleteFunc(slices.Clone(ns), func(n string) bool { return !strings.ContainsFunc(n, unicode.IsLetter) })
}
