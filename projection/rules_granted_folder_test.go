package projection

import "testing"

// Two rules joined by "and" whose parts each have their own subject and
// their own rule word are two rules, each lifted alone (ownrule.go); an
// "and" joining two objects of one verb keeps one rule.
func TestTwoRulesOneSentence(t *testing.T) {
	active := func(s string) string { return `constraint [^\n]*\[active/normative\] = ` + s + ` @` }
	cases := []scriptCase{
		{"fr repro", "> user\nobjectif : entraîner resnet50 sur ImageNet-100\nrègles : seed toujours 1234, et tu ne touches pas à data/splits/*.csv\n> assistant\nD'accord.\n> user\npour les splits, oublie la restriction, tu peux toucher à tous les fichiers de data/splits maintenant",
			[]string{active(`seed toujours 1234`), `constraint [^\n]*\[lifted/normative\] = tu ne touches pas à data/splits/\*\.csv @`}, []string{`\[lifted/normative\] = [^\n]*1234`}},
		{"en label", "> user\ngoal: train resnet50. rules: seed always 1234, and you don't touch data/splits/*.csv\n> assistant\nOK.\n> user\nfor the splits, forget the restriction, you can touch any file in data/splits now",
			[]string{active(`seed always 1234`), `constraint [^\n]*\[lifted/normative\] = you don't touch data/splits/\*\.csv @`}, []string{`\[lifted/normative\] = [^\n]*1234`}},
		{"en no label", "> user\ntrain resnet50. the seed always stays 1234 and you never touch data/splits/*.csv\n> assistant\nOK.\n> user\nforget the restriction, you can touch any file in data/splits now",
			[]string{active(`the seed always stays 1234`), `constraint [^\n]*\[lifted/normative\] = you never touch data/splits/\*\.csv @`}, []string{`\[lifted/normative\] = [^\n]*1234`}},
		{"fr no label", "> user\nentraîne resnet50. la seed reste toujours 1234 et tu ne touches jamais à data/splits/*.csv\n> assistant\nD'accord.\n> user\ngo",
			[]string{active(`la seed reste toujours 1234`), active(`tu ne touches jamais à data/splits/\*\.csv`)}, nil},
		{"es", "> user\nentrena resnet50. reglas: la semilla siempre 1234, y tú nunca tocas data/splits/*.csv\n> assistant\nVale.\n> user\nadelante",
			[]string{active(`la semilla siempre 1234`), active(`tú nunca tocas data/splits/\*\.csv`)}, nil},
		{"de", "> user\ntrainiere resnet50. Regeln: der Seed bleibt immer 1234, und du fasst data/splits/*.csv nicht an\n> assistant\nOK.\n> user\nlos",
			[]string{active(`der Seed bleibt immer 1234`), active(`du fasst data/splits/\*\.csv nicht an`)}, nil},
		{"it", "> user\naddestra resnet50. regole: il seed sempre 1234, e tu non tocchi data/splits/*.csv\n> assistant\nOk.\n> user\nvai",
			[]string{active(`il seed sempre 1234`), active(`tu non tocchi data/splits/\*\.csv`)}, nil},
		{"pt", "> user\ntreina a resnet50. regras: a seed sempre 1234, e você não mexe em data/splits/*.csv\n> assistant\nOk.\n> user\nvai",
			[]string{active(`a seed sempre 1234`), active(`você não mexe em data/splits/\*\.csv`)}, nil},
		{"ru", "> user\nобучи resnet50. правила: сид всегда 1234, и ты не трогаешь data/splits/*.csv\n> assistant\nОк.\n> user\nпоехали",
			[]string{active(`сид всегда 1234`), active(`ты не трогаешь data/splits/\*\.csv`)}, nil},
		{"ko", "> user\nresnet50 학습해줘. 규칙: 시드는 항상 1234로 하고, 그리고 data/splits/*.csv는 절대 건드리지 마.\n> assistant\n네.\n> user\n시작해",
			[]string{active(`시드는 항상 1234로 하고`), active(`data/splits/\*\.csv는 절대 건드리지 마\.`)}, nil},
		{"ja", "> user\nresnet50 を学習して。ルール：シードは常に1234、かつ data/splits/*.csv には触らないで。\n> assistant\nはい。\n> user\n始めて",
			[]string{active(`シードは常に1234`), active(`data/splits/\*\.csv には触らないで。`)}, nil},
		{"zh", "> user\n训练 resnet50。规则：种子始终是1234，并且不要碰 data/splits/*.csv。\n> assistant\n好。\n> user\n开始",
			[]string{active(`种子始终是1234`), active(`不要碰 data/splits/\*\.csv。`)}, nil},
		// near misses: one verb, two objects
		{"ko: one verb two objects", "> user\nresnet50 학습해줘. data/splits/*.csv 그리고 configs/base.yaml는 절대 건드리지 마.\n> assistant\n네.\n> user\n시작해",
			[]string{active(`data/splits/\*\.csv 그리고 configs/base\.yaml는 절대 건드리지 마\.`)}, nil},
		{"en: one verb two objects", "> user\ntrain resnet50. don't touch data/splits/*.csv and configs/base.yaml\n> assistant\nOK.\n> user\ngo",
			[]string{active(`don't touch data/splits/\*\.csv and configs/base\.yaml`)}, []string{active(`configs/base\.yaml`)}},
		{"fr: one verb two objects", "> user\nentraîne resnet50. ne touche pas à data/splits/*.csv et à configs/base.yaml\n> assistant\nD'accord.\n> user\ngo",
			[]string{active(`ne touche pas à data/splits/\*\.csv et à configs/base\.yaml`)}, nil},
		{"en: a value and a permission", "> user\ntrain resnet50. never push to main and you can run the tests whenever\n> assistant\nOK.\n> user\ngo",
			[]string{active(`never push to main and you can run the tests whenever`)}, nil},
	}
	runScriptCases(t, cases)
}

// A rule's thing granted by someone for once ("보안팀이 이번 한 번만 prod에
// 태그 변경 apply는 허락했어", "the security team allowed … just this
// once") is an exception of the rule, not its lift; a question, a
// negation and a grant of another thing change nothing (granted.go).
func TestGrantedOnce(t *testing.T) {
	const ko = "> user\nRDS 설정 정리해줘. prod 워크스페이스에는 절대 apply 하지 마, plan만\n> assistant\n네, prod는 plan만 하겠습니다.\n> user\n"
	const en = "> user\nClean up the RDS settings. Never apply to the prod workspace, plan only\n> assistant\nOK, plan only on prod.\n> user\n"
	const koRule, enRule = `prod 워크스페이스에는 절대 apply 하지 마, plan만`, `Never apply to the prod workspace, plan only`
	excepted := func(r string) string { return `constraint [^\n]*\[active/normative\] = ` + r + ` — except: ` }
	plain := func(r string) string { return `constraint [^\n]*\[active/normative\] = ` + r + ` @` }
	cases := []scriptCase{
		{"ko repro", ko + "보안팀이 이번 한 번만 prod에 태그 변경 apply는 허락했어 (-target=aws_s3_bucket.logs 만). 나머진 여전히 plan만\n> assistant\n네.\n> user\n승인 났어. 이제 prod apply 해도 되는 걸로 하자, 그 prod는 plan만 규칙은 이제 없어",
			[]string{`constraint [^\n]*\[lifted/normative\] = ` + koRule + ` — except: 보안팀이 이번 한 번만`}, []string{`constraint [^\n]*\[active`}},
		{"ko exception", ko + "보안팀이 이번 한 번만 prod에 태그 변경 apply는 허락했어 (-target=aws_s3_bucket.logs 만). 나머진 여전히 plan만",
			[]string{excepted(koRule) + `보안팀이 이번 한 번만`}, []string{`\[lifted`}},
		{"en exception", en + "The security team allowed a tag-change apply to prod just this once (-target=aws_s3_bucket.logs only). The rest is still plan only",
			[]string{excepted(enRule) + `The security team allowed`}, []string{`\[lifted`}},
		{"ko: question", ko + "보안팀이 이번 한 번만 prod에 태그 변경 apply는 허락했어?",
			[]string{plain(koRule)}, []string{`except:`, `\[lifted`}},
		{"ko: not allowed", ko + "보안팀이 prod apply는 허락 안 했어.",
			[]string{plain(koRule)}, []string{`except:`, `\[lifted`}},
		{"en: another thing", en + "The security team allowed a tag change on the staging bucket just this once.",
			[]string{plain(enRule)}, []string{`except:`, `\[lifted`}},
	}
	runScriptCases(t, cases)
}

// "forget the restriction, you can touch any file in data/splits now"
// names a folder holding the rule's files: the rule is lifted
// (permitlift.go, objectNamed); another folder is another thing.
func TestLiftByFolder(t *testing.T) {
	const en = "> user\ntrain resnet50. rule: don't touch data/splits/*.csv\n> assistant\nOK.\n> user\n"
	const rule = `don't touch data/splits/\*\.csv`
	cases := []scriptCase{
		{"en", en + "forget the restriction, you can touch any file in data/splits now",
			[]string{`constraint [^\n]*\[lifted/normative\] = ` + rule}, []string{`constraint [^\n]*\[active`}},
		{"en: another folder", en + "you can touch any file in data/raw now",
			[]string{`constraint [^\n]*\[active/normative\] = ` + rule}, []string{`\[lifted`}},
		{"en: a file inside is an exception", en + "you can touch data/splits/val.csv now, only that one",
			[]string{`constraint [^\n]*\[active/normative\] = ` + rule + ` — except: `}, []string{`\[lifted`}},
	}
	runScriptCases(t, cases)
}
