package recall

// SetIgnorePrints makes searches tell copies by their texts, as in an
// index without copy prints, until the returned func restores it.
func SetIgnorePrints(v bool) (restore func()) {
	was := ignorePrints
	ignorePrints = v
	return func() { ignorePrints = was }
}

// CopyPrint is copyPrint, for tests.
var CopyPrint = copyPrint
