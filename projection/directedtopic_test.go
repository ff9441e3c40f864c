package projection

import "testing"

// "y el page size bájalo a 25": the noun before a verb of change names
// its setting, held or new, over the one touched last; a sentence before
// it, a comma before an unheld noun, a question or a number in the noun
// names none.
func TestDirectedChangeNamesItsNoun(t *testing.T) {
	rl := []string{"user: pon el rate limit a 100 rps, burst 20, y 3 reintentos con backoff de 100ms", "user: sube el límite a 200", "user: oye mejor 5 reintentos"}
	with := func(l ...string) []string { return append(append([]string{}, rl...), l...) }
	timeout := "user: el timeout es 45000"
	checkTerse(t, []terseCase{
		{"es a new setting named before the verb", []string{"user: necesito paginación por cursor en orders.list.", timeout, "user: y el page size bájalo a 25, con 50 se ve muy cargado en mobile."}, map[string]string{"timeout": "45000"}, nil},
		{"es a held setting named, not the one set last", with("user: y el burst bájalo a 10"), map[string]string{"burst": "10 (was 20)", "reintentos": "5 (was 3)", "rate_limit": "200 rps (was 100 rps)"}, nil},
		{"es a held setting named though the last could go", with("user: el límite, bájalo a 4"), map[string]string{"rate_limit": "4 rps (was 200 rps)", "reintentos": "5 (was 3)"}, nil},
		{"es an identifier named", []string{"user: necesito paginación por cursor en orders.list.", timeout, "user: y PAGE_SIZE bájalo a 25"}, map[string]string{"timeout": "45000"}, nil},
		{"de a held setting named", []string{"user: Das Limit ist 200.", "user: Die Wiederholungen sind 5.", "user: das Limit, senk es auf 3"}, map[string]string{"limit": "3 (was 200)", "wiederholungen": "5"}, nil},
		{"en a held setting named", []string{"user: set the rate limit to 200", "user: set retries to 5", "user: the rate limit, lower it to 3"}, map[string]string{"rate_limit": "3 (was 200)", "retries": "5"}, nil},
		{"it a loose word of the setting touched last", []string{"user: spostiamo la posta su mail2.", "user: message_size_limit è 10240000", "user: il limite allegati mettilo a 25MB come adesso sul vecchio"}, map[string]string{"message_size_limit": "25MB (was 10240000)"}, []string{"allegati"}},
		{"es no noun: the one set last", []string{"user: necesito paginación por cursor en orders.list.", timeout, "user: bájalo a 25"}, map[string]string{"timeout": "25 (was 45000)"}, nil},
		{"es a sentence before is no noun", []string{"user: necesito paginación por cursor en orders.list.", timeout, "user: el test pasó, bájalo a 25"}, map[string]string{"timeout": "25 (was 45000)"}, []string{"test"}},
		{"es a sentence ended before is no noun", []string{"user: necesito paginación por cursor en orders.list.", timeout, "user: vale, el page size está bien. bájalo a 25"}, map[string]string{"timeout": "25 (was 45000)"}, []string{"page"}},
		{"es a question sets nothing", []string{"user: necesito paginación por cursor en orders.list.", timeout, "user: ¿y el page size bájalo a 25?"}, map[string]string{"timeout": "45000"}, []string{"page"}},
		{"es a number in the clause is no noun", []string{"user: necesito paginación por cursor en orders.list.", timeout, "user: con el 30 bájalo a 25"}, map[string]string{"timeout": "25 (was 45000)"}, nil},
	})
}

// A value of another unit class never replaces a setting's value: a size
// or a duration is no value of a plain count, whatever was touched last;
// a setting whose name says the measure takes it.
func TestBareChangeKeepsItsUnitClass(t *testing.T) {
	checkTerse(t, []terseCase{
		{"zh a size is no batch size", []string{"user: batch size 改成 1000 试试。", "user: 那改成 200。", "user: 改成 20480KB，request 也一样。"}, map[string]string{"batch": "200 (was 1000)"}, nil},
		{"en a size is no batch size", []string{"user: set the batch size to 200", "user: make it 20MB"}, map[string]string{"batch": "200"}, nil},
		{"es a duration is no count of workers", []string{"user: los workers son 8", "user: bájalo a 30s"}, map[string]string{"workers": "8"}, nil},
		{"en a timeout takes a duration", []string{"user: set the timeout to 30", "user: make it 45s"}, map[string]string{"timeout": "45s (was 30)"}, nil},
		{"zh an upload size takes a size", []string{"user: 上传文件大小 改成 10", "user: 那改成 20MB"}, map[string]string{"上传文件大小": "20MB (was 10)"}, nil},
		{"en a count stays a count", []string{"user: set the batch size to 200", "user: make it 500"}, map[string]string{"batch": "500 (was 200)"}, nil},
	})
}
