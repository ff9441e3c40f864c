package projection

import "strings"

// A first message that says the task is still to come.
//
// "pehle CLAUDE.md padh lo, phir kaam batati hoon" (first read CLAUDE.md,
// then I'll tell you the task), "read the README first, I'll give you the
// task after", "lies zuerst CLAUDE.md, dann sage ich dir die Aufgabe",
// "先看一下 CLAUDE.md，任务等下说": the user prepares the agent and
// announces the task; the message states none. It is no objective: the
// next message that states a task is (trial 13 C1). Read on the gloss:
// the message is only the announcement, greetings, a reading asked
// first, and rules; a message that asks other work ("fix the login
// crash, then I'll give you the next task") states its task.

// toComeRE is a clause announcing the task as still to come: a word of
// later ("then", "later", "in a moment", "za chwilę", "等下"), the task
// ("the task", "what to do", "kaam", "co robimy", "задачу") and the
// user's own telling ("I'll tell you", "sage ich", "je te donne",
// "powiem", "скажу", "batati hoon"), in any order.
var toComeRE = mustPattern(`(?i)^(?:[^.!?]*?(?:^|\s)(?:then|later|after(?:wards)?|after that|next|in a (?:moment|minute|sec(?:ond)?|bit)|shortly|soon|za chwilę|za moment|zaraz|potem|baad|phir|затем|потом|потім|позже|пізніше|luego|después|ensuite|puis|dann|danach|poi|dopo|depois|daarna|sen|sedan)(?:\s|$|[,.:]))?[^.!?]*?(?:^|\s)(?:(?:the|my|your|actual|real|a)\s+)*(?:task|Task|tasks|goal|assignment|instructions|details|tarea|tâche|aufgabe|compito|tarefa|taak|uppgift|uppgiften|zadanie|what (?:to do|I need|we(?:'re| are)? (?:doing|going to do)|needs? to be done)|kaam|kya karna hai|co (?:robimy|(?:trzeba|mamy|masz) (?:zrobić|robić))|задачу|задачи|завдання|что делать|що робити)(?:\s|$|[,.:!?])`)

// toComeTellRE is the user's own telling of the task to come.
var toComeTellRE = mustPattern(`(?i)(?:^|\s)(?:I(?:'ll|\s+will|'m\s+going\s+to|\s+am\s+going\s+to)\s+(?:\S+\s+)?(?:tell|give|explain|describe|send|share|say|write|post)|let me (?:tell|give|explain)|will (?:follow|come)|comes? (?:next|later|after)|(?:sage|gebe|erkläre|nenne|schicke|sag|geb)\s+I|I\s+(?:te\s+)?(?:donne|dis|explique|envoie)|te\s+(?:digo|doy|paso|explico|mando|passo)|ti\s+(?:dico|do|spiego|mando)|(?:geef|vertel|stuur)\s+I|(?:ger|säger|berättar|skickar)\s+I|powiem|dam\s+ci|podam|napiszę|wyjaśnię|скажу|дам|напишу|объясню|поясню|розповім|batati|batata|bataungi|bataunga|bataenge|batayenge|batati\s+hoon|batata\s+hoon|dungi|dunga|deti\s+hoon|deta\s+hoon)(?:\s|$|[,.!])`)

// toComeZhRE is the Chinese and Japanese announcement: "任务等下说",
// "然后再告诉你要做什么", "具体任务稍后给你", "タスクは後で伝えます".
var toComeZhRE = mustPattern(`(?:任务|要做什么|做什么|需求)[^。！？]{0,6}(?:等下|等一下|等会儿?|稍后|回头|之后|然后|待会儿?)(?:再)?(?:说|讲|给你|告诉你|发你)|(?:等下|等一下|等会儿?|稍后|回头|然后|待会儿?)(?:我)?(?:再)?(?:告诉你|跟你说|给你|说)(?:具体)?(?:的)?(?:要做什么|做什么|任务|需求)|(?:タスク|任务|作業内容|やること)(?:は|是)?\s*(?:後で|あとで|後ほど)(?:伝え|説明し|言い|送り)`)

// readFirstRE is a reading asked before the task: "read CLAUDE.md",
// "look at the repo first", "padh lo", "przeczytaj", "先看一下".
var readFirstRE = mustPattern(`(?i)(?:^|\s)(?:read|look (?:at|over|through)|go (?:through|over)|skim|study|check out|familiari[sz]e|get familiar|explore|browse|padh|padho|dekh|dekho|lies|lest|schau|lis|lisez|regarde|lee|leé|mira|leggi|guarda|lê|leia|olha|lees|bekijk|läs|titta|przeczytaj|przejrzyj|zobacz|прочитай|прочти|посмотри|изучи|ознакомься|прочитай|переглянь|ознайомся)(?:\s|$|[,.!])|(?:先|首先)?(?:看一下|看看|读一下|读读|熟悉一下)|読んで|見て`)

// taskToCome reports whether user text only prepares the agent and
// announces the task as still to come.
func taskToCome(text string) bool {
	announced := false
	for _, s := range sentences(text) {
		for _, c := range clauseSpans(s) {
			c = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(c), ",;，；。.!！"))
			switch {
			case c == "" || len(terms(c)) == 0 || greeting(c):
			case toComeZhRE.MatchString(c) || toComeRE.MatchString(c) && toComeTellRE.MatchString(c) && !dueNegRE.MatchString(c):
				announced = true
			case readFirstRE.MatchString(c) || isRule(c):
			default:
				return false
			}
		}
	}
	return announced
}
