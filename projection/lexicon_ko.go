package projection

import (
	"regexp"
	"sort"
	"strings"
	"unicode/utf8"
)

// Korean cues (lexicon.go), glossed by substring into the Chinese cues
// the readings know, as Japanese is: Korean puts its verb last and says
// a rule by the verb's ending ("쓰지 마세요", "하지 말 것", "해야
// 합니다", "바꾸면 안 돼요"), so the ending is glossed into the Chinese
// rule word that may stand anywhere in a sentence ("不要", "必须",
// "不能"), the rule quoted from the user's words. An entry whose gloss
// is its own words keeps a longer phrase as written ("절대값" is no
// "never", "가 안 돼요" no prohibition: a thing that does not work).
//
// Korean glues its particles to the word before them and puts a
// setting's value before its verb; koSpans reads those in context
// before the substrings: a case particle glued to a name or a number
// ("learning_rate는", "MR을") is dropped, a number's unit is the
// Chinese unit ("30초" 30 秒, "7일" 7 天), a setting told with its value
// ("batch_size를 64로 바꿔 주세요", "타임아웃은 30초로 늘려") reads
// "batch_size 改成 64", a change by an amount ("20% 늘려", "두 개 더")
// "加 20%", a correction of one number by another ("14일 말고 7일") "从
// 14 天 改成 7 天", a choice said before its verb ("LightGBM으로 가요",
// "B안으로 하죠") "就用 … 吧", and a deadline ("목요일 저녁까지")
// "周四之前".
var lexKO = []lexEntry{
	// prohibitions, by the verb's ending
	{catNever, "不要", ko("지 마세요|지 마십시오|지 말아 주세요|지 말아주세요|지 말아요|지 마요|지 말고|지 말 것|지 말것|지 말래요|지 말라고|지 말랬어요|지 말라|지 말자|지 마.|지 마,|지 마!|지 않도록|지 맙시다")},
	{catNever, "不能", ko("면 안 돼|면 안 됩니다|면 안 된다|면 안 되|면 안돼|면 안됩니다|서는 안 돼|서는 안 됩니다|서는 안 된다")},
	{catNever, "是不能", ko("은 안 돼요|는 안 돼요|은 안 됩니다|는 안 됩니다|건 안 돼요|건 안 됩니다")},
	{catNever, "永远", ko("절대로|절대")},
	{catNever, "禁止", ko("금지")},
	// "not forbidden" forbids nothing
	{catFunction, "금지된 건 아니", ko("금지된 건 아니")},
	{catFunction, "금지는 아니", ko("금지는 아니")},
	{catFunction, "금지가 아니", ko("금지가 아니")},
	// a rule named as said before ("금지라고 했는데") states none
	{catFunction, "금지라고 했는데", ko("금지라고 했는데|금지라고 했지만|금지라고 했었는데")},
	// a thing that does not work, or an absolute value, is no rule
	{catFunction, "가 안 돼요", ko("가 안 돼요")},
	{catFunction, "이 안 돼요", ko("이 안 돼요")},
	{catFunction, "잘 안 돼요", ko("잘 안 돼요")},
	{catFunction, "", ko("지금 값의 |현재 값의 |지금 값에서 |현재 값에서 ")},
	{catFunction, "절대값", ko("절대값")},
	{catFunction, "절댓값", ko("절댓값")},
	{catFunction, "절대 경로", ko("절대 경로")},
	{catFunction, "절대경로", ko("절대경로")},
	{catFunction, "절대적", ko("절대적")},
	{catMust, "必须", ko("야 합니다|야 해요|야 해|야 돼요|야 됩니다|야 돼|야 한다|야 된다|야만|반드시|무조건")},
	{catMust, "一定要", ko("도록 해 주세요|도록 해주세요|도록 하세요|도록 해요|도록 할 것")},
	{catMust, "始终", ko("항상|언제나")},
	{catMust, "从现在起", ko("이제부터는|이제부터|지금부터는|지금부터|앞으로는|앞으로도 ")},
	{catMust, "只用", ko("만 써|만 쓰|만 사용")},
	{catMust, "只许", ko("만 허용")},
	{catUse, "用", ko("써 주세요|써주세요|쓰세요|사용해 주세요|사용해주세요|사용하세요")},
	{catInstead, " 不要 ", ko(" 말고 ")},
	{catInstead, " 不要 ", ko(" 대신에 | 대신 ")},
	{catExcept, "除外", ko("빼고|제외하고|외에는|말고는")},
	{catExcept, "但是", ko("단,|다만 ")},
	{catExcept, "只有", ko("만은")},
	{catLift, "不用再", ko("안 해도 돼요|안 해도 됩니다|안 해도 괜찮아요|지 않아도 돼요|지 않아도 됩니다|지 않아도 괜찮아요|안 지켜도 돼요|필요 없어요|필요없어요|신경 안 써도")},
	{catLift, "可以了", ko("써도 돼요|써도 됩니다|써도 괜찮아요|사용해도 돼요|사용해도 됩니다|사용해도 괜찮아요|해도 돼요|해도 됩니다|해도 괜찮아요|도 돼요|도 됩니다|허용하셨어요|허용했어요|허용됐어요|허용합니다")},
	{catLift, "解除", ko("해제됐|해제했|해제합니다|풀렸어요|풀렸습니다")},
	{catRelative, "减半吧", ko("절반으로 줄여|절반으로 줄이|절반으로|반으로 줄여|반으로 줄이|반으로|절반")},
	{catRelative, "翻倍吧", ko("두 배로 늘려|두 배로 올려|두 배로 늘리|두 배로 올리|두 배로|두배로|2배로|두 배")},
	{catRelative, "改回原来的吧", ko("원래대로 되돌려|원래대로 돌려|원래대로|원래 값으로 되돌려|원래 값으로 돌려|원래 값으로|이전 값으로 되돌려|이전 값으로|예전 값으로")},
	{catQuestion, "还不知道", ko("아직 모르겠|아직 몰라|잘 모르겠|아직 답을 안 주셨|아직 답을 안 줬|아직 답이 없|아직 답을 못 받|아직 확실하지 않|아직 정해지지 않|아직 안 정해")},
	{catQuestion, "未定", ko("미정")},
	{catQuestion, "不确定", ko("확실하지 않|확실치 않|확신이 없")},
	{catQuestion, "待确认", ko("확인 필요|확인이 필요")},
	{catChoice, "第一个", ko("첫 번째 것|첫 번째")},
	{catChoice, "第二个", ko("두 번째 것|두 번째")},
	{catChoice, "第三个", ko("세 번째 것|세 번째")},
	{catAnswer, "是，", ko("네, |네. |예, |예. ")},
	{catGiveUp, "算了", ko("신경 쓰지 마세요|신경 쓰지 말고|그만둬요|그만두죠|그만하죠|그만둡시다|포기하죠|포기해요|그냥 두세요|놔두세요|냅두세요|넘어가죠|넘어갑시다|스킵하죠|스킵합시다")},
	{catLift, "规则作废了", ko("규칙은 이제 없어요|규칙은 이제 없어|규칙은 이제 없습니다|규칙은 더 이상 없어요|규칙은 더 이상 없어|규칙은 없어졌어요|규칙은 없어졌어|규칙은 폐지|규칙 이제 없어|규칙은 끝났어|규칙은 끝|제한은 이제 없어요|제한은 이제 없어|제한은 없어졌어")},
	{catRules, "规则", ko("규칙|원칙|규정|룰")},
	{catDone, "记得", ko("잊지 말고|잊지 마세요|잊지 말아 주세요|잊지 말게|잊지 않게|잊지 않도록|잊지 마")},
	{catDone, "之前，", ko("기 전에|기 전까지")},
	{catGoal, "目标变更", ko("목표 변경|목표가 바뀌었어요|목표가 바뀌었어|목표 바뀜")},
	{catGoal, "目标", ko("목표|목적")},
	{catGoal, "任务", ko("과제")},
	{catGoal, "计划有变", ko("계획 변경|계획이 바뀌었어요|계획이 바뀌었어|계획 바뀜|우선순위 변경")},
	{catGoal, "先放一放", ko("미루고|미루자|미뤄요|미뤄|미룰게요|미룰게|미루기로 해요|미루기로|보류하고|보류")},
	{catRelay, "说", ko("님 말로는|님이 그러는데|님이 그러시는데|님 얘기로는|에 따르면|님이 말하길")},
	{catRelay, "回复", ko("님한테 물어봤는데|님께 물어봤는데|한테 물어봤는데|에게 물어봤는데")},
	{catAttempt, "试过", ko("해봤는데|해 봤는데|써봤는데|써 봤는데|돌려봤는데|돌려 봤는데|시도했는데|시도해 봤는데|바꿔봤는데|바꿔 봤는데|넣어봤는데|넣어 봤는데|해봤어요|써봤어요")},
	{catAttempt, "没效果", ko("효과가 없었|효과 없었|소용없었|소용이 없었|차이가 없었|별 차이 없")},
	{catAttempt, "不行", ko("실패했|안 먹혔")},
	// The plain speech of a lift ("지금은 print 써도 돼", "이제 안 지켜도 돼",
	// "잠깐 풀어줄게"); a question ("써도 돼?") is read as one by its mark.
	{catLift, "不用再", ko("안 해도 돼|안 해도 된다|지 않아도 돼|지 않아도 된다|안 지켜도 돼|안 지켜도 된다|안 지켜도 괜찮아|필요 없어|필요없어")},
	// Only "may use" in plain speech: "지금은 print 써도 돼" lifts the ban on
	// print, while "test 관련 설정은 settings/test.py에 해도 돼" (may put
	// them there) says where, and lifted the pytest-only rule through the
	// shared word "test".
	{catLift, "可以了", ko("써도 돼|써도 된다|써도 괜찮아|사용해도 돼|사용해도 된다")},
	{catLift, "解除", ko("풀어줄게|풀어 줄게|풀어줄게요|풀어 줄게요|풀게요|풀게|풀렸어|풀었어")},
}

// ko writes a list of Korean phrases, "|" between them, as lexEntry
// words ("_" for a phrase's spaces).
func ko(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, " ", "_"), "|", " ")
}

var (
	// koParticleRE is a case particle glued to a name, a number or a
	// closing bracket ("learning_rate는", "MR을", "(dim_calendar)를"),
	// before a space, a punctuation mark or the end.
	koParticleRE = regexp.MustCompile(`[A-Za-z0-9_)\]"'` + "`" + `%](은|는|이|가|을|를|의|도|와|과|랑|이랑|에)(?:[\s.,!?;:)]|$)`)
	// koUnitRE is a number with a Korean unit ("30초", "7일", "2개").
	koUnitRE = regexp.MustCompile(`(\d+(?:\.\d+)?)\s*(개월|시간|퍼센트|초|분|일|주|개|배|명|번)`)
	// koByRE is a change by an amount: "20% 늘려", "10분 더 줄여",
	// "두 개 더 늘려".
	koByRE = regexp.MustCompile(`(\d+(?:\.\d+)?\s*(?:%|퍼센트|개월|시간|초|분|일|주|개|명|번)?|한|두|세|네|다섯)\s*(?:개\s*)?(?:만큼\s*)?(?:더\s*)?(늘려|늘리|올려|올리|높여|높이|추가해|증가|줄여|줄이|낮춰|낮추|내려|내리|감소|빼)`)
	// koSetRE is a setting told with its value before the verb:
	// "batch_size를 64로 바꿔", "타임아웃은 30초로 늘려".
	koSetRE = regexp.MustCompile(`(?:^|[\s(,])([A-Za-z_][\w.\-]*(?:을|를|은|는|이|가)?|[가-힣]+?(?:을|를|은|는|이|가))\s+(?:지금\s+|현재\s+)?(\d+(?:\.\d+)?(?:\s*(?:%|개월|시간|초|분|일|주|개|명|번))?|[A-Za-z][\w.\-:/]*)\s*(?:으로|로)\s*(바꿔|변경해|설정해|올려|늘려|줄여|낮춰|맞춰|고정해|해)\s?(?:주세요|주실래요|줘요|줘|요|보세요|봐요|두세요|놔요|\.|,|$)`)
	// koRelObjRE is the object or topic particle of the word before a
	// relative change ("worker 수를 두 배로"): dropped, so the change's
	// setting is the words before it.
	koRelObjRE = regexp.MustCompile(`[가-힣](을|를|은|는)\s+(?:지금 값의 |현재 값의 )?(?:절반|반으로|두 ?배|2배|원래대로|원래 값|이전 값|예전 값|\d+(?:\.\d+)?\s*(?:%|퍼센트|개월|시간|초|분|일|주|개|명|번)?\s*(?:만큼\s*)?(?:더\s*)?(?:늘려|늘리|올려|올리|높여|높이|줄여|줄이|낮춰|낮추|내려|내리))`)
	// koCorrRE is one number corrected to another: "14일 말고 7일",
	// "3개 대신 5개".
	koCorrRE = regexp.MustCompile(`(?:([가-힣]+?)(은|는|이|가|을|를)\s+)?(\d+(?:\.\d+)?\s*(?:%|개월|시간|초|분|일|주|개|명|번)?)\s+(?:말고|대신(?:에)?|아니고|아니라)\s+(\d+(?:\.\d+)?\s*(?:%|개월|시간|초|분|일|주|개|명|번)?)(이면 된대요|이면 돼요|이면 됩니다|이면|면|이에요|예요|입니다|이요|요)?`)
	// koExceptRE is a thing said to be excepted from a rule: "기상청
	// 예보는 예외로 허용하셨어요", "테스트 코드는 예외예요".
	koExceptRE = regexp.MustCompile(`(?:^|\s)((?:[가-힣A-Za-z0-9_]+\s)?[가-힣A-Za-z0-9_]+?)(은|는)\s*(예외로\s*(?:허용|인정|해|두|둬|쳐)[가-힣]*|예외(?:예요|에요|입니다|야|라고 하셨어요|래요|로 해 주세요|로 해주세요))`)
	// koThingRE is a rule told as a nominalized imperative: a verb's
	// future form and 것 at the end of its clause ("커밋 전에 테스트를
	// 돌릴 것"); "할 것 같아요" (seems) goes on.
	koThingRE = regexp.MustCompile(`[가-힣]( ?것)(?:[.,;!\n)]|$)`)
	// koAlwaysRE is "always" in a request ("항상 … 확인해 주세요"): a
	// rule, where "빌드가 항상 실패해요" tells what happens.
	koAlwaysRE = regexp.MustCompile(`(항상|언제나|매번)[^.!?\n]*?(?:주세요|하세요|십시오|쓰세요|두세요)(?:[.!\n]|$)`)
	// koNeedRE is a sentence telling what the user needs ("…그래프 한 장
	// 필요해요."): a request, its task set by a deadline in it or in the
	// short sentence after it ("목요일까지 만들어 주세요").
	koNeedRE = regexp.MustCompile(`필요해요|필요합니다|필요해|있어야 해요|있어야 합니다`)
	// koSelfRE is the user as the subject ("저는 내일 발표해야 해요"):
	// the user's own "I have to" binds the user, not the agent
	// (narratorRE reads 我); a word that only ends so ("문제가") is none.
	koSelfRE = regexp.MustCompile(`(?:^|[\s,.!?])(저는|제가|나는|내가|저도|난)\s`)
	// koChoiceRE is a choice said before its verb: "… LightGBM으로
	// 가요", "B안으로 하죠", "이걸로 할게요", "Redis를 쓰기로 했어요", at
	// the end of its sentence.
	koChoiceRE = regexp.MustCompile(`(?:으로|로)\s*(?:가요|가죠|갑시다|가자|갈게요|가겠습니다|하죠|합시다|하자|할게요|하겠습니다|정했어요|정할게요|결정했어요|결정할게요|확정할게요|확정이에요)|기로\s*(?:했어요|했습니다|해요|하죠|결정했어요|정했어요)|(?:를|을)?\s*(?:쓰죠|씁시다|쓰자|쓸게요|사용하죠|사용합시다|사용할게요)(?:\s*[.!]|\s*$)`)
	// koDueRE is a deadline: "목요일 저녁까지", "내일까지", "이번 주
	// 금요일 전까지".
	koDueRE = regexp.MustCompile(`(?:(?:이번\s*주|다음\s*주)\s*)?(월|화|수|목|금|토|일|내일|오늘|주말|월말|퇴근)(?:요일)?\s*(?:(?:오전|오후|저녁|아침|밤|점심|중|안)\s*)?(?:전)?까지`)
)

// koSentenceStart is where the sentence holding text[at] opens: after
// the last sentence mark before it and the connectives that open it
// ("그러니까", "그럼", "아 참,").
func koSentenceStart(text string, at int) int {
	start := strings.LastIndexAny(text[:at], ".!?\n。") + 1
	for {
		for start < at && (text[start] == ' ' || text[start] == '\t') {
			start++
		}
		n := start
		for _, c := range []string{"그러니까", "그럼", "그래서", "결국", "일단", "그냥", "그리고", "좋아요", "네", "아 참", "참", "아", "오"} {
			if rest := text[start:at]; strings.HasPrefix(rest, c) && len(rest) > len(c) && strings.ContainsRune(" ,", rune(rest[len(c)])) {
				start += len(c)
				if text[start] == ',' {
					start++
				}
				break
			}
		}
		if n == start {
			return start
		}
	}
}

// koTrimParticle is a name without the case particle glued to it.
func koTrimParticle(w string) string {
	for _, p := range []string{"을", "를", "은", "는", "이", "가"} {
		if t, ok := strings.CutSuffix(w, p); ok && t != "" {
			return t
		}
	}
	return w
}

var koUnits = map[string]string{"개월": "months", "시간": "h", "퍼센트": "%", "초": "s", "분": "min", "일": "days", "주": "weeks", "개": "个", "배": "倍", "명": "个", "번": "次"}

var koDays = map[string]string{"월": "周一", "화": "周二", "수": "周三", "목": "周四", "금": "周五", "토": "周六", "일": "周日", "내일": "明天", "오늘": "今天", "주말": "周末", "월말": "月底", "퇴근": "下班"}

var koCounts = map[string]string{"한": "1", "두": "2", "세": "3", "네": "4", "다섯": "5"}

// koUnitGloss is a number with its Korean unit glossed ("30 秒").
func koUnitGloss(s string) string {
	if m := koUnitRE.FindStringSubmatch(s); m != nil {
		return m[1] + " " + koUnits[m[2]]
	}
	return strings.TrimSpace(s)
}

// koSpans are the spans of a Korean message read in context (see
// lexKO), in order and not overlapping.
func koSpans(text string) []preSpan {
	if len(text) > 1<<16 {
		text = text[:1<<16]
	}
	var out []preSpan
	add := func(ss, se int, en string) { out = append(out, preSpan{ss, se, en}) }
	for _, m := range koCorrRE.FindAllStringSubmatchIndex(text, -1) {
		// the setting is the word before, its particle dropped; the
		// number corrected away is left out ("구간 改成 7天")
		from := m[6]
		if m[4] >= 0 {
			from = m[4]
			add(m[2], m[2], "把")
		}
		add(from, m[8], " 改成 ")
		add(m[8], m[9], koUnitGloss(text[m[8]:m[9]]))
		if m[10] >= 0 {
			add(m[10], m[11], "")
		}
	}
	for _, m := range koExceptRE.FindAllStringSubmatchIndex(text, -1) {
		// "对 X 不适用": the rule before it does not apply to X
		add(m[2], m[2], "对 ")
		add(m[4], m[5], "")
		add(m[6], m[7], " 不适用")
	}
	for _, m := range koSetRE.FindAllStringSubmatchIndex(text, -1) {
		add(m[2], m[2], "把")
		add(m[2]+len(koTrimParticle(text[m[2]:m[3]])), m[4], " 改成 ")
		add(m[4], m[5], koUnitGloss(text[m[4]:m[5]]))
		add(m[5], m[7], "")
	}
	for _, m := range koByRE.FindAllStringSubmatchIndex(text, -1) {
		n := text[m[2]:m[3]]
		if c, ok := koCounts[n]; ok {
			n = c + " 个"
		} else {
			n = koUnitGloss(n)
		}
		op := "加 "
		switch v := text[m[4]:m[5]]; {
		case strings.HasPrefix(v, "줄"), strings.HasPrefix(v, "낮"), strings.HasPrefix(v, "내"), v == "감소", v == "빼":
			op = "减 "
		}
		add(m[2], m[5], op+n+"吧")
	}
	for _, m := range koUnitRE.FindAllStringSubmatchIndex(text, -1) {
		if text[m[4]:m[5]] == "일" && strings.HasSuffix(strings.TrimSpace(text[:m[2]]), "월") {
			continue // "10월 2일" is a date
		}
		add(m[2], m[5], text[m[2]:m[3]]+" "+koUnits[text[m[4]:m[5]]])
	}
	for _, m := range koDueRE.FindAllStringSubmatchIndex(text, -1) {
		// a deadline opens its sentence's task ("周四之前，…"), else the
		// request is marked as one ("请 … 周四之前 …")
		if start := koSentenceStart(text, m[0]); start == m[0] {
			add(m[0], m[1], koDays[text[m[2]:m[3]]]+"之前，")
		} else {
			start = strings.LastIndexAny(text[:m[0]], ".!?\n。") + 1
			for start < m[0] && text[start] == ' ' {
				start++
			}
			add(start, start, "请")
			add(m[0], m[1], koDays[text[m[2]:m[3]]]+"之前")
		}
	}
	for _, m := range koSelfRE.FindAllStringSubmatchIndex(text, -1) {
		add(m[2], m[3], "我")
	}
	for _, m := range koNeedRE.FindAllStringIndex(text, -1) {
		if rest := strings.TrimLeft(text[m[1]:], " "); rest == "" || strings.ContainsRune(".!\n", rune(rest[0])) {
			start := strings.LastIndexAny(text[:m[0]], ".!?\n。") + 1
			for start < m[0] && text[start] == ' ' {
				start++
			}
			add(start, start, "请")
		}
	}
	for _, m := range koChoiceRE.FindAllStringIndex(text, -1) {
		if start := koSentenceStart(text, m[0]); start < m[0] {
			add(start, start, "就用")
			add(m[0], m[1], "吧")
		}
	}
	for _, m := range koAlwaysRE.FindAllStringSubmatchIndex(text, -1) {
		add(m[2], m[3], "必须始终")
	}
	for _, m := range koThingRE.FindAllStringSubmatchIndex(text, -1) {
		if r, _ := utf8.DecodeRuneInString(text[m[0]:]); (r-0xAC00)%28 == 8 && !strings.HasSuffix(text[:m[2]], "말") {
			// 할, 돌릴, 쓸: the syllable ends in ㄹ ("말 것" is a lexicon
			// entry)
			add(m[2], m[3], " 必须")
		}
	}
	for _, m := range koRelObjRE.FindAllStringSubmatchIndex(text, -1) {
		add(m[2], m[3], "")
	}
	for _, m := range koParticleRE.FindAllStringSubmatchIndex(text, -1) {
		add(m[2], m[3], "")
	}
	// in order; a span overlapping one before it is left out
	sort.SliceStable(out, func(i, j int) bool { return out[i].ss < out[j].ss })
	k, end := 0, 0
	for _, s := range out {
		if s.ss < end || s.ss == s.se && k > 0 && out[k-1].ss == s.ss && out[k-1].se == s.ss {
			continue
		}
		out[k] = s
		k++
		end = s.se
	}
	return out[:k]
}
