package projection

import (
	"slices"
	"strings"
)

// Indonesian cues (lexicon.go), formal and as developers type it in
// Jakarta style ("gw/gue", "lu/lo", "nggak/gak/ga", "udah"), which reads
// Malay too where the two share their words ("tidak", "jangan", "boleh",
// "sudah"). Indonesian puts its words in English order (subject, verb,
// object; "jangan push ke main": do not push to main), so the gloss is
// word for word, with a few fixes (fixID): the particles that soften a
// sentence ("ya", "dong", "deh", "sih", "aja") say nothing, except "ya"
// or a negation alone, which answer; a negation after a pronoun is
// "don't" ("kita nggak pake Redis": we don't use Redis); "jadi" before a
// number after a change is "to" ("ganti timeout jadi 20"); a name with
// "-nya" before its number is the setting ("timeout-nya 30 detik": the
// timeout is 30 seconds); "boleh"/"bebas" after what they free ("Redis
// sekarang boleh") is "is allowed now"; and "biar gw aja yang …", "gw
// yang handle" keep a task for the user ("I'll … myself").
var lexID = []lexEntry{
	{catNever, "never", "jangan_pernah jangan_sekali-kali jangan_sampai_pernah dilarang dilarang_keras tidak_pernah_boleh"},
	{catNever, "do not", "jangan janganlah jgn jangan_lagi"},
	{catNever, "do not", "nggak_usah gak_usah ga_usah gausah gaush nggausah tidak_usah tak_usah ndak_usah enggak_usah ngga_usah gk_usah kagak_usah"},
	{catNever, "must not", "tidak_boleh gak_boleh nggak_boleh ga_boleh enggak_boleh ngga_boleh gk_boleh tak_boleh ndak_boleh kagak_boleh gaboleh jangan_sampai"},
	{catNever, "not", "tidak nggak gak ga enggak engga ngga gk tak ndak kagak bukan"},
	{catNever, "without", "tanpa"},
	{catNever, "no", "tanpa_ada"},
	{catMust, "must", "harus wajib mesti musti kudu diwajibkan"},
	{catMust, "always", "selalu senantiasa"},
	{catMust, "every time", "setiap_kali tiap_kali tiap_ada setiap_ada"},
	{catMust, "only", "hanya cuma cuman"},
	{catMust, "make sure", "pastikan pastiin pastikanlah"},
	{catMust, "from now on", "mulai_sekarang dari_sekarang ke_depannya mulai_hari_ini seterusnya"},
	{catMust, "at most", "maksimal maks paling_banyak maksimum"},
	{catMust, "at least", "minimal paling_sedikit setidaknya minimum"},
	{catUse, "use", "pakai pake gunakan gunain menggunakan memakai pakailah pakein"},
	{catUse, "prefer", "lebih_suka mending mendingan lebih_baik"},
	{catInstead, "instead of", "daripada ketimbang alih-alih"},
	{catInstead, "instead", "sebagai_gantinya gantinya"},
	{catInstead, "switch to", "pindah_ke beralih_ke ganti_pake ganti_ke"},
	{catExcept, "except", "kecuali selain"},
	{catExcept, "unless", "kecuali_kalau kecuali_kalo kecuali_jika kecuali_bila"},
	{catExcept, "an exception", "pengecualian"},
	{catExcept, "the rest", "sisanya"},
	{catExcept, "still", "tetap tetep masih"},
	{catLift, "no longer applies", "tidak_berlaku_lagi gak_berlaku_lagi nggak_berlaku_lagi ga_berlaku_lagi udah_gak_berlaku udah_nggak_berlaku sudah_tidak_berlaku dicabut"},
	{catLift, "no longer", "udah_nggak udah_gak udah_ga sudah_tidak tidak_lagi nggak_lagi gak_lagi"},
	{catLift, "you can now", "sekarang_boleh udah_boleh sudah_boleh boleh_sekarang sekarang_udah_boleh sekarang_sudah_boleh"},
	{catLift, "you are free to", "bebas"},
	{catLift, "may", "boleh diperbolehkan dibolehkan diizinkan"},
	{catLift, "now", "sekarang skrg skrang"},
	{catLift, "again", "lagi kembali"},
	{catLift, "drop the rule", "hapus_aturan cabut_aturan"},
	{catRelative, "halve it", "jadiin_setengahnya jadikan_setengahnya setengahin bagi_dua potong_setengah"},
	{catRelative, "double", "gandakan dobelin lipatgandakan dua_kali_lipat"},
	{catRelative, "in half", "setengahnya setengah"},
	{catRelative, "increase", "naikin naikkan naikan menaikkan tambahin gedein besarin perbesar"},
	{catRelative, "reduce", "turunin turunkan menurunkan kurangin kurangi kecilin kecilkan perkecil"},
	{catRelative, "revert", "balikin kembalikan balikkan"},
	{catRelative, "to the old value", "ke_yang_lama ke_semula seperti_semula kayak_semula kayak_dulu kayak_tadi"},
	{catRelative, "set", "set setel atur setting"},
	{catRelative, "change", "ganti ubah ubahin gantiin mengubah mengganti"},
	{catRelative, "seconds", "detik dtk"},
	{catRelative, "minutes", "menit mnt"},
	{catRelative, "hours", "jam"},
	{catRelative, "days", "hari"},
	{catRelative, "percent", "persen"},
	{catQuestion, "I don't know", "gak_tau nggak_tau ga_tau gatau tidak_tahu nggak_tahu gak_tahu enggak_tau kurang_tau belum_tau"},
	{catQuestion, "I'm not sure", "gak_yakin nggak_yakin tidak_yakin kurang_yakin belum_yakin ga_yakin"},
	{catQuestion, "unclear", "belum_jelas gak_jelas nggak_jelas tidak_jelas"},
	{catQuestion, "open question", "pertanyaan_terbuka"},
	{catQuestion, "question", "pertanyaan"},
	{catQuestion, "whether", "apakah"},
	{catQuestion, "can", "bisakah bisa_gak bisa_nggak bisa_ga bisa_enggak bisa_tidak"},
	{catQuestion, "may I", "bolehkah boleh_gak boleh_nggak boleh_ga"},
	{catQuestion, "must", "haruskah"},
	{catQuestion, "how", "gimana bagaimana gmn"},
	{catQuestion, "why", "kenapa mengapa knp"},
	{catChoice, "let's go with", "kita_pilih kita_ambil pilih_yang ambil_yang"},
	{catChoice, "go with", "pilih ambil"},
	{catChoice, "option", "opsi pilihan"},
	{catChoice, "the first one", "yang_pertama opsi_pertama pilihan_pertama"},
	{catChoice, "the second one", "yang_kedua opsi_kedua pilihan_kedua"},
	{catChoice, "the third one", "yang_ketiga opsi_ketiga pilihan_ketiga"},
	{catAnswer, "yes", "ya iya iyaa iyap yoi yup yap betul bener"},
	{catAnswer, "ok", "oke oce okey sip siap baiklah"},
	{catAnswer, "agreed", "setuju sepakat"},
	{catAnswer, "no wait", "eh_salah eh_bukan salah_ding ralat eh_ralat"},
	{catAnswer, "sorry", "maaf sori"},
	{catAnswer, "thanks", "makasih makasi terima_kasih trims tq"},
	{catGiveUp, "forget it", "udahlah sudahlah lupain lupakan lupain_aja lupakan_saja udah_lah"},
	{catGiveUp, "skip it", "skip_aja skip_dulu skip_saja lewatin_aja lewati_saja"},
	{catGiveUp, "leave it", "biarin_aja biarin biarkan_saja biarkan biarin_dulu"},
	{catGiveUp, "is not needed", "gak_perlu nggak_perlu tidak_perlu ga_perlu enggak_perlu"},
	{catGiveUp, "ignore", "abaikan abaikan_aja cuekin"},
	{catDone, "remember to", "jangan_lupa inget ingat"},
	{catDone, "before", "sebelum"},
	{catDone, "done", "udah_beres sudah_beres beres udah_selesai sudah_selesai selesai kelar udah_kelar"},
	{catDone, "works now", "udah_jalan sudah_jalan udah_bisa sudah_bisa udah_jalan_lagi"},
	{catDone, "it worked", "berhasil sukses"},
	{catDone, "is green now", "udah_hijau sudah_hijau udah_ijo"},
	{catDone, "still red", "masih_merah tetep_merah tetap_merah"},
	{catDone, "green", "hijau ijo"},
	{catDone, "red", "merah"},
	{catDone, "passes", "lulus"},
	{catAttempt, "still fails", "masih_error masih_gagal masih_fail masih_failed masih_rusak tetap_gagal tetep_gagal tetep_error masih_belum_jalan masih_gak_jalan masih_nggak_jalan"},
	{catAttempt, "I tried", "udah_coba sudah_coba udah_nyoba sudah_mencoba udah_dicoba"},
	{catAttempt, "didn't work", "gak_berhasil nggak_berhasil tidak_berhasil ga_berhasil gak_mempan nggak_mempan"},
	{catAttempt, "doesn't work", "gak_jalan nggak_jalan tidak_jalan ga_jalan tidak_berfungsi gak_berfungsi"},
	{catAttempt, "made no difference", "sama_aja sama_saja tetap_sama"},
	{catAttempt, "fails", "gagal"},
	{catGoal, "Goal", "tujuan tujuannya sasaran"},
	{catGoal, "Task", "tugas tugasnya"},
	{catGoal, "change of plans", "ganti_rencana ganti_plan rencana_berubah perubahan_rencana ubah_rencana ganti_prioritas ubah_prioritas prioritas_berubah"},
	{catGoal, "the urgent thing", "yang_urgent yang_mendesak yang_paling_urgent yang_paling_mendesak"},
	{catGoal, "now focus on", "sekarang_fokus_ke sekarang_fokus_di fokus_ke fokus_dulu_ke"},
	{catGoal, "new priority", "prioritas_baru"},
	{catGoal, "priority", "prioritas"},
	{catGoal, "later", "nanti_aja ntar_aja nanti_dulu nanti_saja belakangan"},
	{catGoal, "postpone", "tunda tunda_dulu"},
	{catGoal, "on hold", "ditunda ditunda_dulu ditunda_aja ditunda_dulu_aja"},
	{catGoal, "for now", "untuk_sekarang buat_sekarang sementara_ini untuk_sementara"},
	{catRules, "rules", "aturan peraturan ketentuan aturannya"},
	{catRules, "make it a rule", "jadiin_aturan jadikan_aturan bikin_aturan jadiin_rule"},
	{catRelay, "says", "bilang katanya"},
	{catRelay, "according to", "kata menurut"},
	{catRelay, "wants", "maunya minta"},
	{catFunction, "I'll", "nanti_saya nanti_aku nanti_gw nanti_gue saya_akan aku_akan gw_bakal gue_bakal saya_bakal aku_bakal"},
	{catFunction, "probably", "kayaknya kayanya sepertinya kelihatannya tampaknya"},
	{catFunction, "maybe", "mungkin barangkali jangan-jangan"},
	{catFunction, "please", "tolong mohon silakan"},
	{catFunction, "fix", "benerin betulin perbaiki perbaikin"},
	{catFunction, "make", "bikin bikinin buatin"},
	{catFunction, "add", "tambah tambahkan"},
	{catFunction, "delete", "hapus apus hapusin"},
	{catFunction, "run", "jalanin jalankan menjalankan"},
	{catFunction, "check", "cek ngecek cekin periksa"},
	{catFunction, "try", "coba cobain"},
	{catFunction, "write", "tulis nulis tulisin"},
	{catFunction, "install", "pasang instal pasangin"},
	{catFunction, "touch", "sentuh nyentuh utak-atik ngoprek"},
	{catFunction, "move", "pindahin pindahkan"},
	{catFunction, "send", "kirim kirimin"},
	{catFunction, "wait", "tunggu nunggu"},
	{catFunction, "handle", "urus urusin tanganin"},
	{catFunction, "need to", "perlu"},
	{catFunction, "can", "bisa"},
	{catFunction, "will", "akan bakal"},
	{catFunction, "want to", "mau pengen ingin"},
	{catFunction, "make it", "jadiin jadikan"},
	{catFunction, "so", "jadi"},
	{catFunction, "I", "gw gue gua aku saya"},
	{catFunction, "you", "lu lo elo elu kamu anda"},
	{catFunction, "we", "kita kami"},
	{catFunction, "this", "ini"},
	{catFunction, "that", "itu tersebut"},
	{catFunction, "that", "yang"},
	{catFunction, "and", "dan serta"},
	{catFunction, "or", "atau ato"},
	{catFunction, "but", "tapi tetapi namun"},
	{catFunction, "then", "terus trus lalu kemudian abis_itu habis_itu setelah_itu"},
	{catFunction, "because", "karena soalnya karna krn sebab"},
	{catFunction, "so that", "biar supaya agar"},
	{catFunction, "if", "kalau kalo jika bila apabila"},
	{catFunction, "to", "ke"},
	{catFunction, "from", "dari"},
	{catFunction, "in", "di"},
	{catFunction, "on", "pada"},
	{catFunction, "for", "untuk utk"},
	{catFunction, "with", "dengan dgn sama"},
	{catFunction, "after", "setelah sesudah"},
	{catFunction, "until", "sampai sampe hingga"},
	{catFunction, "not yet", "belum blm"},
	{catFunction, "already", "udah sudah dah"},
	{catFunction, "also", "juga jg"},
	{catFunction, "all", "semua semuanya"},
	{catFunction, "every", "setiap tiap"},
	{catFunction, "first", "dulu duluan"},
	{catFunction, "later", "nanti ntar entar"},
	{catFunction, "tomorrow", "besok"},
	{catFunction, "today", "hari_ini"},
	{catFunction, "there is", "ada"},
	{catFunction, "what", "apa"},
	// the particles that soften a sentence say nothing ("ya" that does
	// not open its clause: fixID)
	{catFunction, "", "dong deh sih kok nih tuh kan lho loh yah aja saja doang banget"},
}

// stopID are Indonesian function words no English word nor another
// lexicon's function word writes (not "ya", Spanish's and Hinglish's; not
// "ke", Hinglish's; not "kita", "lagi", "kami", Tagalog's; not "aja",
// "kok", "mau", Javanese's too; not "lo", "lu", "gw", names and code),
// for detection.
const stopID = `nya di yang dan ini itu untuk dengan tidak nggak gak enggak ngga udah sudah belum jangan saja dong deh sih gue aku saya kamu harus bisa juga tapi terus kalau kalo karena soalnya biar supaya sekarang masih boleh tolong dulu pakai pake bikin gimana bagaimana kenapa apakah kayaknya mungkin semua setiap selalu dari udahlah banget nanti kecuali makasih buat sampai gimana tetap tetep`

// idNotWords are function words of the languages that share words with
// Indonesian and are none of its own: Javanese ("ora", "iki", "wis",
// "karo", "kowe": "aku", "aja", "bisa" are both's) and Tagalog ("ang",
// "mga", "hindi", "huwag"). As many of them as the message has
// Indonesian function words name no Indonesian message.
var idNotWords = wordSet(`ora iki kuwi iku wis uwis wes karo kowe koen durung ning nang yen nek wae piye kudu iso ngono ngene mboten sampun ingkang kanggo saka lan opo ojo arep gelem ae ` +
	`ang mga ng sa hindi huwag wag naman talaga yung kasi po ako ikaw siya sila kayo niya nila ito iyan iyon dito doon wala meron lang din rin ba pero para`)

// idPronouns are the glosses of the pronouns before which a negation
// is "don't" ("kita nggak pake Redis") and a first person keeps a task
// ("gw yang handle").
var idPronouns = map[string]bool{"I": true, "you": true, "we": true}

// idMe are the words of the first person.
var idMe = wordSet(`gw gue gua aku saya`)

// idEnglishToo are the lexicon's function words that are English words,
// names or code too ("gw" a gateway, "lo", "ada"): they stay in slugs
// and terms.
var idEnglishToo = wordSet(`gw lo lu ga gk ada apa sama set setting jam di ke dan tak pas atur ambil oke ok maks kata bisa mau tunggu cek`)

// idTokens are an Indonesian message's words, each marked when a number
// follows it ("jadi 20", "timeout-nya 30").
func idTokens(text string) []glossTok {
	toks := latinWords(text)
	for i := range toks {
		if toks[i].start >= 0 && toks[i].end <= len(text) {
			toks[i].numAfter = numberAfter(text[toks[i].end:])
		}
	}
	return toks
}

func fixID(toks []glossTok) {
	for i := range toks {
		t := &toks[i]
		if t.start < 0 || !t.keep {
			continue
		}
		if name, ok := strings.CutSuffix(t.text, "-nya"); ok && name != "" {
			// "timeout-nya 30 detik": the timeout is 30 seconds
			t.keep, t.en = false, name
			if t.numAfter {
				t.post = "is"
			}
			continue
		}
		for _, p := range []string{"di-", "ke-", "nge-", "ng-"} {
			if rest, ok := strings.CutPrefix(t.low, p); ok && isLatinWord(rest) && len(rest) >= 3 {
				// "di-push", "ke-merge", "nge-push": the code word's verb
				t.keep, t.en = false, t.text[len(p):]
			}
		}
	}
	for _, cl := range glossClauses(toks) {
		fixIDClause(cl)
	}
	fixSetting(toks)
	fixArticleless(toks)
}

// fixIDClause reads one clause (see lexID).
func fixIDClause(cl []glossTok) {
	said := -1 // the first word that says something
	words := 0
	for i := range cl {
		if cl[i].start < 0 || !cl[i].keep && cl[i].en == "" {
			continue
		}
		if said < 0 {
			said = i
		}
		words++
	}
	change := false
	for i := range cl {
		t := &cl[i]
		if t.start < 0 || t.keep {
			continue
		}
		switch {
		case t.low == "ya" || t.low == "yah":
			if i != said {
				t.en = "" // "jangan tulis password ke repo ya"
			}
		case t.en == "not" && words == 1:
			// "nggak." alone answers
			t.en = "no"
		case t.en == "not" && i > 0 && !cl[i-1].keep && idPronouns[cl[i-1].en]:
			t.en = "don't"
		case t.en == "I don't know" && i > 0 && !cl[i-1].keep && cl[i-1].en == "I":
			cl[i-1].en = "" // "gw gak tau"
		case t.en == "again" && t.low == "lagi" && idWordAfter(cl[i+1:]):
			// "lagi dikeringkan": being drained, not again
			t.en = ""
		case t.en == "revert" && i+1 < len(cl) && cl[i+1].start >= 0 && (cl[i+1].keep || strings.HasSuffix(cl[i+1].low, "-nya")):
			t.en, change = "revert the", true // "balikin timeout-nya"
		case t.en == "change" || t.en == "set" || t.en == "increase" || t.en == "reduce" || t.en == "revert":
			change = true
		case t.en == "an exception" && (i > 0 && cl[i-1].start >= 0 && cl[i-1].keep || t.numBefore && !(i > 0 && cl[i-1].en == "there is")):
			// "0007 pengecualian", "file ini pengecualian": the thing is
			// an exception (no copula); "ada 2 pengecualian" is not
			t.en = "is an exception"
		case t.en == "hours" && t.numAfter:
			t.en = "at" // "jam 16.00": a time of day, not hours
		case t.en == "so" && t.numAfter && change:
			t.en = "to" // "ganti timeout jadi 20"
		case (t.en == "you can now" || t.en == "you are free to" || t.en == "may") && !idWordAfter(cl[i+1:]) && idWordBefore(cl[:i]):
			// "Redis sekarang boleh": what it frees said before it
			t.en = "is allowed now"
		}
	}
	if said >= 0 && said+1 < len(cl) && strings.HasSuffix(cl[said].low, "-nya") && !cl[said+1].keep {
		// "timeout-nya dobelin": the setting, then what to do with it
		switch v := cl[said+1].en; v {
		case "set", "reduce", "increase", "double", "halve", "change", "revert", "make it":
			cl[said].pre = strings.TrimSpace(strings.TrimSuffix(v, " it") + " the " + cl[said].pre)
			cl[said+1].en = ""
		}
	}
	fixIDOwn(cl)
}

// idWordAfter reports whether a word of the user's own (no gloss, or a
// verb's) follows in ts.
func idWordAfter(ts []glossTok) bool {
	for _, t := range ts {
		if t.start < 0 {
			return false
		}
		if t.keep || t.cat == catFunction && t.en != "" || t.cat == catUse {
			return true
		}
	}
	return false
}

// idWordBefore reports whether ts holds a word kept as written.
func idWordBefore(ts []glossTok) bool {
	return slices.ContainsFunc(ts, func(t glossTok) bool { return t.start >= 0 && t.keep })
}

// fixIDOwn reads the user keeping a task: "biar gw aja yang handle
// migrasinya", "gw yang handle", "saya sendiri yang deploy" are "I'll
// handle migrasinya myself".
func fixIDOwn(cl []glossTok) {
	me := -1
	for i := range cl {
		if cl[i].start >= 0 && idMe[cl[i].low] {
			me = i
			break
		}
	}
	if me < 0 {
		return
	}
	j := me + 1
	for j < len(cl) && cl[j].start >= 0 && (cl[j].low == "aja" || cl[j].low == "saja" || cl[j].low == "sendiri") {
		j++
	}
	if j+1 >= len(cl) || cl[j].low != "yang" || cl[j+1].start < 0 || !(cl[j+1].keep || cl[j+1].cat == catFunction && cl[j+1].en != "") {
		return
	}
	for k := 0; k < me; k++ {
		if cl[k].low == "biar" || cl[k].low == "biarin" {
			cl[k].keep, cl[k].en = false, ""
		}
	}
	cl[me].keep, cl[me].en = false, "I'll"
	for k := me + 1; k <= j; k++ {
		cl[k].keep, cl[k].en = false, ""
	}
	last := len(cl) - 1
	for last > j && cl[last].start < 0 {
		last--
	}
	cl[last].post = strings.TrimSpace(cl[last].post + " myself")
}

func lexiconID() *lexicon {
	lx := compileLexicon(lexID, stopID, fixID, false)
	lx.comma = true
	lx.squeeze = true
	lx.tokens = idTokens
	lx.words = slices.DeleteFunc(strings.Fields(stopID), func(w string) bool { return idEnglishToo[w] })
	return lx
}
