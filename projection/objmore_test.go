package projection

import (
	"regexp"
	"testing"
)

// What matters more now moves the objective (objmore.go): "zmiana planu:
// rezerwacje na razie wystarczy. teraz ważniejsze są SMS-y" (trial 13 B1)
// in every lexicon language; a comparison, a negation or a "more
// important" with no "now" and no plan change moves nothing.
func TestObjectiveMovedByWhatMattersMoreNow(t *testing.T) {
	const first = "fix the double bookings of the same table at the same hour, customers arrive and the table is taken"
	for _, c := range []struct {
		say  string
		want string // a word of the new objective; "" when it stays
	}{
		{"zmiana planu: rezerwacje na razie wystarczy. teraz ważniejsze są SMS-y, klienci nie dostają potwierdzeń.", "SMS-y"},
		{"teraz ważniejsze jest naprawienie wysyłki SMS, klienci nie dostają potwierdzeń", "wysyłki"},
		{"change of plans: the bookings are good enough for now. now the SMS confirmations matter more, customers get none.", "SMS confirmations"},
		{"plans changed. now the SMS sending is more important, customers get no confirmations", "SMS sending"},
		{"Planänderung: die Buchungen reichen erstmal. Jetzt ist der SMS-Versand wichtiger, Kunden bekommen keine Bestätigung.", "SMS-Versand"},
		{"changement de plan : maintenant l'envoi des SMS est plus important, les clients ne reçoivent rien.", "SMS"},
		{"cambio de planes: ahora es más importante arreglar el envío de SMS.", "envío"},
		{"смена планов: сейчас важнее починить отправку SMS.", "отправку"},
		{"plan change: ab SMS wala issue zyada zaroori hai, customers ko confirmation nahi mil raha", "SMS wala"},
		{"计划有变。现在更重要的是短信确认发不出去的问题", "短信确认"},
		// near misses
		{"readability is more important than speed here", ""},
		{"teraz czytelność jest ważniejsza niż wydajność", ""},
		{"jetzt ist Lesbarkeit wichtiger als Geschwindigkeit", ""},
		{"is the SMS sending more important now?", ""},
		{"the SMS sending is not more important now", ""},
		{"tests are more important", ""},
		{"сейчас отправка SMS не важнее", ""},
		{"now the SMS sending isn't more important", ""},
	} {
		out := reduceAll(t, "> user\n"+first+"\n> assistant\nlooking at the booking code\n> user\n"+c.say+"\n")
		if c.want != "" {
			expect(t, out, []string{`objective/session/goal \[active/normative\] = [^\n]*` + c.want + `[^\n]*\(was fix the double`}, nil)
		} else {
			expect(t, out, []string{`objective/session/goal \[active/normative\] = fix the double`}, nil)
		}
	}
}

// A first message that only announces the task ("pehle CLAUDE.md padh lo,
// phir kaam batati hoon", trial 13 C1) is no objective; the next message
// that states a task is (tasktocome.go). A message that asks work besides
// the announcement states its task.
func TestTaskStillToComeIsNoObjective(t *testing.T) {
	const task = "the app crashes on Android after login, the Google sign-in flow. fix it."
	for _, c := range []struct {
		say     string
		preface bool // the message only announces the task
	}{
		{"first read CLAUDE.md, then I'll give you the task", true},
		{"hi! read the README and CLAUDE.md first, I'll tell you what to do after", true},
		{"pehle CLAUDE.md padh lo, phir kaam batati hoon", true},
		{"pehle README dekh lo, kaam baad mein bataunga", true},
		{"najpierw przeczytaj CLAUDE.md, potem powiem ci co robimy", true},
		{"lies zuerst CLAUDE.md, dann sage ich dir die Aufgabe", true},
		{"lis d'abord CLAUDE.md, ensuite je te donne la tâche", true},
		{"primero lee CLAUDE.md, luego te digo la tarea", true},
		{"сначала прочитай CLAUDE.md, задачу скажу потом", true},
		{"先看一下 CLAUDE.md，任务等下说", true},
		// near misses: work is asked
		{"fix the flaky upload test, then I'll give you the next task", false},
		{"read the crash log and fix the upload test, I'll tell you more later", false},
		{"read CLAUDE.md first and then fix the task runner", false},
		{"pehle CLAUDE.md padh lo, phir upload test fix karo", false},
	} {
		out := reduceAll(t, "> user\n"+c.say+"\n> assistant\nread it\n> user\n"+task+"\n")
		if c.preface {
			expect(t, out, []string{`objective/session/goal \[active/normative\] = the app crashes on Android`}, []string{`objective/session/goal [^\n]*` + regexp.QuoteMeta(c.say)})
		} else {
			expect(t, out, []string{`objective/session/goal \[active/normative\] = `}, []string{`objective/session/goal \[active/normative\] = the app crashes`})
		}
	}
}

// A Hinglish report whose moment opens it ("login ke baad … crash ho raha
// hai, Google sign-in wala flow", glossed "after login …, Google sign-in
// flow") states the objective; the name after the moment asks nothing,
// so no obligation repeats it. "after the deploy, ping #ops" still asks.
func TestMomentBeforeANameIsNoTask(t *testing.T) {
	out := reduceAll(t, "> user\nlogin ke baad Android pe app crash ho raha hai, Google sign-in wala flow. isko fix karo\n")
	expect(t, out, []string{`objective/session/goal \[active/normative\] = login ke baad`}, []string{`obligation `})
	out = reduceAll(t, "> user\nfix the login crash on Android\n> assistant\non it\n> user\nwhen the fix is in, bump the version in pubspec.yaml\n")
	expect(t, out, []string{`obligation [^\n]*bump the version`}, nil)
}

// A choice taken back by naming what goes without it ("jednak bez
// osobnej kolejki sms", trial 13 B21) is a decision that was the thing
// (decback.go); "after all" with no thing gone without is not.
func TestDecisionGoneWithout(t *testing.T) {
	const agent = "> user\nfix the sms confirmations\n> assistant\nI'll also put the SMS on their own `sms` queue with a worker. Setting onQueue('sms').\n> user\n"
	for _, c := range []struct{ say, want string }{
		{"after all no separate sms queue. I don't want a second worker, let it go on default", `decision [^\n]*after all no separate sms queue \(was separate sms queue\)`},
		{"jednak bez osobnej kolejki sms. nie chcę drugiego workera w supervisorze, niech idzie na default", `decision [^\n]*jednak bez osobnej kolejki sms \(was osobnej kolejki sms\)`},
		{"doch ohne eigene SMS-Queue, lass sie auf default, kein zweiter Worker", `decision [^\n]*doch ohne eigene SMS-Queue`},
		{"after all no separate sms queue, that package is too heavy", ""},
		{"算了，还是不要单独的 sms 队列了，用默认队列", `decision [^\n]*还是不要单独的 sms 队列`},
		{"jednak nie działa, dalej ten sam błąd", ""},
		{"after all it works without the separate queue?", ""},
		{"without a separate queue the mails would block", ""},
	} {
		out := reduceAll(t, agent+c.say+"\n")
		if c.want != "" {
			expect(t, out, []string{c.want}, nil)
		} else {
			expect(t, out, nil, []string{`decision `})
		}
	}
}

// A remark that a test is flaky ("haan woh emulator pe flaky hai, cold
// boot pe hamesha ek baar fail hota hai") is no rule; a rule about flaky
// tests is (flakyremark.go).
func TestFlakyRemarkIsNoRule(t *testing.T) {
	for _, c := range []struct {
		say  string
		rule bool
	}{
		{"haan woh emulator pe flaky hai, cold boot pe hamesha ek baar fail hota hai", false},
		{"yeah it's flaky on the emulator, it always fails once on a cold boot", false},
		{"ten test jest flaky na emulatorze", false},
		{"flaky tests must be quarantined, never merged", true},
		{"never mark a test as flaky without a ticket", true},
	} {
		out := reduceAll(t, "> user\nfix the home flow test\n> assistant\non it\n> user\n"+c.say+"\n")
		if c.rule {
			expect(t, out, []string{`constraint `}, nil)
		} else {
			expect(t, out, nil, []string{`constraint `})
		}
	}
}
