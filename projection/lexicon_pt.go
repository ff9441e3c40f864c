package projection

import "slices"

// Portuguese cues (lexicon.go). "não" is a prohibition where it opens a
// clause before an imperative ("não altere", "não mexa"), a plain "not"
// elsewhere ("não sei") (fixPT).
var lexPT = []lexEntry{
	{catNever, "never", "nunca jamais"},
	{catNever, "not", "não"},
	{catNever, "no", "nenhum nenhuma"},
	{catNever, "is forbidden", "é_proibido está_proibido"},
	{catNever, "forbidden", "proibido proibida"},
	{catNever, "you may", "pode podes"},
	{catMust, "you must", "deve deves tem_que tens_que precisa"},
	{catMust, "always", "sempre"},
	{catMust, "make sure", "garanta_que certifique-se_de"},
	{catMust, "only", "só somente apenas"},
	{catMust, "from now on", "a_partir_de_agora daqui_para_frente"},
	{catUse, "use", "use usa utilize"},
	{catUse, "let's go with", "vamos_com vamos_usar"},
	{catUse, "I prefer", "prefiro preferiria"},
	{catUse, "not mandatory", "não_é_obrigatório não_é_obrigatória não_é_regra"},
	{catInstead, "instead of", "em_vez_de ao_invés_de"},
	{catInstead, "switch to", "mude_para troque_para"},
	{catExcept, "except", "exceto menos salvo"},
	{catExcept, "unless", "a_menos_que"},
	{catExcept, "the rest", "o_resto"},
	{catExcept, "everywhere else", "no_resto em_todo_o_resto"},
	{catExcept, "stays", "continua continuam"},
	{catLift, "no longer", "não_mais já_não"},
	{catLift, "now", "agora já"},
	{catLift, "again", "de_novo novamente"},
	{catLift, "allowed", "permitido liberado"},
	{catLift, "freely", "à_vontade livremente"},
	{catLift, "no longer applies", "não_vale_mais já_não_vale não_se_aplica_mais não_está_mais_valendo"},
	{catLift, "no longer applies", "fica_sem_efeito deixa_de_valer caducou"},
	{catLift, "obsolete", "obsoleta obsoleto"},
	{catLift, "no longer need to", "não_precisa_mais não_precisamos_mais não_é_mais_preciso não_tem_mais_que"},
	{catLift, "is fine now", "pode_sim tá_liberado está_liberado"},
	{catRelative, "halve", "corte_pela_metade reduza_pela_metade"},
	{catRelative, "in half", "pela_metade"},
	{catRelative, "a third less", "um_terço_a_menos"},
	{catRelative, "a third more", "um_terço_a_mais"},
	{catRelative, "a quarter less", "um_quarto_a_menos"},
	{catRelative, "a quarter more", "um_quarto_a_mais"},
	{catRelative, "a third", "um_terço"},
	{catRelative, "a quarter", "um_quarto"},
	{catRelative, "cut", "corta corte"},
	{catRelative, "back", "pro_valor_antigo pro_valor_anterior ao_valor_antigo ao_valor_anterior como_estava como_antes pro_que_era"},
	{catRelative, "set", "coloca bota põe volta"},
	{catRelative, "double", "dobre duplique dobra dobrar"},
	{catRelative, "increase", "aumente suba"},
	{catRelative, "reduce", "reduza diminua baixe"},
	{catRelative, "set", "coloque ponha"},
	{catRelative, "set it to", "coloca_em bota_em põe_em coloque_em ponha_em deixa_em"},
	{catRelative, "change", "mude altere"},
	{catRelative, "by", "em"},
	{catRelative, "back to", "volte_para"},
	{catRelative, "one more", "mais_um mais_uma"},
	{catRelative, "more", "a_mais de_mais"},
	{catRelative, "minutes", "minutos"},
	{catRelative, "seconds", "segundos"},
	{catRelative, "hours", "horas"},
	{catRelative, "days", "dias"},
	{catQuestion, "I still don't know", "ainda_não_sei"},
	{catQuestion, "I don't know", "não_sei"},
	{catQuestion, "open question", "pergunta_aberta"},
	{catQuestion, "whether", "se"},
	{catQuestion, "question", "dúvida"},
	{catQuestion, "pending", "pendente"},
	{catChoice, "go with", "vai_de vai_com vamos_de vamos_com fica_com ficamos_com"},
	{catChoice, "the first one", "a_primeira o_primeiro"},
	{catChoice, "the second one", "a_segunda o_segundo"},
	{catAnswer, "yes", "sim"},
	{catAnswer, "sorry", "desculpa desculpe perdão"},
	{catGiveUp, "forget it", "esquece esqueça deixa_pra_lá"},
	{catRules, "rules", "regras restrições condições"},
	{catRules, "rule", "regra"},
	{catRules, "ban", "proibição"},
	{catRelay, "asked us to", "pediu_pra pediu_para pediram_pra pediram_para"},
	{catNever, "no", "nada_de"},
	{catNever, "nothing", "nada"},
	{catNever, "at all", "de_jeito_nenhum de_forma_alguma"},
	{catMust, "preferably", "de_preferência preferencialmente"},
	{catDone, "remember to", "lembre-se_de lembra_de"},
	{catDone, "don't forget to", "não_esqueça_de"},
	{catDone, "before you finish", "antes_de_terminar antes_de_acabar"},
	{catDone, "before", "antes_de antes_que"},
	{catMust, "before every", "antes_de_cada antes_de_todo antes_de_toda"},
	{catDone, "at the end", "no_final"},
	{catDone, "done", "pronto terminado feito"},
	{catDone, "two things", "duas_coisas"},
	{catDone, "three things", "três_coisas"},
	{catGoal, "Goal", "objetivo meta"},
	{catGoal, "Task", "tarefa"},
	{catGoal, "change of plans", "mudança_de_planos mudança_de_plano mudança_de_prioridade mudou_o_plano"},
	{catGoal, "new priority", "nova_prioridade novo_objetivo"},
	{catGoal, "change of goal", "mudança_de_objetivo mudança_de_objetivos muda_o_objetivo mudar_o_objetivo mudamos_o_objetivo mudando_o_objetivo troca_de_objetivo"},
	{catGoal, "change of focus", "mudança_de_foco muda_o_foco mudar_o_foco mudamos_o_foco mudando_o_foco muda_de_foco troca_de_foco troca_o_foco"},
	{catGoal, "new focus", "novo_foco"},
	{catGoal, "can wait", "fica_pra_depois fica_para_depois deixa_pra_depois deixa_para_depois pode_esperar"},
	{catGoal, "priority", "prioridade"},
	{catGoal, "more important", "mais_importante mais_importantes"},
	{catFunction, "for now", "por_ora por_enquanto por_agora"},
	{catFunction, "now", "agr"},
	{catRelay, "says", "diz disse"},
	{catRelay, "according to", "segundo conforme"},
	{catRelay, "answered", "respondeu"},
	{catRelay, "answer from", "resposta_de"},
	{catRelay, "I've asked", "perguntei"},
	{catAttempt, "we tried", "tentamos testamos"},
	{catAttempt, "tried", "tentei testei"},
	{catAttempt, "didn't work", "não_funcionou"},
	{catAttempt, "doesn't work", "não_funciona"},
	{catAttempt, "made no difference", "não_mudou_nada não_adiantou_nada não_adiantou não_resolveu_nada"},
	{catAttempt, "we tried", "a_gente_tentou a_gente_testou"},
	{catAttempt, "hung", "travou"},
	// a run the user saw fail still or pass (userfail.go, usergreen.go)
	{catAttempt, "still failing", "ainda_tá_quebrando ainda_está_quebrando ainda_tá_falhando ainda_está_falhando ainda_quebrando ainda_falhando ainda_quebra ainda_falha continua_falhando continua_quebrando continuam_falhando continuam_quebrando segue_falhando seguem_falhando"},
	{catAttempt, "still red", "continua_vermelho ainda_tá_vermelho ainda_está_vermelho"},
	{catAttempt, "got error", "deu_erro"},
	{catAttempt, "it's green", "tá_verde está_verde ficou_verde tá_tudo_verde está_tudo_verde"},
	{catAttempt, "all passed", "passou_tudo passaram_todos passaram_todos_os_testes"},
	{catAttempt, "not ours", "não_é_nosso não_é_com_a_gente não_tem_a_ver_com_a_gente"},
	{catRelative, "by default", "por_padrão"},
	// Verbs of working on a thing or bringing one in, as a rule or a
	// permission says them ("não mexa", "pode adicionar").
	{catUse, "touch", "mexer mexa mexas tocar toques"},
	{catUse, "change", "alterar editar modificar"},
	{catUse, "add", "adicionar* adicione adiciona acrescentar* acrescente acrescenta"},
	{catUse, "install", "instalar* instale instala"},
	{catUse, "modify", "modificar* alterar* altere"},
	{catExcept, "just this once", "excepcionalmente só_desta_vez só_dessa_vez desta_vez dessa_vez"},
	{catFunction, "the", "o a os as"},
	{catFunction, "of the", "do da dos das"},
	{catFunction, "a", "um uma"},
	{catFunction, "and", "e"},
	{catFunction, "or", "ou"},
	{catFunction, "but", "mas"},
	{catFunction, "is", "é está"},
	{catFunction, "are", "são estão"},
	{catFunction, "I", "eu"},
	{catFunction, "you", "você vocês"},
	{catFunction, "we", "nós"},
	{catFunction, "with", "com"},
	{catFunction, "for", "para"},
	{catFunction, "of", "de"},
	{catFunction, "in", "no na"},
	{catFunction, "because", "porque"},
	{catFunction, "alone", "em_paz"},
	{catFunction, "please", "por_favor"},
	{catFunction, "also", "também"},
	{catFunction, "then", "depois então"},
	{catFunction, "this", "este esta isso isto"},
}

const stopPT = `o os do da dos das não é que um uma para com você nós isso está são também mas sempre nunca agora já ainda na nas pela pelo pelos pelas pra pro dele dela hoje gente vai`

// ptInformal are verbs in the informal imperative of Brazil, the
// indicative's form: "n usa kubectl apply", "não roda isso em prod", "n
// faz deploy".
var ptInformal = []string{"usa", "roda", "apaga", "toca", "faz", "põe", "tira", "commita", "pusha", "deleta", "altera", "edita", "instala", "sobe", "deploya"}

func fixPT(toks []glossTok) {
	fixNegation(toks, negRules{neg: "não", clitics: "o a os as me te se lhe nos", subjects: "você vc tu vocês", imperative: append([]string{"e", "es", "em", "ar", "er", "ir", "amos", "emos", "imos", "mexa", "faça", "escreva", "abra", "suba", "ponha", "traga", "rode",
		// the plural to "vocês" of verbs in -er/-ir ("não mexam"): "-am" alone
		// is the indicative of verbs in -ar too ("não funcionam")
		"mexam", "façam", "escrevam", "abram", "subam", "ponham", "tragam", "removam", "movam", "metam", "incluam", "excluam", "exponham", "reescrevam", "refaçam", "rompam",
		"remova", "mova", "inclua", "exclua", "exponha", "reescreva"},
		// the informal imperative of Brazil, the indicative's form ("n usa
		// kubectl apply", "não roda isso em prod", "n faz deploy")
		ptInformal...)})
	// "n roda." alone says it does not run: the informal imperative
	// forbids only with its object
	for _, cl := range glossClauses(toks) {
		for i := 0; i+1 < len(cl); i++ {
			if cl[i].low == "não" && cl[i].en == "do not" && cl[i+1].clauseEnd && slices.Contains(ptInformal, cl[i+1].low) {
				cl[i].en = "not"
			}
		}
	}
	fixSetting(toks)
}
