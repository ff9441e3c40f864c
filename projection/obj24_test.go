package projection

import "testing"

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
	} {
		out := reduceAll(t, "> user\n"+first+"\n> assistant\nlooking at the booking code\n> user\n"+c.say+"\n")
		if c.want != "" {
			expect(t, out, []string{`objective/session/goal \[active/normative\] = [^\n]*` + c.want + `[^\n]*\(was fix the double`}, nil)
		} else {
			expect(t, out, []string{`objective/session/goal \[active/normative\] = fix the double`}, nil)
		}
	}
}
