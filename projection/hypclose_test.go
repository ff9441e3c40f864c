package projection

import "testing"

// The agent's "not sure if X, will check" is a hypothesis about X; its
// verdict after a check that names X again closes it: "confirmed" makes
// it established, "I was wrong" rejected (hypclose.go).
func TestUnsureHypothesisClosedByVerdict(t *testing.T) {
	check := "> call grep {\"pattern\":\"x\"}\n> result\nsome output\n"
	runScriptCases(t, []scriptCase{
		{name: "en confirmed", script: `
> user
sign-in fails with ApiException 10
> assistant
I'm not sure if the prod SHA-1 is in google-services.json, let me check.
` + check + `> assistant
Confirmed: the prod SHA-1 is missing from google-services.json, only the debug hash is there.`,
			want: []string{`uncertainty hypothesis/-/\S+ \[established/hypothesis\] = I'm not sure if the prod SHA-1`}},
		{name: "hinglish confirmed", script: `
> user
QA bol raha hai Google sign-in pe ApiException 10
> assistant
Pakka nahi hai ki prod ka SHA-1 google-services.json mein hai, check karta hoon.
` + check + `> assistant
Confirm ho gaya: upload keystore ka SHA-1 missing hai, sirf debug ka hash hai.`,
			want: []string{`\[established/hypothesis\] = Pakka nahi hai ki prod ka SHA-1`}},
		{name: "hinglish refuted", script: `
> user
home pe promo banner chahiye, per flavor defaults ke saath
> assistant
Pakka nahi hai ki firebase_remote_config per-flavor defaults alag file se utha leta hai, check karta hoon.
` + check + `> assistant
Check kiya: galat tha mera andaza — SDK per-flavor defaults file se khud nahi uthata, ek hi setDefaults map hai.`,
			want: []string{`\[rejected/hypothesis\] = Pakka nahi hai ki firebase_remote_config`}},
		{name: "en refuted", script: `
> user
add a functional index
> assistant
I'm not sure whether our MySQL version supports functional indexes, I'll check the version.
` + check + `> assistant
I was wrong: this MySQL version (5.7) has no functional indexes.`,
			want: []string{`\[rejected/hypothesis\] = I'm not sure whether our MySQL`}},
		{name: "zh confirmed", script: `
> user
导出接口超时了
> assistant
不确定 Prisma 5 的 cursor 分页在 orderBy 复合键下能不能用，我查一下再定。
` + check + `> assistant
确认了：Prisma 5.22 的 cursor 分页支持 orderBy 复合排序，cursor 用唯一的 id 就行。`,
			want: []string{`\[established/hypothesis\] = 不确定 Prisma 5 的 cursor`}},
		{name: "pl confirmed", script: `
> user
dodaj indeks na rezerwacje
> assistant
Nie jestem pewien, czy nasz MySQL obsługuje indeksy funkcyjne, sprawdzę wersję.
` + check + `> assistant
Potwierdzone: MySQL 8.0.36 obsługuje indeksy funkcyjne (od 8.0.13).`,
			want: []string{`\[established/hypothesis\] = Nie jestem pewien, czy nasz MySQL`}},
		{name: "de confirmed", script: `
> user
der Index fehlt
> assistant
Ich bin mir nicht sicher, ob unser MySQL funktionale Indizes unterstützt, ich prüfe die Version.
` + check + `> assistant
Bestätigt: MySQL 8.0.36 unterstützt funktionale Indizes.`,
			want: []string{`\[established/hypothesis\] = Ich bin mir nicht sicher, ob unser MySQL`}},
		{name: "es refuted", script: `
> user
falta el índice
> assistant
No estoy seguro de si nuestro MySQL soporta índices funcionales, voy a revisar la versión.
` + check + `> assistant
Me equivoqué: nuestro MySQL 5.7 no soporta índices funcionales.`,
			want: []string{`\[rejected/hypothesis\] = No estoy seguro de si nuestro MySQL`}},
		{name: "fr confirmed", script: `
> user
il manque l'index
> assistant
Je ne suis pas sûr que notre MySQL supporte les index fonctionnels, je vérifie la version.
` + check + `> assistant
Confirmé : MySQL 8.0.36 supporte les index fonctionnels.`,
			want: []string{`\[established/hypothesis\] = Je ne suis pas sûr que notre MySQL`}},
		// Near misses.
		{name: "confirmation of another subject", script: `
> user
sign-in fails
> assistant
I'm not sure if the prod SHA-1 is in google-services.json, let me check.
` + check + `> assistant
Confirmed: the release build runs on Android 14 devices.`,
			want:  []string{`\[hypothesis/hypothesis\] = I'm not sure if the prod SHA-1`},
			never: []string{`established`, `rejected`}},
		{name: "confirmed with no check since", script: `
> user
sign-in fails
> assistant
I'm not sure if the prod SHA-1 is in google-services.json.
> assistant
Confirmed: the prod SHA-1 is missing from google-services.json.`,
			never: []string{`established`}},
		{name: "unsure what the user wants is a question", script: `
> user
add a banner
> assistant
I'm not sure if you want the banner on every flavor or only prod, let me know.`,
			never: []string{`hypothesis/-/`}},
		{name: "unsure with a question mark", script: `
> user
add a banner
> assistant
Nie jestem pewien, czy baner ma być na każdym flavorze?`,
			never: []string{`hypothesis/-/`}},
		{name: "the user's sure and not sure", script: `
> user
I'm not sure if the prod SHA-1 is in google-services.json, check it
> assistant
Checking.
` + check + `> user
sure, confirmed: the prod SHA-1 is in google-services.json`,
			never: []string{`hypothesis/-/`, `established/hypothesis`}},
		{name: "zh user unsure", script: `
> user
导出字段要不要手机号？我不确定，你先别加`,
			never: []string{`hypothesis/-/`}},
	})
}

// A suspected cause the agent then calls confirmed after a read and a
// grep, with no run behind it, stays a hypothesis: only a doubt of fact
// the agent said it would check closes on its verdict (§17; the bench's
// synthetic sessions plant exactly this, in English and Chinese). Near
// miss of TestUnsureHypothesisClosedByVerdict.
func TestSuspectedCauseNotClosedBySaySo(t *testing.T) {
	read := "> call read_file {\"path\":\"pkg/cache/lru_evict.go\"}\n> result\npackage cache\nfunc evict() { mu.Unlock() }\n"
	grep := "> call grep {\"pattern\":\"Unlock\"}\n> result\npkg/cache/lru_evict.go:2: mu.Unlock()\n"
	runScriptCases(t, []scriptCase{
		{name: "en", script: "> user\nfind why TestEvictRace is flaky\n> assistant\nI suspect the flaky TestEvictRace comes from a race in pkg/cache/lru_evict.go.\n" + read +
			"> assistant\nConfirmed, the race in pkg/cache/lru_evict.go is behind TestEvictRace.\n" + grep,
			never: []string{`established`, `rejected`}},
		{name: "zh", script: "> user\n查一下 TestEvictRace 为什么偶发失败\n> assistant\n我怀疑 TestEvictRace 的偶发失败来自 pkg/cache/lru_evict.go 里的竞态。\n" + read +
			"> assistant\n已经证实 pkg/cache/lru_evict.go 是 TestEvictRace 的问题所在。\n" + grep,
			never: []string{`established`, `rejected`}},
	})
}

// A suspected cause is refuted by the agent's verdict after a check ("so
// that guess was wrong", "die Race-Hypothese ist widerlegt", pointing at
// the guess instead of naming it); a confirmation of it is not enough
// (§17). Near misses: the question, the hedge, the negated verdict, and a
// confirmation read off a grep.
func TestSuspicionRefutedByVerdict(t *testing.T) {
	probe := "> call bash {\"command\": \"ss -ltnp | grep -E ':543[23]'\"}\n> result\nLISTEN 0 244 0.0.0.0:5433 docker-proxy\n"
	raceRun := "> call run_shell_command {\"command\": \"go test -race -count=5 ./internal/store/\"}\n> result\nCommand: go test -race -count=5 ./internal/store/\nOutput: panic: assignment to entry in nil map\nExit Code: 1\n"
	runScriptCases(t, []scriptCase{
		{name: "en guess refuted by pointer", script: "> user\nfind out why the e2e suite times out\n> assistant\nMy guess is a port clash with the local Postgres on 5432.\n" + probe +
			"> assistant\nNo clash: e2e uses 5433, so that guess was wrong.",
			want: []string{`\[rejected/hypothesis\] = My guess is a port clash`}},
		{name: "de Vermutung refuted", script: "> user\nMach den Test grün.\n> assistant\nMeine Vermutung: eine Race Condition im Cache, weil der Test parallel läuft.\n" + raceRun +
			"> assistant\nKeine Race gemeldet: die Race-Hypothese ist widerlegt.",
			want: []string{`\[rejected/hypothesis\] = Meine Vermutung: eine Race Condition`}},
		// Near misses.
		{name: "question", script: "> user\nfind out why the e2e suite times out\n> assistant\nMy guess is a port clash with the local Postgres on 5432.\n" + probe +
			"> assistant\nWas that guess wrong? 5433 is the compose container.",
			want: []string{`\[hypothesis/hypothesis\] = My guess is a port clash`}, never: []string{`rejected`}},
		{name: "hedged", script: "> user\nfind out why the e2e suite times out\n> assistant\nMy guess is a port clash with the local Postgres on 5432.\n" + probe +
			"> assistant\nMaybe that guess was wrong, checking the handler too.",
			never: []string{`rejected`}},
		{name: "negated", script: "> user\nfind out why the e2e suite times out\n> assistant\nMy guess is a port clash with the local Postgres on 5432.\n" + probe +
			"> assistant\nThe guess was not wrong: both listen on 5432.",
			never: []string{`rejected`}},
		{name: "de not refuted", script: "> user\nMach den Test grün.\n> assistant\nMeine Vermutung: eine Race Condition im Cache, weil der Test parallel läuft.\n" + raceRun +
			"> assistant\nDie Race-Hypothese ist noch nicht widerlegt, ich schaue weiter.",
			never: []string{`rejected`, `established`}},
		{name: "confirmed off a grep", script: "> user\nfix the failing store test\n> assistant\nI suspect the nil pageCache map in NewWithPool is the cause.\n> call grep {\"pattern\":\"pageCache\"}\n> result\nstore.go:12: pageCache map[int]page\n" +
			"> assistant\nConfirmed: the nil pageCache map is the cause.",
			never: []string{`established`}},
	})
}
