package projection

import "testing"

// TestOrderedActLiftsRule: an order of the act a prohibition forbids, on
// a thing named as code, with the rule's reason spoken to again, lifts
// the rule, in English and the Romance languages read; the order alone,
// negated, asked, or of another verb lifts nothing.
func TestOrderedActLiftsRule(t *testing.T) {
	const es = "> user\nnecesito paginación por cursor en el procedimiento tRPC orders.list.\n> assistant\nVa, reviso el router.\n> user\nah, y nada de instalar dependencias nuevas, el lockfile anda delicado.\n> assistant\nSin dependencias nuevas.\n> user\n"
	const en = "> user\nI need cursor pagination in the tRPC procedure orders.list.\n> assistant\nOk.\n> user\noh, and don't install new dependencies, the lockfile is fragile.\n> assistant\nNo new dependencies.\n> user\n"
	runScriptCases(t, []scriptCase{
		{"es order with the reason answered", es + "ya, instala @tanstack/react-virtual, ya hablé con Lalo del lockfile.\n",
			[]string{`constraint/-/nada-instalar-dependencias.* \[lifted/`}, nil},
		{"en order with the reason answered", en + "ok, install @tanstack/react-virtual, I talked with Lalo about the lockfile.\n",
			[]string{`constraint/-/don-t-install-new-dependencies.* \[lifted/`}, nil},
		{"pt order with the reason answered", "> user\npreciso de paginação por cursor no procedimento orders.list.\n> assistant\nBeleza.\n> user\nnão instale dependências novas, o lockfile está frágil.\n> assistant\nOk.\n> user\nbeleza, instala @tanstack/react-virtual, já falei com o Lalo sobre o lockfile.\n",
			[]string{`constraint/-/.*dependências.* \[lifted/`}, nil},
		{"near miss: es order alone", es + "ya, instala @tanstack/react-virtual.\n",
			[]string{`constraint/-/nada-instalar-dependencias.* \[active/`}, []string{`\[lifted/`}},
		{"near miss: en order alone", en + "ok, install @tanstack/react-virtual.\n",
			nil, []string{`constraint/-/don-t-install-new-dependencies.* \[lifted/`}},
		{"near miss: negated order", en + "don't install @tanstack/react-virtual either, I talked with Lalo about the lockfile.\n",
			nil, []string{`\[lifted/`}},
		{"near miss: asked", en + "can you install @tanstack/react-virtual? I talked with Lalo about the lockfile.\n",
			nil, []string{`\[lifted/`}},
		{"near miss: another verb", en + "remove @tanstack/react-table, I talked with Lalo about the lockfile.\n",
			nil, []string{`\[lifted/`}},
		{"near miss: a rule with no reason", "> user\nI need cursor pagination in orders.list.\n> assistant\nOk.\n> user\ndon't install new dependencies.\n> assistant\nOk.\n> user\nok, install @tanstack/react-virtual, I talked with Lalo about the lockfile.\n",
			nil, []string{`\[lifted/`}},
	})
}

// TestOrderedActLiftsRuleRomance: the same shape in Italian and French.
func TestOrderedActLiftsRuleRomance(t *testing.T) {
	runScriptCases(t, []scriptCase{
		{"it order with the reason answered", "> user\nmi serve la paginazione a cursore in orders.list.\n> assistant\nOk.\n> user\nnon installare nuove dipendenze, il lockfile è delicato.\n> assistant\nOk.\n> user\nok, installa @tanstack/react-virtual, ho parlato con Lalo del lockfile.\n",
			[]string{`constraint/-/.*dipendenze.* \[lifted/`}, nil},
		{"fr order with the reason answered", "> user\nil me faut la pagination par curseur dans orders.list.\n> assistant\nOk.\n> user\nn'installe pas de nouvelles dépendances, le lockfile est fragile.\n> assistant\nOk.\n> user\nbon, installe @tanstack/react-virtual, j'ai parlé du lockfile avec Lalo.\n",
			[]string{`constraint/-/.*dépendances.* \[lifted/`}, nil},
		{"near miss: it order alone", "> user\nmi serve la paginazione a cursore in orders.list.\n> assistant\nOk.\n> user\nnon installare nuove dipendenze, il lockfile è delicato.\n> assistant\nOk.\n> user\nok, installa @tanstack/react-virtual.\n",
			nil, []string{`\[lifted/`}},
	})
}
