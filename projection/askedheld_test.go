package projection

import "testing"

// TestAskedHeldOverAskBack: the agent's questions wait over a question
// the user asks back; the reply after the agent's answer answers one of
// them, and the other of two stays open, not answered (m07, m27). Near
// misses: a reply that asks back and then the agent asks anew; a reply
// that answers neither and asks nothing keeps nothing.
func TestAskedHeldOverAskBack(t *testing.T) {
	const open = `uncertainty question/-/\S+ \[hypothesis/normative\] = `
	for _, c := range []struct {
		name, script string
		want, never  []string
	}{
		{"ja (m07)", "> user\nCLI に export を追加してください\n> assistant\n質問です: CSV の区切り文字はカンマでいいですか？ あと `--verbose` フラグ、tracing の `RUST_LOG` に置き換えますか？\n> user\nあ、その前に export って stdout に出す？ファイル？\n> assistant\nデフォルトは stdout、`--output <path>` を付けたらファイルに書く形です。\n> user\nそれでOK。区切りはセミコロンでお願いします\n",
			[]string{`= 区切りはセミコロンでお願いします \(was 質問です: CSV の区切り`, open + "あと `--verbose` .* — not answered"}, nil},
		{"en", "> user\nadd a csv export\n> assistant\nShould the CSV delimiter be a comma? And should I replace the --verbose flag with RUST_LOG?\n> user\nwait, does export write to stdout or a file?\n> assistant\nStdout by default, a file with --output.\n> user\nok. the CSV delimiter should be a semicolon\n",
			[]string{`= the CSV delimiter should be a semicolon \(was Should the CSV delimiter`, open + `And should I replace the --verbose flag .* — not answered`}, nil},
		{"pt (m27)", "> user\nfaz o deploy no staging\n> assistant\nO namespace de staging é `staging` ou `pedidos-stg`?\n> user\npera, qual versão do chart tá no ar agora?\n> assistant\nRevisão 14, chart pedidos-0.9.3.\n> user\nisso, namespace é pedidos-stg mesmo\n",
			[]string{`= isso, namespace é pedidos-stg mesmo \(was O namespace de staging`}, nil},
		// Near misses.
		{"agent asks anew", "> user\nadd a csv export\n> assistant\nShould the CSV delimiter be a comma?\n> user\nwait, does export write to stdout?\n> assistant\nYes. Which encoding should the file use?\n> user\nthe delimiter is a semicolon, utf-8\n",
			nil, []string{`\(was Should the CSV delimiter`}},
		{"no ask back", "> user\nadd a csv export\n> assistant\nShould the CSV delimiter be a comma?\n> user\nrun the tests first\n> assistant\nAll green.\n> user\nthe delimiter is a semicolon\n",
			nil, []string{`\(was Should the CSV delimiter`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, c.script), c.want, c.never)
		})
	}
}

// TestQuestionPutOffWithObject: "depois a gente vê isso", "we'll see
// about that later", "lo vemos después", "ne parliamo dopo" put the
// question off; it stays open (m20). Near misses: a reply that says more
// ("depois a gente vê isso e faz o deploy hoje") or does something later.
func TestQuestionPutOffWithObject(t *testing.T) {
	const open = `uncertainty question/-/\S+ \[hypothesis/normative\] = `
	for _, c := range []struct {
		name, ask, reply string
		put              bool
	}{
		{"pt (m20)", "Mais uma: quer configurar um PodDisruptionBudget pro pedidos (minAvailable 1)?", "depois a gente vê isso", true},
		{"en", "One more: do you want a PodDisruptionBudget for orders (minAvailable 1)?", "we'll see about it later", true},
		{"es", "¿Quieres un PodDisruptionBudget para pedidos?", "eso lo vemos después", true},
		{"it", "Vuoi anche un PodDisruptionBudget per ordini?", "ne parliamo dopo", true},
		{"fr", "Tu veux un PodDisruptionBudget pour commandes ?", "on verra ça plus tard", true},
		// Near misses.
		{"pt more", "Mais uma: quer configurar um PodDisruptionBudget pro pedidos (minAvailable 1)?", "depois a gente vê isso e sobe o chart no cluster hoje ainda", false},
		{"pt done later", "Mais uma: quer configurar um PodDisruptionBudget pro pedidos (minAvailable 1)?", "sim, configura", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, "> user\nimplement graceful shutdown\n> assistant\n"+c.ask+"\n> user\n"+c.reply+"\n")
			if c.put {
				expect(t, out, []string{open + `.*PodDisruptionBudget.*\? — `}, nil)
			} else {
				expect(t, out, nil, []string{open + `.*PodDisruptionBudget.*\? — `})
			}
		})
	}
}

// TestLabelledGuessClosed: a guess the agent labels as one ("Hipótese:",
// "…かもしれません（まだ推測です）", "Hypothesis:") is a doubt of fact: its
// verdict after a run closes it (m28, m28b). Near misses: a suspicion
// not labelled ("I suspect …") stays a hypothesis after "Confirmed", and
// a verdict with no run between stays open.
func TestLabelledGuessClosed(t *testing.T) {
	const run = "> call bash {\"command\":\"kubectl describe pod -l app=pedidos\"}\n> result\nWarning Unhealthy Readiness probe failed: HTTP probe failed with statuscode: 404\n"
	for _, c := range []struct {
		name, hyp, verdict string
		ran                bool
		want, never        []string
	}{
		{"pt (m28b)", "Hipótese: a readiness aponta pra `/readyz` mas a imagem ainda não expõe esse endpoint. Vou olhar os eventos.", "Confirmado: Readiness probe failed ... 404 — o /readyz não está montado no router.", true,
			[]string{`hypothesis/-/hipótese\S* \[established/`}, nil},
		{"ja (m28)", "遅いのは `(created_at, id)` に index がなくて全件 sort しているからかもしれません（まだ推測です）。EXPLAIN で確認します。", "確認できました: Seq Scan + external merge sort。index がないのが原因で確定です。", true,
			[]string{`hypothesis/-/遅いのは\S* \[established/`}, nil},
		{"en", "Hypothesis: the readiness probe points at `/readyz` but the image does not serve it yet.", "Confirmed: the readiness probe fails with 404, `/readyz` is not mounted.", true,
			[]string{`hypothesis/-/hypothesis\S* \[established/`}, nil},
		// Near misses.
		{"en not labelled", "I suspect the readiness probe points at `/readyz` which the image does not serve.", "Confirmed: the readiness probe fails with 404, `/readyz` is not mounted.", true,
			[]string{`hypothesis/-/suspect\S* \[hypothesis/`}, nil},
		{"pt no run", "Hipótese: a readiness aponta pra `/readyz` mas a imagem ainda não expõe esse endpoint.", "Confirmado: o /readyz não está montado no router.", false,
			[]string{`hypothesis/-/hipótese\S* \[hypothesis/`}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := "> user\nthe rollout is stuck\n> assistant\n" + c.hyp + "\n"
			if c.ran {
				s += run
			}
			s += "> assistant\n" + c.verdict + "\n"
			expect(t, reduceAll(t, s), c.want, c.never)
		})
	}
}

// TestNowTaskMarksAndReports: a request marked "pfv", "pls", "svp" is a
// task; a report in a participle ("README atualizado", "README updated")
// closes it, "最後に更新します" / "I'll do it at the end" keep it open
// (m29, m11). Near misses: no mark and no report; a report that names
// another thing.
func TestNowTaskMarksAndReports(t *testing.T) {
	const ob = `obligation obligation/-/\S+ \[`
	for _, c := range []struct {
		name, ask, report string
		want, never       []string
	}{
		{"pt done (m29)", "atualiza o README com as probes e o SHUTDOWN_TIMEOUT pfv", "README atualizado com as probes e o SHUTDOWN_TIMEOUT.",
			[]string{ob + `done/normative\] = atualiza o README`}, nil},
		{"en done", "update the README with the probes and the timeout pls", "README updated with the probes and the timeout.",
			[]string{ob + `done/normative\] = update the README`}, nil},
		{"ja later (m11)", "CHANGELOG は自分で書くのでやらなくていいです。最後に docs/api.md の OpenAPI のところも更新しておいてね", "了解です。CHANGELOG はお任せします。docs/api.md は最後に更新します。",
			[]string{ob + `open/normative\] = 最後に docs/api.md`}, nil},
		{"en later", "update the docs/api.md OpenAPI section pls", "Sure, docs/api.md: I'll update it at the end.",
			[]string{ob + `open/normative\] = update the docs/api.md`}, nil},
		// Near misses.
		{"no mark", "atualiza o README com as probes e o SHUTDOWN_TIMEOUT", "README atualizado com as probes e o SHUTDOWN_TIMEOUT.",
			nil, []string{ob}},
		{"other report", "atualiza o README com as probes e o SHUTDOWN_TIMEOUT pfv", "Chart atualizado no cluster.",
			nil, []string{ob}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, "> user\nimplement graceful shutdown\n> assistant\nDone.\n> user\n"+c.ask+"\n> assistant\n"+c.report+"\n")
			expect(t, out, c.want, c.never)
		})
	}
}

// TestJaVerbKotoRule: a Japanese rule told as a verb + こと other than
// する ("`cargo clippy` を通すこと", "slog を使うこと") in an instruction file
// is a rule (m06). Near miss: the same words as a noun phrase ("を使うこと
// は少ない") make none.
func TestJaVerbKotoRule(t *testing.T) {
	out := reduceAll(t, "> system\n# invoice-svc\n- Rust 1.83, edition 2021\n- `cargo fmt --all` と `cargo clippy --workspace -- -D warnings` を通すこと\n- ログは tracing を使うこと\n- unwrap を使うことは少ない\n> user\n`GET /invoices` に pagination 入れてください\n")
	expect(t, out, []string{`constraint constraint/-/cargo-fmt\S* \[active/`, `constraint constraint/-/ログは\S* \[active/`}, []string{`constraint/-/unwrap`})
}
