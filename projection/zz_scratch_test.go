package projection

import (
	"strings"
	"testing"
)

func TestZZ(t *testing.T) {
	for _, c := range []struct{ intro, s string }{
		{"Heute bauen wir den Export für die Buchhaltung.", "Bitte fass die Produktionsdatenbank nicht an."},
		{"Heute bauen wir den Export für die Buchhaltung.", "Wir pushen nie direkt auf main."},
		{"Heute bauen wir den Export für die Buchhaltung.", "Die Timeout-Grenze bitte auf 30 Sekunden setzen."},
		{"Heute bauen wir den Export für die Buchhaltung.", "Bis Freitag brauchen wir die Doku."},
		{"Aujourd'hui on refait l'export comptable.", "On ne touche pas à la base de prod."},
		{"Aujourd'hui on refait l'export comptable.", "Mets le timeout à 30 secondes."},
		{"Aujourd'hui on refait l'export comptable.", "Il faut que tout passe par une PR."},
		{"Hoy rehacemos la exportación contable.", "Nada de tocar la base de producción."},
		{"Hoy rehacemos la exportación contable.", "Pon el timeout en 30 segundos."},
		{"Oggi rifacciamo l'export contabile.", "Il database di produzione non si tocca."},
		{"Oggi rifacciamo l'export contabile.", "Metti il timeout a 30 secondi."},
		{"Hoje refazemos a exportação contábil.", "Não mexam no banco de produção."},
		{"Сегодня переделываем выгрузку для бухгалтерии.", "Прод не трогаем ни при каких условиях."},
		{"今天重做财务导出。", "生产库一律不准碰。"},
		{"今日は会計エクスポートを作り直します。", "本番DBには絶対に触らないでください。"},
	} {
		out := reduceAll(t, "> user\n"+c.intro+"\n> assistant\nOK.\n> user\n"+c.s+"\n")
		k := ""
		for _, l := range strings.Split(out, "\n") {
			if strings.HasSuffix(strings.TrimSpace(l), "@2") {
				f := strings.Fields(l)
				k += f[1] + " "
			}
		}
		t.Logf("%-55s | %s", c.s, k)
	}
}

func TestZZ2(t *testing.T) {
	for _, c := range []struct{ intro, s string }{
		{"Heute bauen wir den Export für die Buchhaltung.", "Bitte fass die Produktionsdatenbank nicht an."},
		{"Heute bauen wir den Export für die Buchhaltung.", "Wir pushen nie direkt auf main."},
		{"Heute bauen wir den Export für die Buchhaltung.", "Die Timeout-Grenze bitte auf 30 Sekunden setzen."},
		{"Aujourd'hui on refait l'export comptable.", "On ne touche pas à la base de prod."},
		{"Aujourd'hui on refait l'export comptable.", "Mets le timeout à 30 secondes."},
		{"Hoy rehacemos la exportación contable.", "Nada de tocar la base de producción."},
		{"Hoy rehacemos la exportación contable.", "Pon el timeout en 30 segundos."},
		{"Oggi rifacciamo l'export contabile.", "Il database di produzione non si tocca."},
		{"Hoje refazemos a exportação contábil.", "Não mexam no banco de produção."},
	} {
		p := detectLang(c.intro, langNone)
		l := detectLang(c.s, p)
		g := glossOf(c.s, l)
		x := "<nil>"
		if g != nil {
			x = g.text
		}
		t.Logf("%d %d | %s | %s", p, l, c.s, x)
	}
}
