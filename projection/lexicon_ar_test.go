package projection

import (
	"slices"
	"strings"
	"testing"
)

const arIntro = "مرحبا، اليوم بنشتغل على خدمة الإشعارات والطابور حقها."

// TestArabicRules: an Arabic rule in MSA or dialect ("لا تعدّل", "ما
// تلمس", Egyptian "متلمسش", "ممنوع", "لازم", "يجب ألا", "دايماً",
// "أبداً", a proclitic glued on: "وممنوع"), a rule relayed with a name
// of its own, a prohibition after its condition, and a lift; a "لا" or "ما" that only negates ("ما أدري
// ليش ما اشتغل", "هذا ما يشتغل", "الخدمة لا تعمل") states no rule.
func TestArabicRules(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"لا تعدّل ملفات الـ migrations القديمة.", "لا تعدّل ملفات الـ migrations القديمة"},
		{"ما تلمس ملف الـ .env لو سمحت.", "ما تلمس ملف الـ .env"},
		{"متمسحش أي جدول في قاعدة البيانات.", "متمسحش أي جدول"},
		{"وممنوع تسوي force push على main.", "وممنوع تسوي force push"},
		{"لازم تشغّل كل الاختبارات قبل أي merge.", "لازم تشغّل كل الاختبارات"},
		{"يجب ألا تحذف أي بيانات من جدول users.", "يجب ألا تحذف أي بيانات"},
		{"دايماً اكتب رسائل الـ commit بالإنجليزي.", "دايماً اكتب رسائل الـ commit"},
		{"لا ترفع أي secrets على الـ repo أبداً.", "لا ترفع أي secrets"},
		{"سلمى تقول لا تغيّر إعدادات الـ nginx بدون مراجعة.", "سلمى تقول لا تغيّر إعدادات الـ nginx"},
		{"قال لي مازن ما تلمس الـ cron jobs.", "ما تلمس الـ cron jobs"},
		{"إذا فشل الـ build لا تسوي deploy.", "لا تسوي deploy"},
	} {
		if got := rulesAfter(arIntro, c.text); !has(got, "active", c.want) {
			t.Errorf("%q: %q", c.text, got)
		}
	}
	for _, s := range []string{"ما أدري ليش ما اشتغل.", "هذا ما يشتغل.", "الخدمة لا تعمل من امبارح، شوف الـ logs.", "لا.", "نص ساعة كفاية للتجربة.", "هل تقدر تشوف ليش الطابور بطيء؟", "لو الخدمة لا تعمل شوف الـ logs."} {
		if got := rulesAfter(arIntro, s); len(got) != 0 {
			t.Errorf("%q: no rule, got %q", s, got)
		}
	}
	got := rulesAfter(arIntro, "لا تعدّل أي شي في مجلد vendor/.", "الحين تقدر تعدّل مجلد vendor/ مرة ثانية.")
	if !has(got, "lifted", "لا تعدّل أي شي في مجلد vendor/") {
		t.Errorf("lift: %q", got)
	}
	got = rulesAfter(arIntro, "ممنوع تضيف مكتبات جديدة.", "ما عاد ممنوع تضيف مكتبات جديدة.")
	if !has(got, "lifted", "ممنوع تضيف مكتبات جديدة") {
		t.Errorf("lift of ممنوع: %q", got)
	}
	// a partial lift: the folder is open again, one path of it excepted
	got = rulesAfter(arIntro, "لا تعدّل أي شي في مجلد legacy/.", "الحين مسموح تعدّل مجلد legacy/، ما عدا legacy/db.")
	if !has(got, "lifted", "مجلد legacy/") {
		t.Errorf("partial lift: %q", got)
	}
}

// TestArabicSettings: a setting set ("اضبط X على N", "خلّي X N", "حط X
// N" with no preposition), changed by an amount ("زوّد X بـ 20 ثانية",
// "زوّد X ٢٠ ثانية", "قلل X بمقدار 25%"), doubled or halved ("ضاعف",
// "نصّف", "قلل X للنص", "زود X للضعف"), put back ("رجّعه زي ما كان"),
// and a number corrected mid-sentence ("٥، لا لحظة، ٧", "5 لا اقصد 7");
// Arabic-Indic digits and the Arabic decimal separator are numbers.
func TestArabicSettings(t *testing.T) {
	checkValues(t, arIntro, []valueCase{
		{[]string{"اضبط المهلة على 30 ثانية.", "زوّد المهلة بـ 20 ثانية."}, "50 seconds"},
		{[]string{"اضبط المهلة على ٣٠ ثانية.", "زوّد المهلة ٢٠ ثانية."}, "50 seconds"},
		{[]string{"خلّي الـ timeout ٤٠ ثانية.", "نصّف الـ timeout."}, "20 seconds"},
		{[]string{"اضبط المهلة على 30 ثانية.", "قلل المهلة للنص."}, "15 seconds"},
		{[]string{"اضبط المهلة على 30 ثانية.", "زود المهلة للضعف."}, "60 seconds"},
		{[]string{"اضبط المهلة على ٢٫٥ ثانية.", "ضاعفها."}, "5 seconds"},
		{[]string{"اضبط batch_size على ٦٤.", "قلل batch_size بمقدار 25%."}, "48"},
		{[]string{"خلّي عدد الـ workers ٨.", "ضاعف عدد الـ workers."}, "16"},
		{[]string{"اضبط الـ timeout على 30 ثانية.", "خليه 45.", "لا، رجّعه زي ما كان."}, "30 seconds"},
		{[]string{"اضبط المهلة على 40 ثانية.", "غيّر المهلة إلى 60 ثانية.", "رجّع المهلة زي ما كانت."}, "40 seconds"},
		{[]string{"اضبط المهلة على 3 دقائق.", "خليها دقيقتين."}, "2 minutes"},
		{[]string{"حط المهلة ٥، لا لحظة، ٧ ثواني."}, "7 seconds"},
		{[]string{"اضبط retries على 5 لا اقصد 7."}, "7"},
	})
	// a setting told first, then set ("والذاكرة خليها 4GB"), is that
	// setting, never a correction of the value told before it
	got := valuesAfter("خلّ الذاكرة 2GB للحاوية.", "Set the cache size to 512MB.", "والذاكرة خليها 4GB لو سمحت.")
	if len(got) != 2 || !slices.Contains(got, "4GB (was 2GB)") || !slices.Contains(got, "512MB (was )") {
		t.Errorf("a setting told first: %q", got)
	}
}

// TestArabicTasksQuestions: a task ("لا تنسى … قبل ما تخلص"), a
// question not known yet ("لسه مش عارف إذا", "مش متأكد هل"), a choice
// ("خلينا ناخذ X بدل Y", "نختار الخيار ب"), an attempt that failed
// ("جربنا … وما فرق شي") and a give-up are read, each quoted in the
// user's words.
func TestArabicTasksQuestions(t *testing.T) {
	if got := obligationsAfter(arIntro, "لا تنسى تحدّث الـ README قبل ما تخلص."); len(got) != 1 || !strings.Contains(got[0], "تحدّث الـ README") {
		t.Errorf("task: %q", got)
	}
	if got := questionsAfter(arIntro, "لسه مش عارف إذا نحتاج Redis أصلاً."); !has(got, "open", "نحتاج Redis") {
		t.Errorf("question: %q", got)
	}
	if got := questionsAfter(arIntro, "مش متأكد هل الطابور يتحمل الضغط؟"); !has(got, "open", "الطابور يتحمل الضغط") {
		t.Errorf("question with هل: %q", got)
	}
	if got := anchorsAfter(arIntro, "خلينا ناخذ RabbitMQ بدل Kafka."); !hasAnchor(got, "decision active", "RabbitMQ") {
		t.Errorf("choice: %q", got)
	}
	if got := anchorsAfter(arIntro, "نختار الخيار ب."); !hasAnchor(got, "decision active", "الخيار ب") {
		t.Errorf("choice of an option: %q", got)
	}
	if got := anchorsAfter(arIntro, "جربنا نزيد عدد الـ consumers الشهر الماضي وما فرق شي."); !hasAnchor(got, "negative-knowledge", "جربنا نزيد") {
		t.Errorf("attempt: %q", got)
	}
}

// TestArabicDetect: a message mostly in Arabic script is Arabic; one in
// Persian or Urdu (letters Arabic does not write) is in no lexicon's
// language, even after Arabic; English with an Arabic name or UI string
// stays English; a one-word Arabic reply takes Arabic.
func TestArabicDetect(t *testing.T) {
	for _, c := range []struct {
		text  string
		prior lang
		want  lang
	}{
		{"لا تعدّل ملف config.yaml لو سمحت.", langNone, langAR},
		{"ممكن تشوف الـ logs حق الـ worker؟", langNone, langAR},
		{"این فایل را تغییر نده، لطفا.", langAR, langNone}, // Persian
		{"یہ فائل تبدیل نہ کریں۔", langAR, langNone},       // Urdu
		{"Ask أحمد about the deploy before you merge it.", langNone, langNone},
		{"The button label should be 'حفظ التغييرات' in the RTL layout.", langNone, langNone},
		{"خلاص", langAR, langAR},
		{"Run the tests again and send me the log, please.", langAR, langNone},
	} {
		if got := detectLang(c.text, c.prior); got != c.want {
			t.Errorf("detectLang(%q) = %s, want %s", c.text, langCodes[got], langCodes[c.want])
		}
	}
	// Persian words never read as Arabic cues: no rule from "نده" or "لا"
	if got := rulesAfter("سلام، امروز روی سرویس پرداخت کار می‌کنیم.", "این فایل را تغییر نده."); len(got) != 0 {
		t.Errorf("Persian read as a rule: %q", got)
	}
}

// TestArabicGlossMapsBack: the gloss drops the marks, reads the
// proclitics and the Arabic punctuation, and every span maps back to the
// user's bytes, diacritics, tatweel and bidirectional marks included.
func TestArabicGlossMapsBack(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"لا تعدّل ملفَّ الإعداداتِ أبداً.", "never تعدل ملف الإعدادات"},
		{"ولا تلمس الـ\u200f config/prod.yaml ، من فضلك", "and do not تلمس"},
		{"خلّي المهلـــة ٤٠ ثانية؟", "set the المهلة to 40 seconds?"},
		{"لازم ما تستخدم eval؛ استخدم json.loads.", "must not"},
	} {
		g := glossOf(c.text, langAR)
		if g == nil || !strings.Contains(strings.Join(strings.Fields(g.text), " "), c.want) {
			t.Errorf("gloss of %q = %v, want it to contain %q", c.text, g, c.want)
			continue
		}
		if back, ok := g.back(g.text); !ok || back != strings.TrimSpace(c.text) {
			t.Errorf("back(gloss of %q) = %q, %v", c.text, back, ok)
		}
	}
	// a rule's quote is the user's bytes, marks and all
	text := "لا تعدّلْ ملفَّ الـ schema."
	got := rulesAfter(arIntro, text)
	if !has(got, "active", "لا تعدّلْ ملفَّ الـ schema") {
		t.Errorf("quote with marks: %q", got)
	}
}

// TestArabicOddInput: a lone mark, bidirectional marks, mixed scripts and
// broken UTF-8 are glossed and read without a panic.
func TestArabicOddInput(t *testing.T) {
	for _, s := range []string{
		"\u064b", "\u0651\u0651\u0651", "\u200f\u200e\u061c", "لا\u200f", "ب", "بـ", "بـ٥", "و", "ال", "٫", "٬٬", "١٬", "٢٫",
		"لا \xff تعدّل", "ما" + strings.Repeat("\u064e", 50), "x\u0651y", "خلّي",
		"لا تعدّل 文件 ولا ファイル ولا 파일", "\u202bلا تحذف\u202c main", "لا، لحظة، ٧", "ولا؟", "؟؟؟", "ـــــ",
	} {
		_ = detectLang(s, langAR)
		if g := glossOf(s, langAR); g != nil {
			// the gloss of marks alone is empty; an invisible mark at
			// an end is left out of a quote
			if back, ok := g.back(g.text); !ok || !strings.Contains(s, back) {
				t.Errorf("back(gloss of %q) = %q, %v", s, back, ok)
			}
		}
		_ = rulesAfter(arIntro, s)
		_ = valuesAfter(arIntro, s)
	}
	for _, c := range []struct{ in, want string }{
		{"٤٠ ثانية", "40 ثانية"},
		{"المهلة ٢٫٥ ثانية", "المهلة 2.5 ثانية"},
		{"١٬٠٠٠ طلب", "1000 طلب"},
		{"۱۲ ساعت", "12 ساعت"},
	} {
		if got := plainNumbers(c.in, false); got != c.want {
			t.Errorf("plainNumbers(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
