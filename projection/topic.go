package projection

// SharedStems counts the content words a and b share (shared) and those
// of a (ofA), stemmed, with stop words left out and Chinese and Japanese
// read by pairs of characters: whether a reply speaks to a question
// rather than to something else.
func SharedStems(a, b string) (shared, ofA int) {
	sa := stems(a)
	n, _ := sharedStems(sa, stems(b))
	return n, len(sa)
}
