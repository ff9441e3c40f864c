package projection

import (
	"strings"
	"testing"
)

const hiIntro = "Hi, aaj hum checkout service aur uske payment worker pe kaam karenge."

// TestHindiRules: a Hinglish rule is read with its negation and verb
// last ("… kabhi commit mat karo", "… push nahi karna hai", "… chalana
// zaroori hai"), relayed ("Kavya bol rahi thi ki …"), and quoted in the
// user's words; a "nahi" that only negates ("pata nahi kyun nahi chal
// raha", "ye kaam nahi kar raha") states no rule.
func TestHindiRules(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"API keys ko repo mein kabhi commit mat karo.", "API keys ko repo mein kabhi commit mat karo"},
		{"bhai main pe direct push nahi karna hai, PR se hi merge karna.", "main pe direct push nahi karna hai"},
		{"deploy se pehle tests chalana zaroori hai.", "deploy se pehle tests chalana zaroori hai"},
		{"humesha commit message English mein likhna.", "humesha commit message English mein likhna"},
		{"sirf pnpm use karna.", "sirf pnpm use karna"},
		{"Kavya bol rahi thi ki staging DB ko reset mat karna.", "staging DB ko reset mat karna"},
		{"koi naya dependency nahi chahiye.", "naya dependency nahi chahiye"},
		{"ab se tests ke bina merge mat karna.", "tests ke bina merge mat karna"},
		{"koi bhi secret .env file mein commit nahi hona chahiye.", "secret .env file mein commit nahi hona chahiye"},
		{"please prod pe kuch bhi deploy mat karna.", "prod pe kuch bhi deploy mat karna"},
		{"code review ke baad hi merge karna.", "code review ke baad hi merge karna"},
		{"force push mat kijiye.", "force push mat kijiye"},
		{"bas pnpm hi use karna.", "bas pnpm hi use karna"},
	} {
		if got := rulesAfter(hiIntro, c.text); !has(got, "active", c.want) {
			t.Errorf("%q: %q", c.text, got)
		}
	}
	for _, s := range []string{"pata nahi kyun nahi chal raha.", "ye kaam nahi kar raha, logs dekho.", "mujhe nahi pata ye test kyun fail ho raha hai.", "build abhi tak pass nahi hua.", "kal main chhutti pe hoon.", "ye sab theek hai, bas logs check karna."} {
		if got := rulesAfter(hiIntro, s); len(got) != 0 {
			t.Errorf("%q: no rule, got %q", s, got)
		}
	}
	got := rulesAfter(hiIntro, "vendor/ ko mat chhedo.", "vendor/ ab update kar sakte ho.")
	if !has(got, "lifted", "vendor/ ko mat chhedo") {
		t.Errorf("lift: %q", got)
	}
	got = rulesAfter(hiIntro, "hamesha tests chalana.", "tests chalane ki zaroorat nahi.")
	if !has(got, "lifted", "hamesha tests chalana") {
		t.Errorf("lift by no need: %q", got)
	}
	got = rulesAfter(hiIntro, "schema.sql ko kabhi haath mat lagana.", "schema.sql ab allowed hai.")
	if !has(got, "lifted", "schema.sql ko kabhi haath mat lagana") {
		t.Errorf("lift by allowed: %q", got)
	}
	// a permission for one thing, the rest kept: the rule stays, with
	// its exception
	got = rulesAfter(hiIntro, "koi naya dependency add mat karna.", "Kavya ne bola date-fns add kar sakte ho calendar widget ke liye, aur kuch nahi.")
	if !has(got, "active", "koi naya dependency add mat karna — except: Kavya ne bola date-fns") {
		t.Errorf("partial lift: %q", got)
	}
}

// TestHindiSettings: a setting told with its value before its verb
// ("timeout ko 30 second kar do", "retries 3 se 5 kar do"), changed by an
// amount ("isko 20 second badha do", "16 kam kar do"), doubled, halved,
// in another unit ("2 minute"), one more, corrected in the same breath
// ("5 kar do, nahi nahi 7") and put back ("wapas pehle jaisa kar do").
func TestHindiSettings(t *testing.T) {
	checkValues(t, hiIntro, []valueCase{
		{[]string{"timeout ko 30 second kar do.", "isko 20 second badha do."}, "50 seconds"},
		{[]string{"timeout 30 second kar do.", "timeout double kar do."}, "60 seconds"},
		{[]string{"limit 40 kar do.", "limit aadha kar do."}, "20"},
		{[]string{"batch size 64 kar do.", "isko 16 kam kar do."}, "48"},
		{[]string{"retries 3 se 5 kar do."}, "5"},
		{[]string{"workers 5 kar do, nahi nahi 7."}, "7"},
		{[]string{"timeout 90 second kar do.", "timeout ko 2 minute kar do."}, "2 minutes"},
		{[]string{"timeout 2 minute kar do.", "isko 1 minute badha do."}, "3 minutes"},
		{[]string{"cache TTL 2 ghante kar do."}, "2 hours"},
		{[]string{"workers 4 kar do.", "ek aur worker add karo."}, "5"},
		{[]string{"limit 40 kar do.", "limit 60 kar do.", "limit wapas pehle jaisa kar do."}, "40"},
		{[]string{"limit 40 kar do.", "limit 60 kar do.", "limit revert kar do."}, "40"},
		{[]string{"timeout 30 kar do.", "timeout badha ke 60 kar do."}, "60"},
		{[]string{"learning rate 0.001 rakho."}, "0.001"},
	})
}

// TestHindiDecisionsTasksQuestions: "A ki jagah B le lete hain" chooses
// B; "yaad se", "… mat bhoolna", "friday tak" set tasks; not knowing yet
// ("abhi confirm nahi hai ki", "sure nahi hoon ki") is an open question;
// an attempt with its verdict ("try kiya tha par kaam nahi kiya") is
// negative knowledge.
func TestHindiDecisionsTasksQuestions(t *testing.T) {
	if got := anchorsAfter(hiIntro, "chalo Kafka ki jagah RabbitMQ le lete hain."); !hasAnchor(got, "decision active", "RabbitMQ") || hasAnchor(got, "decision active", "Kafka") {
		t.Errorf("choice: %q", got)
	}
	for _, c := range []struct{ text, want string }{
		{"yaad se README update kar dena.", "README update"},
		{"friday tak migration script review kar dena.", "migration script review"},
		{"kaam khatam karne se pehle CHANGELOG update karna mat bhoolna.", "CHANGELOG update"},
		{"kal tak PR raise kar dena.", "PR raise"},
	} {
		if got := obligationsAfter(hiIntro, c.text); len(got) != 1 || !strings.Contains(got[0], c.want) {
			t.Errorf("task %q: %q", c.text, got)
		}
	}
	for _, c := range []struct{ text, want string }{
		{"abhi confirm nahi hai ki Redis chahiye ya nahi.", "Redis chahiye"},
		{"sure nahi hoon ki IPv6 chahiye.", "IPv6"},
		{"kya humein Kafka chahiye? abhi decide nahi kiya.", "Kafka"},
	} {
		if got := questionsAfter(hiIntro, c.text); !has(got, "open", c.want) {
			t.Errorf("question %q: %q", c.text, got)
		}
	}
	if got := anchorsAfter(hiIntro, "humne connection pooling try kiya tha par kaam nahi kiya."); !hasAnchor(got, "negative-knowledge active", "connection pooling try kiya tha") {
		t.Errorf("attempt: %q", got)
	}
}

// TestHindiGloss: the gloss puts the mode and the verb said last before
// their object, and maps back to the user's words.
func TestHindiGloss(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"prod DB ko kabhi touch mat karna.", "never touch prod DB"},
		{"main branch pe direct push nahi karna hai.", "do not push on main branch"},
		{"timeout ko 40 second kar do.", "set the timeout to 40 seconds"},
		{"retries 3 se 5 kar do.", "set the retries from 3 to 5"},
		{"isko double kar do.", "double it"},
		{"legacy/ folder ab edit kar sakte ho.", "you can now edit legacy/ folder"},
		{"chalo MySQL ki jagah Postgres le lete hain.", "let's go with Postgres instead of MySQL"},
		{"Kavya ke hisaab se staging pe deploy friday ko nahi karna hai.", "according to Kavya do not deploy on staging"},
	} {
		g := glossOf(c.text, langHI)
		if g == nil || !strings.Contains(g.text, c.want) {
			t.Errorf("gloss of %q = %v, want %q", c.text, g, c.want)
			continue
		}
		// words glossed away before the first that stays ("chalo MySQL
		// ki jagah …") are outside every quote
		if back, ok := g.back(g.text); !ok || back == "" || !strings.HasSuffix(c.text, back) {
			t.Errorf("back(gloss of %q) = %q, %v", c.text, back, ok)
		}
	}
	g := glossOf("timeout ko 40 second kar do.", langHI)
	if back, ok := g.back("the timeout"); !ok || back != "timeout" {
		t.Errorf("back(the timeout) = %q, %v", back, ok)
	}
}

// TestDetectHindi: Hinglish is told by its own function words, however
// many English tech words it holds; English with Hindi-looking words
// ("hi", "to", "me", "ho"), Indonesian ("ke", "tidak") and Spanish or
// Italian ("se", "hai") are not Hindi; a short Hinglish message after
// Hinglish is.
func TestDetectHindi(t *testing.T) {
	for _, c := range []struct {
		text string
		want lang
	}{
		{"bhai ye PR merge karne se pehle CI green hona chahiye", langHI},
		{"main branch pe direct push nahi karna hai", langHI},
		{"timeout ko 40 second kar do", langHI},
		{"Docker image rebuild karo aur staging pe deploy kar do, phir logs check karna", langHI},
		{"kubectl rollout status dekho, pods abhi bhi CrashLoopBackOff mein hain", langHI},
		{"hi there, can you send me the logs to check?", langNone},
		{"Use the kar tool to build the hai service and push it to main.", langNone},
		{"Jangan ubah file konfigurasi ke server produksi, tolong.", langID}, // Indonesian, never Hindi
		{"No toques el esquema, se rompe todo.", langES},
		{"Hai ragione, non toccare il file di configurazione.", langIT},
	} {
		if got := detectLang(c.text, langNone); got != c.want {
			t.Errorf("detectLang(%q) = %s, want %s", c.text, langCodes[got], langCodes[c.want])
		}
	}
	// "ho" is Italian's too ("ho fatto"): these are never Hindi, whatever
	// else they are read as
	for _, s := range []string{"ho ho ho, the release is out", "to me it looks fine", "se", "na na na", "par for the course, ship it"} {
		if got := detectLang(s, langNone); got == langHI {
			t.Errorf("detectLang(%q) = hi", s)
		}
	}
	if got := detectLang("retries 3 se 5 kar do", langHI); got != langHI {
		t.Errorf("short Hinglish after Hinglish = %s", langCodes[got])
	}
	if got := detectLang("run the tests again and send me the log", langHI); got != langNone {
		t.Errorf("English after Hinglish = %s", langCodes[got])
	}
	if g := glossOf("Set it to 40 seconds, then push to main.", langNone); g != nil {
		t.Errorf("English glossed: %q", g.text)
	}
}
