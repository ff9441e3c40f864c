package projection

import (
	"strings"
	"unicode/utf8"
)

// French cues (lexicon.go). "ne … pas", "ne … jamais", "ne … plus" are
// read as one negation (fixFR): an imperative's ("ne modifie jamais")
// is a prohibition, a statement's ("je ne sais pas") a plain "not".
var lexFR = []lexEntry{
	{catNever, "never", "jamais"},
	{catNever, "not", "pas"},
	{catNever, "", "ne n'"},
	{catNever, "no", "aucun aucune"},
	{catNever, "is forbidden", "est_interdit est_interdite"},
	{catNever, "forbidden", "interdit interdite"},
	{catNever, "may", "peux pouvez"},
	{catMust, "must", "dois devez doit il_faut faut"},
	{catMust, "always", "toujours"},
	{catMust, "make sure", "assure-toi_que assurez-vous_que veille_à"},
	{catMust, "only", "seulement uniquement"},
	{catMust, "from now on", "désormais dorénavant à_partir_de_maintenant"},
	{catUse, "use", "utilise utilisez emploie"},
	{catUse, "let's go with", "on_part_sur on_prend partons_sur"},
	{catUse, "I prefer", "je_préfère je_préférerais"},
	{catUse, "not mandatory", "pas_obligatoire pas_une_règle"},
	{catInstead, "instead of", "au_lieu_de à_la_place_de"},
	{catInstead, "switch to", "passe_à"},
	{catExcept, "except for", "sauf_pour"},
	{catExcept, "except", "sauf excepté hormis"},
	{catExcept, "unless", "à_moins_que"},
	{catExcept, "the rest", "le_reste"},
	{catExcept, "everywhere else", "partout_ailleurs ailleurs"},
	{catExcept, "stays", "reste restent"},
	{catLift, "is fine", "c'est_ok c'est_bon ça_passe"},
	{catLift, "no longer", "plus"},
	{catLift, "now", "maintenant désormais"},
	{catLift, "again", "à_nouveau de_nouveau"},
	{catLift, "allowed", "autorisé autorisée permis"},
	{catLift, "no longer applies", "ne_s'applique_plus ne_vaut_plus n'est_plus_valable"},
	{catLift, "lifted", "est_levée est_levé"},
	{catLift, "obsolete", "caduque caduc obsolète"},
	{catLift, "no longer need to", "plus_besoin_de plus_la_peine_de pas_besoin_de_plus"},
	{catLift, "is fine now", "c'est_ok_finalement c'est_bon_finalement"},
	{catLift, "you can", "tu_peux vous_pouvez"},
	{catLift, "is back", "est_revenu est_revenue est_de_retour sont_revenus"},
	{catRelative, "halve", "divise_par_deux diminue_de_moitié"},
	{catRelative, "add", "rajoute ajoute rajoutez ajoutez"},
	{catRelative, "in half", "par_deux de_moitié"},
	{catRelative, "cut", "divise divisez coupe"},
	{catRelative, "back", "à_l'ancienne_valeur à_la_valeur_d'avant comme_avant comme_c'était"},
	{catRelative, "set", "remets remettez"},
	{catRelative, "double", "double doubler double-la double-le"},
	{catRelative, "increase", "augmente monte"},
	{catRelative, "reduce", "réduis baisse diminue"},
	{catRelative, "set", "mets"},
	{catRelative, "set it to", "mets-le_en mets-la_en mets-les_en"},
	{catRelative, "change", "change"},
	{catRelative, "back to", "remets_à"},
	{catRelative, "one more", "un_de_plus une_de_plus"},
	{catRelative, "more", "de_plus en_plus"},
	{catRelative, "minutes", "minutes"},
	{catRelative, "seconds", "secondes"},
	{catRelative, "hours", "heures"},
	{catRelative, "days", "jours"},
	{catQuestion, "I don't know yet", "je_ne_sais_pas_encore"},
	{catQuestion, "open question", "question_ouverte"},
	{catQuestion, "hasn't decided yet", "n'a_pas_encore_tranché n'a_pas_encore_décidé n'ont_pas_encore_tranché n'ont_pas_encore_décidé"},
	{catQuestion, "whether", "si"},
	{catQuestion, "pending", "en_suspens"},
	{catChoice, "go with", "on_prend on_part_sur prends_plutôt part_sur"},
	{catChoice, "the first one", "la_première le_premier"},
	{catChoice, "the second one", "la_deuxième le_deuxième la_seconde le_second"},
	{catAnswer, "yes", "oui"},
	{catAnswer, "no", "non"},
	{catAnswer, "sorry", "pardon désolé désolée"},
	{catGiveUp, "forget it", "oublie_ça laisse_tomber"},
	{catRules, "rules", "règles consignes contraintes conditions"},
	{catRules, "rule", "règle consigne contrainte"},
	{catRules, "ban", "interdiction"},
	{catRelay, "asked us to", "m'a_demandé_de nous_a_demandé_de a_demandé_de"},
	{catNever, "nothing", "rien"},
	{catNever, "no", "pas_de"},
	{catMust, "preferably", "de_préférence"},
	{catMust, "below", "en_dessous_du en_dessous_de en_dessous"},
	{catMust, "above", "au-dessus_du au-dessus_de"},
	{catDone, "don't forget to", "n'oublie_pas_de n'oubliez_pas_de"},
	{catDone, "remember to", "pense_à pensez_à"},
	{catDone, "before you finish", "avant_de_finir avant_de_terminer"},
	{catDone, "before", "avant_de avant_que avant_d'"},
	{catMust, "before every", "avant_chaque"},
	{catDone, "at the end", "à_la_fin"},
	{catDone, "done", "fini terminé"},
	{catDone, "two things", "deux_choses"},
	{catDone, "three things", "trois_choses"},
	{catGoal, "Goal", "objectif but"},
	{catGoal, "Task", "tâche"},
	{catGoal, "change of plans", "changement_de_plan changement_de_plans changement_de_programme change_de_plan change_de_priorité changement_de_priorité changement_de_priorités"},
	{catGoal, "new priority", "nouvelle_priorité nouvel_objectif"},
	{catGoal, "change of goal", "changement_d'objectif changement_d'objectifs changement_de_cap change_d'objectif on_change_d'objectif"},
	{catGoal, "change of focus", "changement_de_focus on_change_de_focus"},
	{catGoal, "new focus", "nouveau_focus"},
	{catGoal, "can wait", "peut_attendre"},
	{catGoal, "priority", "priorité"},
	{catGoal, "more important", "plus_important plus_importante plus_importants plus_importantes"},
	{catFunction, "for now", "pour_l'instant pour_le_moment"},
	{catFunction, "today", "aujourd'hui"},
	{catRelay, "says", "dit"},
	{catRelay, "according to", "selon d'après"},
	{catRelay, "answered", "a_répondu"},
	{catRelay, "answer from", "réponse_de"},
	{catRelay, "I've asked", "j'ai_demandé"},
	{catAttempt, "we tried", "on_a_essayé nous_avons_essayé"},
	{catAttempt, "tried", "essayé testé"},
	{catAttempt, "didn't work", "n'a_pas_marché n'a_pas_fonctionné"},
	{catAttempt, "doesn't work", "ne_marche_pas ne_fonctionne_pas"},
	{catAttempt, "made no difference", "n'a_rien_changé"},
	{catAttempt, "hung", "a_planté"},
	{catRelative, "by default", "par_défaut"},
	// Verbs of working on a thing or bringing one in, as a rule or a
	// permission says them ("ne touche pas", "tu peux ajouter").
	{catUse, "touch", "toucher touchez touches"},
	{catUse, "add", "ajouter ajoutes ajoutez"},
	{catUse, "install", "installer installe installez"},
	{catUse, "modify", "modifier modifiez"},
	{catExcept, "just this once", "exceptionnellement pour_cette_fois juste_cette_fois"},
	{catFunction, "the", "le la les l'"},
	{catFunction, "a", "un une"},
	{catFunction, "of the", "du des"},
	{catFunction, "of", "de d'"},
	{catFunction, "and", "et"},
	{catFunction, "or", "ou"},
	{catFunction, "but", "mais"},
	{catFunction, "is", "est"},
	{catFunction, "are", "sont"},
	{catFunction, "I", "je j'"},
	{catFunction, "you", "tu vous"},
	{catFunction, "we", "nous on"},
	{catFunction, "it", "ça cela"},
	{catFunction, "with", "avec"},
	{catFunction, "for", "pour"},
	{catFunction, "to", "à au aux"},
	{catFunction, "when", "quand lorsque lorsqu'"},
	{catFunction, "every", "toutes_les tous_les"},
	{catFunction, "because", "parce_que car"},
	{catFunction, "alone", "tranquille"},
	{catFunction, "please", "s'il_te_plaît s'il_vous_plaît stp svp"},
	{catFunction, "also", "aussi"},
	{catFunction, "then", "puis ensuite"},
	{catFunction, "this", "ce cette ces"},
	{catFunction, "my", "mon ma mes"},
	{catFunction, "our", "notre nos"},
}

const stopFR = `le la les des du une est et pas ne je tu nous vous avec pour sur ce cette qui que n' l' d' jamais toujours sauf mais aussi dans ça`

func fixFR(toks []glossTok) {
	fixNegation(toks, negRules{neg: "ne n'", split: true, clitics: "le la les l' y en me m' te t' lui leur"})
	fixWeNot(toks)
	fixDroppedNe(toks)
	fixSetting(toks)
}

// frStatives are verbs that say a state, not an order, before a "pas"
// without its "ne": "marche pas", "sais pas", "compile pas".
var frStatives = wordSet(`marche marchent fonctionne fonctionnent passe passent compile compilent sais sait savons vois voit comprends comprend crois pense peux peut veux veut dois doit suis est sont ai as a avons vais va change marchait`)

// fixDroppedNe reads a clause opening with a verb and "pas" or "jamais",
// the "ne" dropped as French is spoken ("touche pas à la prod", "pushe
// jamais sur main"), as the prohibition "do not"/"never" before the
// verb; a verb of state ("marche pas", "sais pas") states, and a clause
// with its subject before the verb ("ça marche pas") is no order.
func fixDroppedNe(toks []glossTok) {
	for _, cl := range glossClauses(toks) {
		lead := 0
		for lead < len(cl) && !cl[lead].keep && leadWords[cl[lead].en] {
			lead++
		}
		if lead+1 >= len(cl) || !cl[lead].keep && cl[lead].cat == catNever || cl[lead].clauseEnd || frStatives[cl[lead].low] || utf8.RuneCountInString(cl[lead].low) < 4 {
			continue
		}
		v, p := &cl[lead], &cl[lead+1]
		if p.low != "pas" && p.low != "jamais" || p.clauseEnd || !strings.HasSuffix(v.low, "e") && !strings.HasSuffix(v.low, "ez") && !strings.HasSuffix(v.low, "es") {
			continue
		}
		if p.low == "pas" {
			v.pre = strings.TrimSpace("do not " + v.pre)
		} else {
			v.pre = strings.TrimSpace("never " + v.pre)
		}
		p.keep, p.en = false, ""
	}
}

// fixWeNot reads "on ne touche pas à la prod", "nous ne poussons jamais
// sur main" as the team's norm it states, "we don't …" / "we never …",
// which the readings take as a rule when the verb is one of practice.
func fixWeNot(toks []glossTok) {
	for _, cl := range glossClauses(toks) {
		if len(cl) < 3 || cl[0].low != "on" && cl[0].low != "nous" || cl[1].low != "ne" && cl[1].low != "n'" {
			continue
		}
		for j := 3; j < len(cl) && j < 6; j++ {
			switch cl[j].low {
			case "pas":
				cl[1].keep, cl[1].en = false, "don't"
				cl[j].keep, cl[j].en = false, ""
			case "jamais":
				cl[1].keep, cl[1].en = false, "never"
				cl[j].keep, cl[j].en = false, ""
			default:
				continue
			}
			break
		}
	}
}
