package projection

import (
	"fmt"
	"strings"
	"unicode"
)

// Secrets a user pastes.
//
// A user sometimes pastes a key, a token or a password into the chat
// ("微信支付 APIv3 key: 7fQm2LrX…，千万别提交"). The session log keeps it,
// as it keeps everything; the projection, which is shown to the model on
// every request and written into checkpoints, does not repeat it: a value
// whose name says it is a secret and whose text looks like one is held
// masked, with its length, and the same text is masked in the anchor's
// quote. What the setting is, and that it was given, stays visible.

// secretNameRE names a secret: a key, token, password or credential.
var secretNameRE = mustPattern(`(?i)(?:^|[\s_./\-])(?:api[\s_\-]?key|apiv\d[\s_\-]?key|key|secret|token|password|passwd|pwd|passphrase|credential|private[\s_\-]?key|access[\s_\-]?key|client[\s_\-]?secret|signing[\s_\-]?key)s?(?:$|[\s_./\-:=：])|密钥|秘钥|密码|口令|令牌`)

// passwordNameRE names a password, which may be short.
var passwordNameRE = mustPattern(`(?i)(?:^|[\s_./\-])(?:password|passwd|pwd|passphrase)(?:$|[\s_./\-:=：])|密码|口令`)

// passwordLike reports whether v can be a password: one word of four
// characters or more holding a letter ("password length = 12" is none).
func passwordLike(v string) bool {
	v = strings.TrimSpace(v)
	return len(v) >= 4 && !strings.ContainsAny(v, " \t\n") && strings.ContainsFunc(v, unicode.IsLetter)
}

// secretLike reports whether v reads as a secret's text: one word of at
// least 16 characters mixing letters and digits, or of at least 24
// letters, digits and symbols with no space.
func secretLike(v string) bool {
	v = strings.TrimSpace(v)
	if strings.ContainsAny(v, " \t\n") || len(v) < 16 {
		return false
	}
	var letters, digits, upper, lower int
	for _, r := range v {
		switch {
		case unicode.IsDigit(r):
			digits++
		case unicode.IsUpper(r):
			upper++
			letters++
		case unicode.IsLower(r):
			lower++
			letters++
		}
	}
	return letters > 0 && digits > 0 && (upper > 0 && lower > 0 || len(v) >= 24)
}

// masked is secret v as the projection shows it.
func masked(v string) string {
	return fmt.Sprintf("•••• (secret, %d characters, not repeated here)", len([]rune(strings.TrimSpace(v))))
}

// maskSecret masks value v of a setting named name when it is a secret,
// and its text in quote; ok false when it is none.
func maskSecret(name, v, quote string) (string, string, bool) {
	switch {
	case passwordNameRE.MatchString(name) && passwordLike(v):
		// "db password: hunter2!x": short, but named a password.
	case !secretNameRE.MatchString(name) || !secretLike(v):
		return v, quote, false
	}
	m := masked(v)
	return m, strings.ReplaceAll(quote, strings.TrimSpace(v), m), true
}

// secretWordRE is a word a secret may be: its characters, cut at the
// punctuation around it.
var secretWordRE = mustPattern("[^\\s，。：；、,;:=\"'`()（）<>]{4,}")

// passwordSaidRE ends the words that give a password right before it:
// "db password: ", "the password is ", "密码是".
var passwordSaidRE = mustPattern(`(?i)(?:password|passwd|pwd|passphrase|密码|口令)\s*(?:is\s+|was\s+|[:=：]\s*|是\s*|为\s*)$`)

// secretsIn are the secrets text gives: each word that reads as one
// (secretLike, or passwordLike after a password's name) with a secret's
// name in the 40 bytes before it ("APIv3 key: 7fQm2LrX…", "db password is
// hunter2!x").
func secretsIn(text string) []string {
	if !secretNameRE.MatchString(text) {
		return nil
	}
	var out []string
	for _, loc := range secretWordRE.FindAllStringIndex(text, -1) {
		w := text[loc[0]:loc[1]]
		before := text[max(0, loc[0]-40):loc[0]]
		switch {
		case secretLike(w) && secretNameRE.MatchString(before):
		case passwordLike(w) && passwordSaidRE.MatchString(before) && !stopwords[strings.ToLower(w)]:
		default:
			continue
		}
		out = append(out, w)
	}
	return out
}
