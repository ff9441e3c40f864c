package projection

import (
	"strings"
	"testing"
)

func TestZZ(t *testing.T) {
	for _, c := range []struct{ intro, s string }{
		{"Bonjour ! Aujourd'hui on refait l'export comptable pour la compta, avec le nouveau module et les tests.", "Mets le timeout à 30 secondes."},
		{"Bonjour ! Aujourd'hui on refait l'export comptable pour la compta, avec le nouveau module et les tests.", "On ne touche pas à la base de prod."},
		{"¡Hola! Hoy rehacemos la exportación contable para el equipo de finanzas, con el módulo nuevo y los tests.", "Pon el timeout en 30 segundos."},
		{"¡Hola! Hoy rehacemos la exportación contable para el equipo de finanzas, con el módulo nuevo y los tests.", "Nada de tocar la base de producción."},
		{"Oi! Hoje refazemos a exportação contábil para o financeiro, com o módulo novo e os testes.", "Não mexam no banco de produção."},
		{"Ciao! Oggi rifacciamo l'export contabile per l'amministrazione, con il modulo nuovo e i test.", "Il database di produzione non si tocca."},
		{"Heute bauen wir den Export für die Buchhaltung, und zwar mit dem neuen Modul.", "Die Timeout-Grenze bitte auf 30 Sekunden setzen."},
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
