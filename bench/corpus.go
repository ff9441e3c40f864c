package bench

import (
	"embed"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/epistemicfold/ef/bench/synth"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/importer"
)

// embedded holds the real sessions of the default corpus, with their
// NOTICE and license files.
//
//go:embed testdata/corpus
var embedded embed.FS

// Source says where a corpus session came from.
type Source string

// SourceSynth marks a generated session; real sessions carry their
// importer format as Source.
const SourceSynth Source = "synth"

// Session is one session of a benchmark corpus. The hostshim.Session it
// holds is not safe for concurrent use; replays that run in parallel Clone
// it.
type Session struct {
	// Name is unique within the corpus.
	Name string
	// Source is SourceSynth or the importer format of a real session.
	Source Source
	// Session is the DSH session log. Callers that replay it must not
	// modify it; Clone it first.
	Session *hostshim.Session
	// Probes is the ground truth of a synthetic session (nil for real ones).
	Probes []synth.Probe
	// Import describes a real session's import (zero for synthetic ones).
	Import importer.Stats
	// Torn is the torn last line the importer skipped of a real session's
	// JSONL file (a file still being written, or cut short); nil when
	// there was none.
	Torn *hostshim.TruncatedTail
}

// DefaultShapes returns the generator options of the synthetic sessions of
// DefaultCorpus: from a 50 K character English session to a 500 K
// character mostly Chinese one with every plant. Every session has the
// epistemic plants (lifted rules, unflagged failures, unverified fixes,
// replaced decisions, rejected approaches, hypotheses) at least once.
func DefaultShapes() []synth.Options {
	return []synth.Options{
		// Small and English only: the quick smoke case.
		{Name: "synth-small-en", Seed: 101, TargetChars: 50_000, Chinese: -1},
		// Mixed languages, more plants of every kind.
		{Name: "synth-mixed-200k", Seed: 202, TargetChars: 200_000, Chinese: 0.4, Facts: 8, Superseded: 5, Constraints: 3, Failures: 3, Obligations: 3,
			Unflagged: 3, Decisions: 3},
		// Dominated by long logs: every third result is 20–40 KB.
		{Name: "synth-longlogs-300k", Seed: 303, TargetChars: 300_000, MinLog: 20_000, MaxLog: 40_000, LongEvery: 3, Facts: 10},
		// Chatty: short turns, no long outputs, many superseded values.
		{Name: "synth-chatty-120k", Seed: 404, TargetChars: 120_000, LongEvery: -1, MinStepsPerTurn: 2, MaxStepsPerTurn: 5, Superseded: 6, Failures: 4},
		// Large and mostly Chinese, with every template used.
		{Name: "synth-zh-500k", Seed: 505, TargetChars: 500_000, Chinese: 0.8, Facts: 10, Superseded: 8, Constraints: 6, Failures: 5, Obligations: 5,
			Lifted: 2, Unflagged: 4, Unverified: 2, Decisions: 3, Rejected: 2, Hypotheses: 2},
	}
}

// DefaultCorpus returns the built-in corpus: the synthetic sessions of
// DefaultShapes followed by the embedded real sessions, in a fixed order.
// Every call builds fresh sessions with identical bytes.
func DefaultCorpus() ([]Session, error) {
	var out []Session
	for _, o := range DefaultShapes() {
		s, err := synthSession(o)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	imported, err := embeddedSessions()
	if err != nil {
		return nil, err
	}
	return append(out, imported...), nil
}

// synthSession generates one synthetic session of the built-in corpus.
func synthSession(o synth.Options) (Session, error) {
	w, err := synth.Generate(o)
	if err != nil {
		return Session{}, fmt.Errorf("default corpus %s: %w", o.Name, err)
	}
	return Session{Name: w.Name, Source: SourceSynth, Session: w.Session, Probes: w.Probes}, nil
}

// embeddedSessions imports the real trajectories embedded in the binary.
func embeddedSessions() ([]Session, error) {
	var out []Session
	files, err := trajectoryFiles(embedded, "testdata/corpus")
	if err != nil {
		return nil, err
	}
	for _, f := range files {
		data, err := embedded.ReadFile(f)
		if err != nil {
			return nil, err
		}
		ims, err := importer.ImportBytes(path.Base(f), data)
		if err != nil {
			return nil, fmt.Errorf("default corpus: %w", err)
		}
		for _, im := range ims {
			rel := strings.TrimPrefix(f, "testdata/corpus/")
			name := path.Dir(rel) + "/" + im.Name
			out = append(out, Session{Name: name, Source: Source(im.Format), Session: im.Session, Import: im.Stats, Torn: im.Torn})
		}
	}
	return out, nil
}

// isTrajectory reports whether a corpus file name is data rather than
// documentation (NOTICE.md, README.md, UPSTREAM-LICENSE.txt).
func isTrajectory(name string) bool {
	switch path.Ext(name) {
	case ".md", ".txt":
		return false
	}
	return !strings.HasPrefix(path.Base(name), ".")
}

// trajectoryFiles lists the trajectory files under root in fsys, in lexical
// order.
func trajectoryFiles(fsys fs.FS, root string) ([]string, error) {
	var out []string
	err := fs.WalkDir(fsys, root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && isTrajectory(p) {
			out = append(out, p)
		}
		return nil
	})
	return out, err
}

// Entry is one trajectory file of a corpus directory.
type Entry struct {
	// Path is the file's path (dir joined with Rel).
	Path string
	// Rel is the path relative to the corpus directory, slash-separated
	// ("swe-agent/eps.traj").
	Rel string
	// Format is the detected trajectory format.
	Format importer.Format
	// Err is why the file's format could not be detected (wrapping
	// importer.ErrUnknownFormat for a file of no known format); Load
	// returns it.
	Err error
}

// Load imports the entry's sessions, naming each "<folder>/<session>".
func (e Entry) Load() ([]Session, error) {
	if e.Err != nil {
		return nil, e.Err
	}
	ims, err := importer.Import(e.Path)
	if err != nil {
		return nil, err
	}
	out := make([]Session, 0, len(ims))
	for _, im := range ims {
		name := path.Join(path.Dir(e.Rel), im.Name)
		out = append(out, Session{Name: name, Source: Source(im.Format), Session: im.Session, Import: im.Stats, Torn: im.Torn})
	}
	return out, nil
}

// SharedCorpus lists every trajectory file under dir (recursively; NOTICE,
// README and license files are skipped) with its detected format, in
// lexical order. Files are not imported until Entry.Load, so a large
// corpus can be replayed one session at a time. A data file of no known
// format is listed with Err set, so that a run skips it as it skips a file
// that fails to import, saying why, and replays the others.
func SharedCorpus(dir string) ([]Entry, error) {
	files, err := trajectoryFiles(os.DirFS(dir), ".")
	if err != nil {
		return nil, fmt.Errorf("shared corpus %s: %w", dir, err)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%w: %s", ErrNoCorpus, dir)
	}
	out := make([]Entry, 0, len(files))
	for _, rel := range files {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		f, err := importer.Detect(p)
		out = append(out, Entry{Path: p, Rel: rel, Format: f, Err: err})
	}
	return out, nil
}
