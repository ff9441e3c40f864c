package projection

import (
	"strconv"
	"strings"
)

// A span of time written in two units is one quantity: "2 分", "2
// minutes", "2 Minuten" and "120s" are the same request timeout, so the
// edit that writes "120s" after the user asked for "2 分" carries out the
// user's value, not a change of it.

// spanSeconds are the seconds one unit of time holds, by the unit's word
// in the languages of the lexicons (lower-cased).
var spanSeconds = func() map[string]float64 {
	m := map[string]float64{}
	for secs, words := range map[float64]string{
		0.001: `ms msec msecs millisecond milliseconds ミリ秒 毫秒 밀리초`,
		1: `s sec secs second seconds 秒 秒钟 초 segundo segundos seg sekunde sekunden sek seconde secondes secondo secondi seconden ` +
			`sekunda sekundy sekund sekunder saniye sn секунда секунды секунд сек секунди giây`,
		60: `m min mins minute minutes 分 分钟 分間 분 minuto minutos minuten minuut minut minuty minuter dakika dk ` +
			`минута минуты минут мин хвилина хвилини хвилин phút`,
		3600: `h hr hrs hour hours 時間 小时 小時 시간 hora horas stunde stunden std heure heures ora ore uur godzina godziny godzin ` +
			`timme timmar saat час часа часов година години годин giờ`,
		86400: `d day days 日 天 일 dia dias día días tag tage tagen jour jours giorno giorni dag dagen dagar dzień dni gün день дня дней ngày`,
	} {
		for _, w := range strings.Fields(words) {
			m[w] = secs
		}
	}
	return m
}()

// spanOf is the seconds value v, a number and a unit of time ("2 分",
// "120s", "1.5 hours"), holds; ok false for anything else.
func spanOf(v string) (float64, bool) {
	m := heldNumRE.FindStringSubmatch(strings.TrimSpace(v))
	if m == nil || m[3] == "" {
		return 0, false
	}
	per, ok := spanSeconds[strings.ToLower(strings.TrimSpace(m[3]))]
	if !ok {
		return 0, false
	}
	n, err := strconv.ParseFloat(m[1], 64)
	if err != nil {
		return 0, false
	}
	return n * per, true
}

// sameSpan reports whether a and b are one span of time in two units
// ("2 分" and "120s"); false when either is no span.
func sameSpan(a, b string) bool {
	x, ok := spanOf(a)
	if !ok {
		return false
	}
	y, ok := spanOf(b)
	return ok && x > 0 && (x-y)*(x-y) < 1e-9
}
