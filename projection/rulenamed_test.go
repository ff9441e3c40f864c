package projection

import "testing"

// A rule called off by its name is lifted in any language: the one rule
// the name names, never another; a question about it, the rule said
// again or a name no rule holds lifts nothing.
func TestRuleLiftedByName(t *testing.T) {
	for _, c := range []struct {
		rules, say, lifted, kept string
	}{
		// German (m03)
		{"Bitte keine neuen SPM dependencies. Und keine Force-Unwraps in neuem Code.", "Die Regel mit den Dependencies ist übrigens aufgehoben, SPM packages sind okay wenn sie gut gepflegt sind.", "SPM dependencies", "Force-Unwraps"},
		{"Bitte keine neuen SPM dependencies. Und keine Force-Unwraps in neuem Code.", "Die Dependencies-Regel gilt nicht mehr.", "SPM dependencies", "Force-Unwraps"},
		{"Bitte keine neuen SPM dependencies. Und keine Force-Unwraps in neuem Code.", "Vergiss die Regel mit den Force-Unwraps.", "Force-Unwraps", "SPM dependencies"},
		// Japanese (m02)
		{"SQL のキーワードは小文字で書いてください。本番DBには絶対に書き込まないでください。", "小文字ルールはもういいです、sqlfluff に任せるので", "小文字", "本番DB"},
		{"SQL のキーワードは小文字で書いてください。本番DBには絶対に書き込まないでください。", "小文字のルールは廃止で。", "小文字", "本番DB"},
		// Spanish
		{"nada de dependencias nuevas. no toques los .proto sin preguntarme antes.", "la regla de las dependencias ya no aplica, añade lo que haga falta", "dependencias", "proto"},
		{"nada de dependencias nuevas. no toques los .proto sin preguntarme antes.", "olvida la regla de los .proto.", "proto", "dependencias"},
		// English and Chinese
		{"Write SQL keywords in lowercase. Never push to main.", "the lowercase rule is gone, sqlfluff handles it", "lowercase", "push to main"},
		{"Write SQL keywords in lowercase. Never push to main.", "drop the lowercase rule.", "lowercase", "push to main"},
		{"SQL 关键字用小写。别动 proto 文件。", "小写的规则不用了，交给 sqlfluff", "小写", "proto"},
	} {
		out := reduceAll(t, "> user\n"+c.rules+"\n> assistant\nok\n> user\n"+c.say+"\n> assistant\nok\n")
		expect(t, out, []string{`constraint .*\[lifted/normative\] = [^\n]*` + regexpQuote(c.lifted)}, []string{`constraint .*\[lifted/normative\] = [^\n]*` + regexpQuote(c.kept)})
	}
	// nothing lifted
	for _, c := range []struct{ rules, say string }{
		// a question about the rule
		{"Bitte keine neuen SPM dependencies.", "Gilt die Regel mit den Dependencies noch?"},
		{"SQL のキーワードは小文字で書いてください。", "小文字ルールはもういいですか？"},
		{"no añadas dependencias nuevas.", "¿la regla de las dependencias ya no aplica?"},
		// a rule no rule holds by name
		{"Bitte keine neuen SPM dependencies.", "Die Regel mit den Force-Unwraps ist aufgehoben."},
		{"no toques los .proto sin preguntarme antes.", "la regla de las dependencias ya no aplica."},
		// the rule said again, or said to stay
		{"Bitte keine neuen SPM dependencies.", "Die Regel mit den Dependencies gilt weiterhin."},
		{"SQL のキーワードは小文字で書いてください。", "小文字ルールは引き続きお願いします。"},
		{"Write SQL keywords in lowercase.", "the lowercase rule still stands."},
	} {
		out := reduceAll(t, "> user\nLet's work on the sync.\n> assistant\nok\n> user\n"+c.rules+"\n> assistant\nok\n> user\n"+c.say+"\n> assistant\nok\n")
		expect(t, out, []string{`constraint .*\[active/normative\]`}, []string{`\[lifted`})
	}
}

// A rule of how a kind of text is written (its language, its letter
// case) is a rule in any language, and another form for the same kind of
// text replaces it; a rule for another kind, the same form said again, a
// description or a question replaces nothing.
func TestFormRuleReplaced(t *testing.T) {
	for _, c := range []struct {
		first, then, was, now string
	}{
		// Japanese (m02)
		{"コミットメッセージは日本語で。", "やっぱりコミットメッセージは英語にして。他のチームも読むので", "コミットメッセージは日本語で", "英語にして"},
		{"コミットメッセージは日本語でお願いします。", "コミットメッセージは英語で書いてください。", "日本語で", "英語で書いて"},
		// English
		{"Commit messages in Japanese.", "actually, commit messages in English please, other teams read them", "Commit messages in Japanese", "commit messages in English"},
		{"Please write commit messages in German.", "Commit messages should be in English from now on.", "in German", "in English from now on"},
		{"keep SQL keywords lowercase.", "SQL keywords in uppercase please.", "lowercase", "uppercase"},
		// German
		{"Commit-Messages auf Deutsch.", "Commit-Messages doch auf Englisch, bitte.", "auf Deutsch", "auf Englisch"},
		// Spanish
		{"los commits siempre en español.", "mejor los commits en inglés, que los leen otros equipos", "en español", "en inglés"},
		// Chinese
		{"提交信息用日语写。", "提交信息还是用英文吧，其他团队也要看", "用日语写", "用英文吧"},
	} {
		out := reduceAll(t, "> user\nLet's work on the sync.\n> assistant\nok\n> user\n"+c.first+"\n> assistant\nok\n> user\n"+c.then+"\n> assistant\nok\n")
		expect(t, out, []string{`constraint .*\[active/normative\] = [^\n]*` + regexpQuote(c.now) + `[^\n]*\(was [^\n]*` + regexpQuote(c.was)}, nil)
	}
	for _, c := range []struct{ first, then string }{
		// another kind of text
		{"Commit messages in Japanese.", "Comments in English please."},
		{"コミットメッセージは日本語で。", "コメントは英語で書いてください。"},
		// a description, a question
		{"Commit messages in Japanese.", "the last commit message was in English, oops."},
		{"Commit messages in Japanese.", "should commit messages be in English?"},
		{"コミットメッセージは日本語で。", "コミットメッセージは英語にしますか？"},
		{"提交信息用日语写。", "他用英文写了提交信息。"},
	} {
		out := reduceAll(t, "> user\nLet's work on the sync.\n> assistant\nok\n> user\n"+c.first+"\n> assistant\nok\n> user\n"+c.then+"\n> assistant\nok\n")
		expect(t, out, []string{`constraint .*\[active/normative\] = ` + regexpQuote(c.first[:6])}, []string{`\[superseded/normative\]`})
	}
	// a rule of form, read in each language
	for _, s := range []string{"SQL のキーワードは小文字で書いてください。", "Write SQL keywords in lowercase.", "SQL-Keywords bitte kleinschreiben.", "las palabras clave de SQL en minúsculas, por favor.", "SQL 关键字用小写。"} {
		out := reduceAll(t, "> user\nLet's work on the sync.\n> assistant\nok\n> user\n"+s+"\n> assistant\nok\n")
		expect(t, out, []string{`constraint .*\[active/normative\] = ` + regexpQuote(s)}, nil)
	}
	// what is said of a text is no rule
	for _, s := range []string{"I read the logs in English.", "the error message is in Japanese.", "show amounts in EUR", "die Logs waren auf Englisch."} {
		out := reduceAll(t, "> user\nLet's work on the sync.\n> assistant\nok\n> user\n"+s+"\n> assistant\nok\n")
		expect(t, out, nil, []string{`constraint `})
	}
}

// A thing called the exception without naming the rule is the exception
// to the rule the rest is said to keep, in any language; with no rule
// holding what the rest keeps, nothing changes.
func TestExceptionByRemainder(t *testing.T) {
	for _, c := range []struct{ rule, say, want string }{
		{"server actions only, no API routes.", "stripe needs a real endpoint, so the webhook is the exception: app/api/stripe/webhook/route.ts. everything else stays server actions", "except: the webhook is the exception"},
		{"server actions only, no API routes.", "el webhook es la excepción: app/api/stripe/webhook/route.ts. El resto sigue con server actions.", "except: el webhook es la excepción"},
		{"Nur Server Actions, keine API-Routen.", "Der Webhook ist die Ausnahme, der Rest bleibt bei Server Actions.", "except: Der Webhook ist die Ausnahme"},
		{"只用 server actions，不要 API 路由。", "webhook 是例外，其他的都还是用 server actions。", "except: webhook 是例外"},
	} {
		out := reduceAll(t, "> user\nLet's work on the billing page.\n> assistant\nok\n> user\n"+c.rule+"\n> assistant\nok\n> user\n"+c.say+"\n> assistant\nok\n")
		expect(t, out, []string{`constraint .*\[active/normative\] = [^\n]*` + regexpQuote(c.want)}, nil)
	}
	for _, say := range []string{
		"the webhook is the exception, everything else stays in the queue.",
		"the webhook is the exception.",
		"is the webhook the exception? everything else stays server actions",
	} {
		out := reduceAll(t, "> user\nLet's work on the billing page.\n> assistant\nok\n> user\nserver actions only, no API routes.\n> assistant\nok\n> user\n"+say+"\n> assistant\nok\n")
		expect(t, out, []string{`constraint .*\[active/normative\] = server actions only, no API routes\. @`}, []string{`except:`})
	}
}
