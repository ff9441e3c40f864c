package projection

// Dutch cues (lexicon.go): not read yet; lexiconNL returns nil until
// this file holds the language's lexicon.
func lexiconNL() *lexicon { return nil }
