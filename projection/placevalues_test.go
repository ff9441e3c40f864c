package projection

import "testing"

// Values per environment named before them are one value for each
// environment, keyed by it, and no rule; a labelled setting switched
// from one value to another is a change (trial 10 A8, A9). One
// environment, a thing that is no setting, two settings, a question
// give none.
func TestPlaceValues(t *testing.T) {
	cases := []scriptCase{
		{"es: the trial's feedback", "\n> user\najusta settings\n> assistant\nHecho.\n> user\n" +
			"dos cosas de settings por entorno: en staging CONN_MAX_AGE tiene que ser 0 (pgbouncer en modo transaction), en prod se queda en 60. y el result backend: pasa de redis a django-db (django_celery_results)\n",
			[]string{`value/staging/conn_max_age \[current/normative\] = 0`, `value/prod/conn_max_age \[current/normative\] = 60`, `result_backend \[current/normative\] = django-db \(was redis\)`},
			[]string{`constraint`, `from_redis`, `= 0 \(pgbouncer`}},
		{"en: in staging … and in prod …", "\n> user\ntune the db settings\n> user\nin staging CONN_MAX_AGE is 0 and in prod 60. the result backend: switch from redis to django-db\n",
			[]string{`value/staging/conn_max_age \[current/normative\] = 0`, `value/prod/conn_max_age \[current/normative\] = 60`, `result_backend \[current/normative\] = django-db \(was redis\)`},
			[]string{`staging_conn_max_age`, `from_redis`}},
		{"zh: named before, per environment with 用", "\n> user\n调一下数据库设置\n> user\nCONN_MAX_AGE：staging 用 0，prod 用 60\n",
			[]string{`value/staging/conn_max_age \[current/normative\] = 0`, `value/prod/conn_max_age \[current/normative\] = 60`}, nil},
		{"de: auf staging … auf prod …", "\n> user\nDB-Einstellungen anpassen\n> user\nauf staging soll CONN_MAX_AGE 0 sein, auf prod bleibt es bei 60\n",
			[]string{`value/staging/conn_max_age \[current/normative\] = 0`, `value/prod/conn_max_age \[current/normative\] = 60`}, nil},
		{"near miss: one environment, no setting named, a question, two settings", "\n> user\nlook at the deploys\n" +
			"> user\nen staging el deploy tardó 30 minutos, en prod 60\n" +
			"> user\nin staging the tests took 3 minutes and in prod 9\n" +
			"> user\nis CONN_MAX_AGE 0 in staging and in prod 60?\n" +
			"> user\nin staging POOL_SIZE is 5 and in prod MAX_CONN is 10\n",
			nil, []string{`value/staging/`, `value/prod/`, `value/en/`, `value/in/`}},
		{"near miss: a label and a trip, a switch with more after it", "\n> user\nplan the trip\n" +
			"> user\nnote: from monday to friday\n" +
			"> user\nthe migration: from 0042 to 0043 took 3 minutes\n",
			nil, []string{`value/-/note`, `value/-/the_migration`, `value/-/migration`}},
	}
	runScriptCases(t, cases)
}

// A setting named in prose before its environments ("memory limit:
// staging 256Mi, prod 512Mi", "timeout en dev 5s y en prod 30s"), or in
// Chinese after its first number ("staging 用 2 个副本，prod 用 4 个"), is
// one value per environment keyed by the setting, never a setting named
// "staging"; a later change of one leaves the other. Counts of tests and
// runs, or one environment, set none.
func TestPlaceValuesNamedInProse(t *testing.T) {
	runScriptCases(t, []scriptCase{
		{"en: memory limit, then one changed", "> user\nTune the deployment.\n> user\nmemory limit: staging 256Mi, prod 512Mi\n> user\nmake the memory limit in prod 1Gi\n",
			[]string{`value/staging/memory_limit \[current/normative\] = 256Mi @1`, `value/prod/memory_limit \[current/normative\] = 1Gi \(was 512Mi\)`},
			[]string{`value/-/staging`, `value/-/prod`, `constraint`}},
		{"es: timeout en dev y en prod", "> user\nAjusta el cliente.\n> user\ntimeout en dev 5s y en prod 30s\n",
			[]string{`value/dev/timeout \[current/normative\] = 5s`, `value/prod/timeout \[current/normative\] = 30s`}, nil},
		{"zh: 副本 after the number", "> user\n调一下部署。\n> user\nstaging 用 2 个副本，prod 用 4 个\n",
			[]string{`value/staging/副本 \[current/normative\] = 2`, `value/prod/副本 \[current/normative\] = 4`}, nil},
		{"near miss: counts, one environment, no name", "> user\nLook at the pipeline.\n" +
			"> user\ntest 1 and test 2 pass, ci 3 failures\n> user\ndeploy to staging first, then prod\n> user\nstaging 2, prod 4\n",
			nil, []string{`value/staging/`, `value/prod/`, `value/test/`}},
	})
}

// A bare list of settings with no separators is one value each, in the
// languages glossed as in English, after a verb or a few words; "non,
// pas 0.02" turns the value down; answers by number ("1 oui, 3 non",
// "1 sí, 2 no") set no value; "à 1.0" is the clipping's, never the
// batch named before its number (trial 10 C6, C26).
func TestTerseListsAndAnswersByNumber(t *testing.T) {
	ask := "> assistant\nLa loss passe à NaN. Je propose de descendre lr à 0.02.\n\nAutre question :\n1. garder le label smoothing à 0.1 ?\n2. ajouter une EMA des poids ?\n3. mixup/cutmix ?\n"
	cases := []scriptCase{
		{"fr: the trial's reply", "\n> user\nok. baisse le batch à 128 et lr en conséquence (règle linéaire)\n> assistant\nBatch 256 → 128, donc lr 0.1 → 0.05.\n" +
			"> user\nremonte le batch à 192 et lr 0.075 pour voir\n" + ask +
			"> user\nnon, pas 0.02. remets batch 128 lr 0.05 comme avant et ajoute du grad clipping à 1.0 + warmup 3 epochs.\npour tes questions : 1 oui, 3 non. 2 on verra plus tard\n",
			[]string{`value/-/batch \[current/normative\] = 128`, `value/-/lr \[current/normative\] = 0.05`},
			[]string{`pour_tes_questions`, `value/-/oui`, `value/-/non`, `batch \[current/normative\] = 1 `, `\[current/normative\] = 0.02`}},
		{"en: the same in English", "\n> user\ntrain the r50 on in100\n" + "> assistant\nLoss is NaN. I suggest lowering lr to 0.02.\n\nOther questions:\n1. keep label smoothing at 0.1?\n2. add an EMA of the weights?\n3. mixup/cutmix?\n" +
			"> user\nno, not 0.02. put batch 128 lr 0.05 back like before and add grad clipping at 1.0.\nfor your questions: 1 yes, 3 no. 2 later\n",
			[]string{`value/-/batch \[current/normative\] = 128`, `value/-/lr \[current/normative\] = 0.05`},
			[]string{`for_your_questions`, `value/-/yes`, `= 0.02`, `= 1 yes`}},
		{"es, de, pt, it: bare lists after a verb", "\n> user\nentrena el modelo\n" +
			"> user\npon timeout 30 retries 5 como antes\n" +
			"> user\nsetz batch 64 wd 0.01 bitte\n" +
			"> user\nvai de warmup_steps 500 eval_steps 200\n" +
			"> user\nmetti dropout 0.1 epochs 12\n",
			[]string{`value/-/timeout \[current/normative\] = 30`, `value/-/retries \[current/normative\] = 5`, `value/-/batch \[current/normative\] = 64`,
				`value/-/wd \[current/normative\] = 0.01`, `warmup_steps \[current/normative\] = 500`, `eval_steps \[current/normative\] = 200`,
				`value/-/dropout \[current/normative\] = 0.1`, `value/-/epochs \[current/normative\] = 12`}, nil},
		{"es: answers by number are no values", "\n> user\nrevisa el pipeline\n> assistant\nDos preguntas:\n1. ¿activo el cache?\n2. ¿borro los logs viejos?\n> user\n1 sí, 2 no\n",
			nil, []string{`value/-/sí`, `value/-/si`, `= 1 s`, `= 2 no`, `value/-/no`}},
		{"near miss: prose with numbers, labels, a question", "\n> user\nlook at the runs\n" +
			"> user\nround 1 step 2 phase 3\n" +
			"> user\nran 3 jobs 2 failed\n" +
			"> user\nshould it be batch 128 lr 0.05?\n",
			nil, []string{`value/-/round`, `value/-/step`, `value/-/ran`, `value/-/jobs`, `value/-/batch`}},
	}
	runScriptCases(t, cases)
}
