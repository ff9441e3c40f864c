package projection

import "testing"

// A choice stated in prose by the user or the agent, in any language the
// lexicons cover, is a decision; a question, a hypothetical and a give-up
// with no course named are none.
func TestProseChoice(t *testing.T) {
	for _, s := range []string{
		"Decisión: el export ya no carga objetos; itera filas planas en bloques de 2000.",
		"Décision : on itère par blocs de 2000.",
		"Entscheidung: wir exportieren in Blöcken.",
		"on laisse tomber bf16 : fp16 + GradScaler",
		"Je laisse tomber torch.compile, on reste en eager.",
		"on part sur Redis pour le cache",
		"on garde Celery plutôt que cron",
		"vale, vamos con values_list y el iterador",
		"nos quedamos con Postgres 15",
		"ficamos com o Postgres 15",
		"restiamo su eager per ora",
		"wir bleiben bei Postgres 15",
		"we'll stay on eager mode",
		"we keep Celery beat rather than cron",
	} {
		if !proseChoice(s) {
			t.Errorf("no choice read in %q", s)
		}
	}
	for _, s := range []string{
		"si on part sur Redis, il faut un TTL",
		"on part sur Redis ?",
		"¿vamos con values_list?",
		"on pourrait rester en eager",
		"laisse tomber, c'est pas grave",
		"je laisse tomber pour aujourd'hui",
		"if we stay on eager the run takes 14h",
		"the job stays on the queue for an hour",
		"la tarea va con retraso",
	} {
		if proseChoice(s) {
			t.Errorf("a choice read in %q", s)
		}
	}
}

// The user's and the agent's choices in prose land as decisions.
func TestProseChoiceDecision(t *testing.T) {
	out := reduceAll(t, "> user\nactive l'AMP en bf16\n> assistant\nJ'active l'autocast bf16.\n> user\nbon le bf16 est désactivé en silence sur la V100. on laisse tomber bf16 : fp16 + GradScaler\n> assistant\nMême un Linear échoue avec torch.compile. Je laisse tomber torch.compile, on reste en eager.\n")
	expect(t, out, []string{`decision decision/-/\S* \[active/.*= on laisse tomber bf16 : fp16`, `decision decision/-/\S* \[active/.*on reste en eager`}, nil)
	out = reduceAll(t, "> user\nmake the export faster\n> assistant\nDown from 270s to 41s. Decision: the export no longer loads objects; it iterates flat rows in blocks of 2000.\n")
	expect(t, out, []string{`decision decision/-/\S* \[active/.*Decision: the export no longer loads objects`}, nil)
	out = reduceAll(t, "> user\nacelera el export\n> assistant\nBajó de 270s a 41s. Decisión: el export ya no carga objetos; itera filas planas en bloques de 2000.\n")
	expect(t, out, []string{`decision decision/-/\S* \[active/.*Decisión: el export ya no carga objetos`}, nil)
	out = reduceAll(t, "> user\nactive l'AMP en bf16\n> assistant\nSi on reste en eager, le run prend 14h. On pourrait essayer torch.compile.\n")
	expect(t, out, nil, []string{`decision`})
}
