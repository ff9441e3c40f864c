package projection

import "strings"

// A thing switched on or off somewhere is no setting.
//
// "zet webkit voorlopig uit in CI, niet in de config zelf maar via
// --project in de workflow" (turn webkit off in CI for now, not in the
// config itself but through --project in the workflow) read as "set K V,
// not W" gives the key "webkit voorlopig uit in": a verb phrase, with the
// particle that switches the thing ("uit", "off", "aus") and the
// preposition of the place it is switched in. No setting is named so.

// keyEndWords are the prepositions a setting's name does not end with.
var keyEndWords = wordSet(`in on at to for of from with into onto by via op naar voor met bij aan uit van im am zu für mit nach dans sur pour avec en de a da di per con su nel sul в на для с по`)

// switchParticles are the words that switch a thing on or off.
var switchParticles = wordSet(`off uit aus an aan spento acceso accesa spenta désactivé activé apagado encendido выключи включи`)

// verbPhraseKey reports whether key words k are a verb phrase rather than
// a setting's name: they end with a preposition, or hold a particle that
// switches a thing.
func verbPhraseKey(k string) bool {
	f := strings.Fields(strings.ToLower(k))
	if len(f) < 2 {
		return false
	}
	if keyEndWords[f[len(f)-1]] {
		return true
	}
	for _, w := range f[:len(f)-1] {
		if switchParticles[w] {
			return true
		}
	}
	return false
}
