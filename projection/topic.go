package projection

// SharedStems counts the content words a and b share, stemmed, with stop
// words left out and Chinese and Japanese read by pairs of characters:
// whether a reply speaks to a question rather than to something else.
func SharedStems(a, b string) int {
	n, _ := sharedStems(stems(a), stems(b))
	return n
}
