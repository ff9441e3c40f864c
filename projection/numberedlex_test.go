package projection

import "testing"

// TestNumberedAnswersEveryLexicon: numbered questions answered by number
// in any lexicon's language ("1 anulować 2 nie 3 zostaw na później, …",
// "1 haan 2 haan 3 abhi decide nahi hua, …", "1 ja. 3 zet maar op 60"):
// a yes or a no and a free answer are each their own decision, the same
// word twice too; "later" and "not decided yet" put a question off; a
// yes/no question the reply passes over, after a lead ("I przy okazji:
// czy …?"), stays open, not answered. Near misses: a reply that counts,
// one that runs on before its last answer, a bare "later, ask Tom" run
// into prose, questions not numbered, prose that skips a number after
// a comma.
func TestNumberedAnswersEveryLexicon(t *testing.T) {
	const askPL = "Mam kilka pytań:\n1. Duplikaty usuwać czy oznaczać jako anulowane?\n2. Czy wysyłać SMS do klientów?\n3. Czy indeks dzienny jest w ogóle potrzebny?\nI przy okazji: czy dodać rate limiting na endpoint rezerwacji?"
	const askHI = "Kuch sawaal:\n1. Banner dev mein default ON rahe?\n2. prod mein default OFF rahe?\n3. Banner pe click karke kahan jaana hai — menu screen ya offer detail?\nAur ek baat: kya `minimumFetchInterval` kam karein dev ke liye?"
	const askEN = "A few questions:\n1. Delete the duplicates or mark them cancelled?\n2. Should we text the customers?\n3. Is the daily index needed at all?\nAlso: should I add rate limiting to the booking endpoint?"
	const askNL = "Drie vragen:\n1. de oude endpoints laten staan zolang de flag uit is?\n2. moet de flag ook per tenant kunnen?\n3. CommandTimeout: 30 s goed, of hoger?"
	const open = `uncertainty question/-/\S+ \[hypothesis/normative\] = `
	for _, c := range []struct {
		name, agent, reply string
		want, never        []string
	}{
		{"pl (B22)", askPL, "1 anulować 2 nie 3 zostaw na później, pogadam z Tomkiem",
			[]string{`= anulować \(was Duplikaty`, `= nie \(was Czy wysyłać SMS`, open + `Czy indeks dzienny .* — zostaw na później`, open + `I przy okazji: czy dodać rate limiting .* — not answered`},
			[]string{`constraint/`, `decision/answer/zostaw`}},
		{"hi (C22)", askHI, "1 haan 2 haan 3 abhi decide nahi hua, baad mein batati hoon",
			[]string{`= haan \(was Banner dev`, `= haan \(was prod mein`, open + `Banner pe click .* — abhi decide nahi hua`, open + "Aur ek baat: kya `minimumFetchInterval` .* — not answered"},
			[]string{`question/-/1-haan`, `decision/answer/decide`}},
		{"hi later", askHI, "1 haan 2 nahi 3 baad mein batati hoon",
			[]string{`= haan \(was Banner dev`, `= nahi \(was prod mein`, open + `Banner pe click .* — baad mein batati hoon`}, nil},
		{"en", askEN, "1 mark them 2 no 3 leave it for later, I'll ask Tom",
			[]string{`= mark them \(was Delete`, `= no \(was Should we text`, open + `Is the daily index .* — leave it for later`, open + `Also: should I add rate limiting .* — not answered`}, nil},
		{"en yes yes undecided", askEN, "1 yes 2 yes 3 still undecided",
			[]string{`= yes \(was Delete`, `= yes \(was Should we text`, open + `Is the daily index .* — still undecided`}, nil},
		{"nl skips one (t12 C23)", askNL, "1 ja. 3 zet maar op 60",
			[]string{`= ja \(was de oude endpoints`, `= zet maar op 60 \(was CommandTimeout`, open + `moet de flag ook per tenant kunnen\? — not answered`}, nil},
		// Near misses.
		{"en counts", askEN, "1 retry 2 workers 3 pods",
			nil, []string{`\(was Should we text`}},
		{"en runs on early", askEN, "1 yes but first tell me why you want that now 2 no 3 later",
			nil, []string{`\(was Should we text`}},
		{"en not numbered", "Delete the duplicates? Should we text the customers?", "1 yes 2 no",
			nil, []string{`\(was Should we text`}},
		{"en comma skips", askEN, "1 yes, 3 no",
			nil, []string{`= no \(was Is the daily`}},
		{"en last answer runs on, not put off", askEN, "1 yes 2 no 3 keep the unique one only, drop the daily one",
			[]string{`= keep the unique one only \(was Is the daily`}, []string{open + `Is the daily index`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, "> user\nfix the bookings\n> assistant\n"+c.agent+"\n> user\n"+c.reply+"\n")
			expect(t, out, c.want, c.never)
		})
	}
}

// TestNumberVerbNamesLanguage: a short Polish message that says a value
// with its verb ("tries daj 5", "a zresztą nie, zostaw 3") is read in
// Polish: the verb is no part of the setting's key (m10). Near misses:
// "daj znać" and "zostaw to" say no value; English is read as ever.
func TestNumberVerbNamesLanguage(t *testing.T) {
	for _, c := range []struct {
		name, script string
		want, never  []string
	}{
		{"pl (m10)", "> user\nustaw SMS_QUEUE_TRIES=3 w .env\n> assistant\nok\n> user\ntries daj 5, gateway czasem długo odpowiada\n> assistant\nok\n> user\na zresztą nie, zostaw 3\n",
			[]string{`value value/-/sms_queue_tries \[current/normative\] = 3 \(was 5\)`}, []string{`tries_daj`, `value/-/zostaw`}},
		{"en", "> user\nset SMS_QUEUE_TRIES=3 in .env\n> assistant\nok\n> user\ntries make it 5, the gateway is slow sometimes\n> assistant\nok\n> user\nactually no, leave it at 3\n",
			[]string{`value value/-/sms_queue_tries \[current/normative\] = 3 \(was 5\)`}, nil},
		{"pl no number", "> user\nustaw SMS_QUEUE_TRIES=3 w .env\n> assistant\nok\n> user\ndaj znać jak skończysz\n",
			[]string{`value/-/sms_queue_tries \[current/normative\] = 3 @`}, []string{`value/-/daj`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, c.script), c.want, c.never)
		})
	}
}
