// The sentences that open a first message without asking anything: a
// greeting ("お疲れさまです。", "selam.", "bom dia!") and a sentence that
// only names the project ("invoice-svc の workspace です。", "kargo-takip
// projesi, Rails 7.1 + Sidekiq.", "This is the billing repo."). Neither
// is the task: the objective is the sentence after them that asks for
// work.

package projection

import "strings"

// greetingSentenceRE is a whole sentence that only greets, in the
// languages whose greeting is no single word of greetingWords.
var greetingSentenceRE = mustPattern(`(?i)^\W*(?:お疲れ(?:さま|様)(?:です)?|おつかれ(?:さま|様)?(?:です)?|こんにちは|おはようございます|おはよう|こんばんは|どうも|お世話になっております|selam(?:lar)?|merhaba|günaydın|iyi çalışmalar|kolay gelsin|bom dia|boa tarde|boa noite|e aí|fala(?: aí)?|buenos días|buenas tardes|guten (?:morgen|tag|abend)|bonsoir|buongiorno|buonasera|你好|您好|大家好|早上好|早|привет|здравствуйте|добрый день|доброе утро|cześć|dzień dobry|hej|god morgen|goedemorgen|namaste|good (?:morning|afternoon|evening))(?:\s*(?:all|everyone|team|guys|pessoal|gente|herkese|arkadaşlar|みなさん|皆さん))?[\s.!。！,、~～]*$`)

// projectNounRE is the word that names a project, a repository or a
// workspace.
var projectNounRE = mustPattern(`(?i)(?:\b(?:workspace|repo|repository|project|codebase|monorepo|projesi|proje|projeto|repositório|projekt|projet|proyecto|repositorio|progetto|проект|репозиторий)\b|プロジェクト|リポジトリ|ワークスペース|レポジトリ|仓库|项目|代码库)`)

// projectActRE is a word that makes a sentence naming the project more
// than a name: a want, a request, a problem.
var projectActRE = mustPattern(`(?i)(?:\b(?:want|need|please|add|fix|make|should|must|broken|slow|fails?|failing|error|bug|ekle\w*|yap\w*|düzelt\w*|quero|preciso|precisa|faz|adiciona|implementa|bitte|soll|muss)\b|ほしい|欲しい|ください|して|遅い|壊れ|エラー|失敗|请|需要|帮)`)

// projectNaming reports whether s only names the project the session is
// in ("invoice-svc の workspace です。", "kargo-takip projesi, Rails 7.1 +
// Sidekiq.", "This is the billing repo."): a project noun among its
// first words, few words, no want, request or problem.
func projectNaming(s string) bool {
	loc := projectNounRE.FindStringIndex(s)
	if loc == nil || len(terms(s)) > 9 || len(strings.Fields(s[:loc[0]])) > 4 {
		return false
	}
	return !projectActRE.MatchString(s) && !questionRE.MatchString(s) && !wantInRE.MatchString(s) && !isRule(s)
}

// openingSaid is whether s only opens a message: a greeting or a
// sentence that only names the project.
func openingSaid(s string) bool {
	return greeting(s) || greetingSentenceRE.MatchString(strings.TrimSpace(s)) || projectNaming(s)
}
