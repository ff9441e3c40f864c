package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/importer"
)

// readSession reads the session a command works on: a DSH session log
// (plain or .zstd) as hostshim reads it, or a trajectory of any other
// format the importer knows (Claude Code, OpenHands, SWE-agent, …),
// converted to a DSH session. torn is the torn last line the reader
// skipped (of a DSH log or of a JSONL trajectory); nil when there was none. A trajectory file that
// holds several sessions is refused with their names; FILE#ID (the name
// the refusal prints) reads the one session ID of FILE. It stops once ctx
// is done (checked between events, and every 64 KiB of a file read whole),
// with an error that wraps ctx.Err().
func readSession(ctx context.Context, path string, lenient bool) (s *hostshim.Session, torn *hostshim.TruncatedTail, err error) {
	if file, name, ok := splitSessionRef(path); ok {
		return importSession(ctx, file, name)
	}
	r, err := hostshim.OpenLog(path, hostshim.LogOptions{Lenient: lenient})
	if err == nil {
		defer r.Close()
		s, err = r.ReadSessionContext(ctx)
		return s, r.Truncated(), err
	}
	if !errors.Is(err, hostshim.ErrLogHeader) {
		return nil, nil, err
	}
	if err := importable(path, err); err != nil {
		return nil, nil, err
	}
	return importSession(ctx, path, "")
}

// importable says why the file at path, which is no DSH log (the reader
// said dshErr), cannot be imported either, or returns nil: the importer
// may know the format; when it does not, the DSH reader's error says what
// a session log should look like.
func importable(path string, dshErr error) error {
	f, derr := importer.Detect(path)
	if errors.Is(derr, importer.ErrUnknownFormat) {
		names := make([]string, 0, len(importer.Formats()))
		for _, f := range importer.Formats() {
			names = append(names, string(f))
		}
		// The generic reading's word, when the importer adds it, comes last,
		// on a line of its own.
		msg, generic, _ := strings.Cut(derr.Error(), "; "+importer.GenericNoMessages)
		if generic != "" || strings.HasSuffix(derr.Error(), importer.GenericNoMessages) {
			generic = "\n" + importer.GenericNoMessages + generic
		}
		return fmt.Errorf("%s (ef reads %s); as a DSH session log: %w%s", msg, strings.Join(names, ", "), dshErr, generic)
	}
	if derr == nil && f == importer.FormatDSH && hasBOM(path) {
		return fmt.Errorf("%s starts with a UTF-8 byte order mark (EF BB BF), which DSH never writes (an editor or a Windows tool added it): remove it, e.g. sed -i '1s/^\\xEF\\xBB\\xBF//' %s, and run again; as a DSH session log: %w", path, shellQuote(path), dshErr)
	}
	if derr == nil && f == importer.FormatDSH && startsWith(path, zstdMagic) {
		// Only DSH's own logs are read compressed: another agent's
		// trajectory compressed to keep was refused as a DSH log with a
		// bad header ('field "type": want "session"').
		return fmt.Errorf("%s is Zstandard-compressed and holds no DSH session log; ef reads other agents' trajectories uncompressed: decompress it first (zstd -d %s) and run again; as a DSH session log: %w", path, shellQuote(path), dshErr)
	}
	if derr != nil || f == importer.FormatDSH {
		return dshErr
	}
	return nil
}

// zstdMagic opens a Zstandard frame.
var zstdMagic = []byte{0x28, 0xb5, 0x2f, 0xfd}

// startsWith reports whether the file at path starts with prefix.
func startsWith(path string, prefix []byte) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	b := make([]byte, len(prefix))
	n, _ := io.ReadFull(f, b)
	return n == len(prefix) && bytes.Equal(b, prefix)
}

// splitSessionRef splits FILE#ID, the name ef gives one session of a
// trajectory file holding several, into the file and the session's
// importer name (base name of FILE, '#', ID). ok is false when path is an
// existing file, holds no '#', or FILE does not exist.
func splitSessionRef(path string) (file, name string, ok bool) {
	i := strings.LastIndexByte(path, '#')
	if i <= 0 || i == len(path)-1 {
		return "", "", false
	}
	if _, err := os.Stat(path); err == nil {
		return "", "", false
	}
	file = path[:i]
	if fi, err := os.Stat(file); err != nil || fi.IsDir() {
		return "", "", false
	}
	return file, filepath.Base(file) + path[i:], true
}

// importSession converts the trajectory at path with the importer. name
// picks one session by its importer name; empty, the file must hold
// exactly one. torn is the file's skipped torn last line, or nil.
func importSession(ctx context.Context, path, name string) (*hostshim.Session, *hostshim.TruncatedTail, error) {
	ims, err := importer.ImportContext(ctx, path)
	if err != nil {
		return nil, nil, err
	}
	names := make([]string, len(ims))
	for i, im := range ims {
		if name != "" && im.Name == name {
			im.Session.ID = im.ID
			im.Session.Warnings = append(im.Session.Warnings, importNotes(im.Stats)...)
			return im.Session, im.Torn, nil
		}
		names[i] = im.Name
	}
	switch {
	case name != "":
		return nil, nil, fmt.Errorf("%s holds no session %s (it holds %s)", path, name, strings.Join(names, ", "))
	case len(ims) == 0:
		return nil, nil, fmt.Errorf("%s holds no session", path)
	case len(ims) > 1:
		return nil, nil, fmt.Errorf("%s holds %d sessions (%s); name one as %s#ID, e.g. %s", path, len(ims),
			strings.Join(names, ", "), path, filepath.Join(filepath.Dir(path), names[0]))
	}
	// The session is known by the id ef fold files it under.
	ims[0].Session.ID = ims[0].ID
	ims[0].Session.Warnings = append(ims[0].Session.Warnings, importNotes(ims[0].Stats)...)
	return ims[0].Session, ims[0].Torn, nil
}

// placeholderRE matches a template placeholder left in a session id: DSH's
// snapshot tests write '{{sessionId}}' where a real id would be.
var placeholderRE = regexp.MustCompile(`\{\{[^{}]*\}\}|\$\{[^{}]*\}`)

// warnPlaceholderID warns on stderr when the session id of the log is (or
// holds) a template placeholder: every checkpoint ref and store directory
// would be named by it, and two such logs would share one session.
func warnPlaceholderID(stderr io.Writer, cmd, path, id string) {
	if !placeholderRE.MatchString(id) {
		return
	}
	fmt.Fprintf(stderr, "ef %s: warning: %s: session id %q is a template placeholder, not a real id: every checkpoint ref names it, and every log carrying it shares one session in the store (give the log a real id first, e.g. sed 's/%s/my-session/')\n",
		cmd, path, id, placeholderRE.FindString(id))
}

// hasBOM reports whether the file at path starts with a UTF-8 byte order
// mark.
func hasBOM(path string) bool {
	return startsWith(path, []byte{0xef, 0xbb, 0xbf})
}
