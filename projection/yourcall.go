package projection

// An answer that leaves the choice to the agent.
//
// "1 不要 2 Asia/Shanghai 3 你定" to three numbered questions: "你定" (you
// decide) answers the third by leaving it to the agent, as "your call",
// "up to you", "dealer's choice", "à toi de voir", "du entscheidest",
// "decidi tu", "ty decydujesz", "तुम देख लो", "aap decide karo", "お任せ",
// "알아서 해" do. The question is answered, a decision the agent is to
// make: the answer is shown so ("你定 (the agent decides)"), not read as
// a value or rule of its own.

// yourCallRE is a whole answer that leaves the choice to the agent.
var yourCallRE = mustPattern(`(?i)^\W*(?:(?:that's|it's|its)\s+)?(?:your\s+call|up\s+to\s+you|you\s+(?:decide|choose|pick)|dealer's\s+choice|whatever\s+you\s+(?:think|prefer|like|want)|(?:you\s+)?(?:decide|choose)\s+(?:yourself|for\s+me)|your\s+choice|à\s+toi\s+de\s+(?:voir|choisir|décider)|comme\s+tu\s+(?:veux|préfères)|(?:tu|vous)\s+(?:décides|choisis|décidez|choisissez)|como\s+(?:quieras|prefieras)|(?:decide|elige)\s+tú|tú\s+(?:decides|eliges)|(?:como|o\s+que)\s+você\s+(?:quiser|preferir)|você\s+decide|du\s+entscheidest|entscheide\s+du|wie\s+du\s+(?:willst|meinst)|(?:decidi|scegli)\s+tu|come\s+(?:vuoi|preferisci)|(?:jij|u)\s+(?:bepaalt|beslist|kiest)|zoals\s+je\s+wilt|(?:на\s+(?:твой|твій|ваш)\s+(?:выбор|вибір|розсуд|усмотрение))|(?:решай|вирішуй|выбирай|обирай)\s+сам|ty\s+(?:decydujesz|wybierasz)|jak\s+(?:uważasz|wolisz)|(?:tum|aap|tu)\s+(?:decide|dekh|choose)\s+(?:karo|kar\s+lo|lo|kar)|jaisa\s+(?:tum|aap)\s+(?:theek|thik)\s+(?:samjho|samjhein)|तुम\s+देख\s+लो|आप\s+तय\s+करें|你(?:来)?(?:定|决定|选|看着办)(?:吧|就行|就好)?|随你|由你(?:来)?定|(?:お)?任せ(?:る|ます|た)?|あなたが決めて|알아서\s*해(?:\s*줘)?|네가\s*정해)\W*$`)

// yourCall is answer c shown as leaving the choice to the agent, or c.
func yourCall(c string) string {
	if yourCallRE.MatchString(c) {
		return c + " (the agent decides)"
	}
	return c
}
