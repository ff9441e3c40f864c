package projection

// Arabic cues (lexicon.go): not read yet; lexiconAR returns nil until
// this file holds the language's lexicon.
func lexiconAR() *lexicon { return nil }
