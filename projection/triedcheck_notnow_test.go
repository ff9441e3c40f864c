package projection

import "testing"

// A failure the user saw where the product runs, told with a try of the
// product itself ("staging 上我刚试了", "I tried it on staging"), is a
// reported failure, no rejected approach; a bare server status after
// "still" ("还是 502", "502 が返ってくる", "502 에러가 나요") tells it; the
// user's "没 502 了" / "no more 502s" / "502 が出なくなった" / "더 이상 502
// 안 나요" resolves it (triedcheck.go, httpfail.go, userfixed.go; trial 13
// A16). The opening message that tells where the failure was seen opens
// it too.
func TestTriedOnStagingIsReportedFailure(t *testing.T) {
	runScriptCases(t, []scriptCase{
		{"zh opening, resolved", `
> user
staging 上我刚试了，导 11 月全量还是 502，nginx 日志 upstream timed out (110: Connection timed out) while reading response header
> assistant
我看下 controller。
> user
staging 部署了，10 万行 38 秒导完，没 502 了 👍`, []string{`failure reported/-/502 \[resolved/`}, []string{`negative-knowledge`, `value/-/`}},
		{"zh later, resolved", `
> user
帮我把订单导出改成流式的
> assistant
好的，我改一下。
> user
staging 上我刚试了，导 11 月全量（10 万行）还是 502，nginx 日志 upstream timed out
> assistant
我加个批处理。
> user
staging 部署了，没 502 了`, []string{`failure reported/-/502 \[resolved/`}, []string{`negative-knowledge`}},
		{"en tried it on staging, resolved", `
> user
make the orders export stream rows
> assistant
Sure.
> user
I tried it on staging and the export still 502s, nginx says upstream timed out
> assistant
Batching the query.
> user
deployed to staging, no more 502s`, []string{`failure reported/-/502 \[resolved/`}, []string{`negative-knowledge`}},
		{"ja staging, resolved", `
> user
注文エクスポートをストリーミングにして
> assistant
了解です。
> user
ステージングで試したけど、まだ 502 が返ってくる
> assistant
バッチにします。
> user
デプロイ後、502 が出なくなった`, []string{`failure reported/-/502 \[resolved/`}, nil},
		{"ko staging, resolved", `
> user
주문 내보내기를 스트리밍으로 바꿔줘
> assistant
네.
> user
스테이징에서 아직도 502 에러가 나요
> assistant
배치로 바꿀게요.
> user
배포했더니 더 이상 502 안 나요`, []string{`failure reported/-/502 \[resolved/`}, nil},
		// near misses: an approach tried on staging stays an attempt; a
		// number told after 还是 as a setting or a choice is no status; a
		// condition or a question resolves nothing
		{"en approach tried on staging", `
> user
make the orders export stream rows
> assistant
Sure.
> user
we tried raising the pool size on staging, still timed out`, []string{`negative-knowledge `}, nil},
		{"zh setting told after 还是", `
> user
批大小改成 1000
> assistant
好的。
> user
算了，批大小还是 500 吧，1000 的时候本地内存涨得厉害`, nil, []string{`failure reported/`}},
		{"zh choice between statuses", `
> user
帮我写网关的错误处理
> assistant
好的。
> user
超时的时候接口状态码用 502 还是 504 都行`, nil, []string{`failure reported/`}},
		{"zh condition does not resolve", `
> user
帮我把订单导出改成流式的
> assistant
好的。
> user
staging 上我刚试了，还是 502
> assistant
我加个批处理。
> user
如果没 502 了就合并`, []string{`failure reported/-/502 \[open/`}, nil},
		{"ko condition does not resolve", `
> user
주문 내보내기를 스트리밍으로 바꿔줘
> assistant
네.
> user
스테이징에서 아직도 502 에러가 나요
> assistant
배치로 바꿀게요.
> user
502 에러 안 나면 배포하자`, []string{`failure reported/-/502 \[open/`}, nil},
		{"en opening: a failover on prod is no failure", `
> user
heads-up: no prod deploys today, we're failing the prod db over to the new node this afternoon. add the push alerts`, nil, []string{`failure reported/`}},
		{"en opening: CI is where the session's tests run again", `
> user
The parser tests fail on CI, have a look.`, nil, []string{`failure reported/`}},
		{"en opening with no place told", `
> user
the export still 502s when I run it locally, fix it`, nil, []string{`failure reported/`}},
	})
}

// "3, non 5", "3, no 5", "3, não 5" after the agent proposed 5 read as 3
// in place of 5, in Italian, Spanish and Portuguese as in the other
// languages: the number after the "no" is the one replaced, no
// self-repair to it (valuematch.go, notinstead.go). Near misses: a repair
// said with its own comma ("3, no, 7") or "anzi" to another number is no
// "3 in place of 5".
func TestNotInsteadCommaRomance(t *testing.T) {
	ask := map[string]string{
		"en": "For the new PDF export I'd like a retry policy around the store client: I'll use 5 retries with exponential backoff. OK?",
		"it": "Per il nuovo export PDF propongo una retry policy: 5 tentativi con backoff esponenziale. Va bene?",
		"es": "Para el nuevo export PDF quiero una política de reintentos: 5 reintentos con backoff exponencial. ¿Vale?",
		"pt": "Para o novo export PDF proponho uma política de retry: 5 tentativas com backoff exponencial. Pode ser?",
	}
	for _, c := range []struct {
		name, lang, reply, want, never string
	}{
		{"en", "en", "3, not 5.", `retries \[current/normative\] = 3 \(was 5\)`, `= 5 \(was 5\)`},
		{"it", "it", "3, non 5.", `tentativi \[current/normative\] = 3 \(was 5\)`, `= 5 \(was 5\)`},
		{"es", "es", "3, no 5.", `reintentos \[current/normative\] = 3 \(was 5\)`, `= 5 \(was 5\)`},
		{"pt", "pt", "3, não 5.", `tentativas \[current/normative\] = 3 \(was 5\)`, `= 5 \(was 5\)`},
		// near misses: repairs to another number
		{"es repair with its comma", "es", "3, no, 7.", `^`, `= 3 \(was 5\)`},
		{"it anzi", "it", "3, anzi 7.", `^`, `= 3 \(was 5\)`},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, "> user\nfix the PDF export\n> assistant\n"+ask[c.lang]+"\n> user\n"+c.reply+"\n")
			expect(t, out, []string{c.want}, []string{c.never, `constraint/`})
		})
	}
}

// A no for now with what holds instead ("voor nu niet, alleen per
// omgeving", "not for now, only per environment") answers the yes-or-no
// question the agent asked, in Dutch as in English and German (polar.go:
// notNowLeadRE, Dutch and French polar questions); it is that answer, no
// standing rule its "only" would make (asked.go; trial 12 C22). Near
// misses: the same words with no question asked, or after a question
// for a value, answer nothing.
func TestNotNowAnswersPolarQuestion(t *testing.T) {
	runScriptCases(t, []scriptCase{
		{"nl", `
> user
zet de feature flag NieuweFacturatie per omgeving
> assistant
Gepusht. Nog één open vraag van mij: moet ` + "`NieuweFacturatie`" + ` per tenant kunnen (targeting filter)?
> user
voor nu niet, alleen per omgeving. en pushen mag voortaan gewoon`, []string{`decision decision/answer/per-omgeving \[active/normative\] = voor nu niet, alleen per omgeving\. \(was Nog één open vraag`}, []string{`constraint constraint/-/per-omgeving`}},
		{"en", `
> user
set the feature flag NewBilling per environment
> assistant
Pushed. One open question from me: should ` + "`NewBilling`" + ` be switchable per tenant (targeting filter)?
> user
not for now, only per environment.`, []string{`decision decision/answer/per-environment \[active/normative\] = not for now, only per environment\. \(was One open question`}, []string{`constraint constraint/-/per-environment`}},
		{"de", `
> user
setz das Feature-Flag NeueAbrechnung pro Umgebung
> assistant
Erledigt. Soll ` + "`NeueAbrechnung`" + ` auch pro Mandant schaltbar sein?
> user
jetzt nicht, nur pro Umgebung.`, []string{`decision decision/answer/`}, nil},
		{"nl zal ik", `
> user
los de falende tests op
> assistant
De generator-test is flaky. Zal ik dat oplossen met een Postgres-sequence?
> user
nee, laat die test met rust, daar zit Pieter al op`, []string{`decision decision/answer/nee-laat-die-test-met-rust`}, nil},
		// near misses
		{"en no question asked", `
> user
set the feature flag NewBilling per environment
> assistant
Done, the flag is read from appsettings.
> user
not for now, only per environment.`, nil, []string{`decision/answer/`}},
		{"en question for a value", `
> user
set the feature flag NewBilling per environment
> assistant
Which cache timeout should the client use?
> user
not for now, only per environment.`, nil, []string{`decision/answer/`}},
	})
}
