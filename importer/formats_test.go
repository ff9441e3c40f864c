package importer

import (
	"errors"
	"slices"
	"testing"
)

// TestFormatsAreHandled holds a format's registrations together: every
// format with a parser (parsers, lineParsers) or a case of its own in
// ImportFormat is listed by Formats() (the list ef inspect gives for a file
// it cannot read), and every listed format has an importer, so a format
// added in one place only fails here.
func TestFormatsAreHandled(t *testing.T) {
	listed := Formats()
	handled := []Format{FormatDSH, FormatOpenHands, FormatOpenAIChat, FormatAnthropic, FormatLangChain, FormatResponses, FormatAider, FormatCline}
	for f := range parsers {
		handled = append(handled, f)
	}
	for f := range lineParsers {
		if _, ok := parsers[f]; !ok {
			t.Errorf("lineParsers has %q, parsers does not (Import would not read what Open streams)", f)
		}
	}
	for _, f := range handled {
		if !slices.Contains(listed, f) {
			t.Errorf("format %q is imported but not listed by Formats()", f)
		}
	}
	for _, f := range listed {
		// Not JSON of any format: a listed format's importer says the
		// input is malformed or empty; only a format without one says
		// ErrUnknownFormat.
		if _, err := ImportFormat(f, "x", []byte("\x01")); errors.Is(err, ErrUnknownFormat) {
			t.Errorf("Formats() lists %q; ImportFormat has no importer for it: %v", f, err)
		}
	}
	seen := map[Format]bool{}
	for _, f := range listed {
		if seen[f] {
			t.Errorf("Formats() lists %q twice", f)
		}
		seen[f] = true
	}
}
