package projection

import "strings"

// A value is keyed on the setting's name, never on where it lives:
// ".env 里改成 1000" ("in .env, make it 1000") names a file, and "批大小
// 500 太小了，.env 里改成 1000" sets the batch size said before it with
// its old number. A subject that is a place (a file or a config with a
// postposition of place: 里, 中, 里面, 内; "in .env", "w .env") is no key:
// the setting is the one named with a number before it, else none.

// placeSubjectRE is a subject that only says where: ".env 里", "config
// 中", "配置文件里面".
var placeSubjectRE = mustPattern(`^(?:\S*[./]\S*|env|配置|配置文件|文件|设置|环境变量)\s*(?:里面|里头|里|中|内|当中)(?:的)?$`)

// hanNumRE is a setting named in words with the number it holds: "批大小
// 500", "超时 30 秒".
var hanNumRE = mustPattern(`(?:^|[\s，,、：:（(])(\p{Han}{2,12}|[A-Za-z_][\w.\-]*)\s*(?:[:=]\s*|` + heldNowWords + `)?(\d[\d.]*)(?:$|[\s，,、。;；!！?？]|\p{Han})`)

// placeSubject reports whether subject k only says where a setting is.
func placeSubject(k string) bool {
	return placeSubjectRE.MatchString(strings.TrimSpace(k))
}

// namedBefore is the one setting s names with a number ("批大小 500"),
// and the number; ok false for none or several.
func namedBefore(s string) (k, was string, ok bool) {
	n := 0
	for _, m := range hanNumRE.FindAllStringSubmatch(s, 4) {
		if f := zhFiller.ReplaceAllString(m[1], ""); f != "" {
			k, was = f, m[2]
			n++
		}
	}
	return k, was, n == 1
}
