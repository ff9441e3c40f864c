package projection

import "strings"

// A decision that changes named things replaces only a decision about
// one of them.
//
// "versionCode 改为 43；release workflow 改为上传到 Play internal testing"
// changes versionCode and the release workflow: it is a switch (改为), but
// what it switches is named, so it takes back no earlier choice that
// names neither ("为此把 NotificationChannel 和 startForegroundService 换成
// 了 Compat 版本" stays active). The same holds for "change the retry
// policy to …", "switch the region to …", "リトライ方針を指数バックオフに
// 変更します". A switch that names no subject ("改用 RwLock", "switching
// to X instead") may still replace the nearest or newest choice.

// changedSubjectREs hold in group x a thing a sentence changes.
var changedSubjectREs = []*pattern{
	switchWhatRE,
	mustPattern(`(?i)\bchang(?:e|es|ed|ing)\s+(?:the\s+|our\s+|its\s+|their\s+)?([\w\-./]+(?:\s+[\w\-./]+)?)\s+(?:over\s+)?(?:to|from)\b`),
	// Chinese: "X 改为 Y", "把 X 换成 Y", "X 已改成 Y".
	mustPattern(`(?:^|[；;，,、。：:（(\s]|把)\s*([^；;，,、。：:（()）\s把][^；;，,、。：:（()）把]{0,29}?)\s*(?:已经?|都)?(?:改为|改成|换成|调为|调成|设为|设成|替换为|替换成|换为)`),
	// Japanese: "X を Y に変更します", "X は Y に変えました".
	mustPattern(`(?:^|[、,，。：:（(\s])\s*([^、,，。：:（()）\s][^、,，。：:（()）]{0,29}?)\s*(?:を|は)\s*[^、,，。]{1,40}?(?:に|へ)(?:変更|変え|切り替え|置き換え)`),
}

// zhAdverbRE is an adverb or a pronoun at either end of a Chinese
// subject.
var zhAdverbRE = mustPattern(`^(?:先|就|再|都|也|还是|直接|统一|全部|我们|我|已经|已|那就|那|然后|顺便|另外)|(?:先|就|再|都|也|已经|已|全部|统一)$`)

// changedSubjects are the things decision v says it changes.
func changedSubjects(v string) []string {
	var out []string
	for _, re := range changedSubjectREs {
		for _, m := range re.FindAllStringSubmatch(v, 4) {
			x := strings.TrimSpace(strings.Trim(m[1], "` "))
			for {
				// "先改成 nginx 方案", "都换成 Compat 版本": an adverb, no
				// subject.
				y := strings.TrimSpace(zhAdverbRE.ReplaceAllString(x, ""))
				if y == x {
					break
				}
				x = y
			}
			if len([]rune(x)) >= 2 && len(stems(x)) > 0 {
				out = append(out, x)
			}
		}
	}
	return out
}

// aboutOther reports whether decision v changes things it names (see
// above), none of which the earlier decision d names.
func aboutOther(v, d string) bool {
	xs := changedSubjects(v)
	if len(xs) == 0 {
		return false
	}
	ds := stems(d)
	for _, x := range xs {
		if n, _ := sharedStems(stems(x), ds); n > 0 {
			return false
		}
	}
	return true
}
