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
