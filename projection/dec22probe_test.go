package projection
import "testing"
func TestDec22ProbeIt(t *testing.T) {
	for _, c := range []struct{ ask, reply string }{
		{"Per il nuovo export PDF propongo una retry policy: 5 tentativi con backoff esponenziale. Va bene?", "3, non 5."},
		{"Para el nuevo export PDF quiero una política de reintentos: 5 reintentos con backoff exponencial. ¿Vale?", "3, no 5."},
		{"Para o novo export PDF proponho uma política de retry: 5 tentativas com backoff exponencial. Pode ser?", "3, não 5."},
	} {
		t.Log(runScript(t, "> user\nfix the PDF export\n> assistant\n"+c.ask+"\n> user\n"+c.reply+"\n> trace\n> all\n"))
	}
}
