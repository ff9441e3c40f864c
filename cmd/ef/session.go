package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/importer"
)

// readSession reads the session a command works on: a DSH session log
// (plain or .zstd) as hostshim reads it, or a trajectory of any other
// format the importer knows (Claude Code, OpenHands, SWE-agent, …),
// converted to a DSH session. torn is the log's torn tail, skipped; nil
// when there was none or the file is not a DSH log. A trajectory file that
// holds several sessions is refused with their names.
func readSession(path string, lenient bool) (s *hostshim.Session, torn *hostshim.TruncatedTail, err error) {
	r, err := hostshim.OpenLog(path, hostshim.LogOptions{Lenient: lenient})
	if err == nil {
		defer r.Close()
		s, err = r.ReadSession()
		return s, r.Truncated(), err
	}
	if !errors.Is(err, hostshim.ErrLogHeader) {
		return nil, nil, err
	}
	// Not a DSH log: the importer may know the format. When it does not,
	// the DSH reader's error says what a session log should look like.
	if f, derr := importer.Detect(path); derr != nil || f == importer.FormatDSH {
		return nil, nil, err
	}
	ims, ierr := importer.Import(path)
	if ierr != nil {
		return nil, nil, ierr
	}
	if len(ims) != 1 {
		names := make([]string, len(ims))
		for i, im := range ims {
			names[i] = im.Name
		}
		return nil, nil, fmt.Errorf("%s holds %d sessions (%s); ef reads one session per file", path, len(ims), strings.Join(names, ", "))
	}
	return ims[0].Session, nil, nil
}
