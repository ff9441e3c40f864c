package importer_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/importer"
	"github.com/epistemicfold/ef/internal/testutil"
)

// streamAll reads every event of the session name of the file at path
// through Open.
func streamAll(t *testing.T, path, name string) (*importer.Stream, []hostshim.Event) {
	t.Helper()
	s, err := importer.Open(path, name)
	if err != nil {
		t.Fatalf("open %s %s: %v", path, name, err)
	}
	defer s.Close()
	var evs []hostshim.Event
	for {
		e, err := s.Next()
		if err == io.EOF {
			return s, evs
		}
		if err != nil {
			t.Fatalf("%s %s: event %d: %v", path, name, len(evs), err)
		}
		evs = append(evs, e)
	}
}

// checkStreamsAsImported holds every session of the file at path, read
// through Open, to the events, stats, torn tail and id Import gives it.
func checkStreamsAsImported(t *testing.T, path string) {
	t.Helper()
	ims, err := importCorpus(path)
	if err != nil {
		if _, serr := importer.Open(path, ""); serr == nil {
			t.Errorf("%s: Import fails (%v), Open does not", path, err)
		}
		return
	}
	for _, im := range ims {
		name := im.Name
		if len(ims) == 1 {
			name = "" // the file's only session
		}
		s, evs := streamAll(t, path, name)
		if s.Name != im.Name || s.ID != im.ID || s.Format != im.Format {
			t.Errorf("%s: stream %s %s %s, import %s %s %s", path, s.Name, s.ID, s.Format, im.Name, im.ID, im.Format)
		}
		want := im.Session.Events()
		if len(evs) != len(want) {
			t.Fatalf("%s %s: %d events streamed, %d imported", path, im.Name, len(evs), len(want))
		}
		for i := range want {
			a, _ := json.Marshal(evs[i])
			b, _ := json.Marshal(want[i])
			if string(a) != string(b) {
				t.Fatalf("%s %s: event %d differs:\nstream %s\nimport %s", path, im.Name, i, a, b)
			}
		}
		if !reflect.DeepEqual(s.Stats(), im.Stats) {
			t.Errorf("%s %s: stats %+v, import %+v", path, im.Name, s.Stats(), im.Stats)
		}
		if !reflect.DeepEqual(s.Torn(), im.Torn) {
			t.Errorf("%s %s: torn %v, import %v", path, im.Name, s.Torn(), im.Torn)
		}
	}
}

func TestStreamAsImportedTestdata(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*"))
	for _, f := range files {
		if strings.HasSuffix(f, ".md") {
			continue
		}
		checkStreamsAsImported(t, f)
	}
}

func TestStreamAsImportedCorpus(t *testing.T) {
	perFolder := 2
	if testutil.Long() {
		perFolder = 1 << 30
	} else {
		t.Logf("short profile: the first %d files of each corpus folder (%s=1: all)", perFolder, testutil.LongEnv)
	}
	for folder := range corpusFolders {
		if folder == "dsh-snapshots" {
			continue // ef fold streams DSH logs itself
		}
		dir := testutil.CorpusDir(t, folder)
		n := 0
		filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && !strings.HasSuffix(p, ".md") && !strings.HasSuffix(p, ".txt") && n < perFolder {
				n++
				checkStreamsAsImported(t, p)
			}
			return nil
		})
	}
}

// The pairing a stream does in its first pass, on what makes it hard:
// results recorded before their call, after other messages, twice for one
// id, never; calls never answered; ids reused; a torn last line; a BOM.
func TestStreamAsImportedOutOfOrder(t *testing.T) {
	dir := t.TempDir()
	msgs := []string{
		`{"role":"system","content":"you are a bot"}`,
		`{"role":"user","content":"do things"}`,
		`{"role":"tool","tool_call_id":"early","content":"result before its call"}`,
		`{"role":"assistant","content":"calling","tool_calls":[{"id":"a1","type":"function","function":{"name":"ls","arguments":"{}"}},{"id":"a2","type":"function","function":{"name":"cat","arguments":"{\"f\":1}"}}]}`,
		`{"role":"tool","tool_call_id":"a1","content":"r1"}`,
		`{"role":"user","content":"an interjection"}`,
		`{"role":"tool","tool_call_id":"a2","content":"r2, late"}`,
		`{"role":"assistant","content":"again","tool_calls":[{"id":"early","type":"function","function":{"name":"x","arguments":"{}"}},{"id":"a1","type":"function","function":{"name":"dup","arguments":"{}"}}]}`,
		`{"role":"tool","tool_call_id":"zzz","content":"an orphan"}`,
		`{"role":"assistant","content":"unpaired","tool_calls":[{"id":"u1","type":"function","function":{"name":"y","arguments":"{}"}}]}`,
		`{"role":"user","content":"bye"}`,
		`{"role":"tool","tool_call_id":"a1","content":"very late, for the reused id"}`,
	}
	body := strings.Join(msgs, "\n") + "\n"
	for name, data := range map[string]string{
		"plain.jsonl":      body,
		"torn.jsonl":       body + `{"role":"user","content":"cut`,
		"torn-blank.jsonl": body + "{\"role\":\"user\",\"content\":\"cut\n\n  \n",
		"bom.jsonl":        "\ufeff" + body,
		"crlf.jsonl":       strings.ReplaceAll(body, "\n", "\r\n"),
	} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(data), 0o600); err != nil {
			t.Fatal(err)
		}
		checkStreamsAsImported(t, p)
	}
	im, err := importer.Import(filepath.Join(dir, "plain.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if st := im[0].Stats; st.Reordered == 0 || st.Orphans == 0 || st.Unpaired == 0 || st.RenamedIDs == 0 {
		t.Fatalf("the case does not exercise the pairing: %+v", st)
	}
}

// A bad line in the middle is an error naming the line, from Open (the
// first pass), as from Import.
func TestStreamBadLine(t *testing.T) {
	p := filepath.Join(t.TempDir(), "bad.jsonl")
	data := `{"role":"user","content":"hi"}` + "\n" + `{"role":"assistant","content":"x"` + "\n" + `{"role":"user","content":"more"}` + "\n"
	if err := os.WriteFile(p, []byte(data), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := importer.Open(p, "")
	var ie *importer.Error
	if !errors.As(err, &ie) || ie.Line != 2 {
		t.Fatalf("open: %v, want an *Error at line 2", err)
	}
}

// Two trajectories that differ only after their opening, and two files of
// one name, are told apart by their ids; the same content under another
// name is the same session.
func TestImportedIDs(t *testing.T) {
	dir := t.TempDir()
	line := func(role, text string) string { return fmt.Sprintf(`{"role":%q,"content":%q}`, role, text) }
	var a, b []string
	for i := range 20 {
		a = append(a, line("user", fmt.Sprintf("question %d", i)), line("assistant", fmt.Sprintf("answer %d", i)))
		b = append(b, line("user", fmt.Sprintf("question %d", i)), line("assistant", fmt.Sprintf("reply %d", i)))
	}
	write := func(rel string, lines []string) string {
		p := filepath.Join(dir, rel)
		os.MkdirAll(filepath.Dir(p), 0o700)
		if err := os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	id := func(p string) string {
		s, err := importer.Open(p, "")
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		return s.ID
	}
	ida, idb := id(write("a/session.jsonl", a)), id(write("b/session.jsonl", b))
	if ida == idb {
		t.Fatalf("two trajectories named session.jsonl share the id %s", ida)
	}
	if !strings.HasPrefix(ida, "openai-chat:") {
		t.Fatalf("id %s: want the format and a digest", ida)
	}
	if got := id(write("c/renamed.jsonl", a)); got != ida {
		t.Fatalf("the same content under another name: %s, want %s", got, ida)
	}
	// The session went on: its opening is the same, so is its id.
	if got := id(write("d/session.jsonl", append(a, line("user", "one more")))); got != ida {
		t.Fatalf("a longer log of the same session: %s, want %s", got, ida)
	}
	// Recorded ids: Claude Code's, the last record's.
	cc := write("e/session.jsonl", []string{
		`{"type":"user","uuid":"u1","sessionId":"previous","message":{"role":"user","content":"summary of before"}}`,
		`{"type":"assistant","uuid":"u2","sessionId":"current","message":{"id":"m1","role":"assistant","model":"claude","content":[{"type":"text","text":"ok"}]}}`,
	})
	if got := id(cc); got != "claude-code:current" {
		t.Fatalf("claude code id %s, want claude-code:current", got)
	}
}

// A session name a file of several sessions does not hold is refused with
// the names it does hold (it said "(it holds )" for a file of whole
// sessions per line: an OpenHands output.jsonl, a chat log of
// conversations).
func TestStreamUnknownSessionNamesTheOthers(t *testing.T) {
	p := filepath.Join("testdata", "openai-convs.jsonl")
	_, err := importer.Open(p, "openai-convs.jsonl#nope")
	if err == nil || !strings.Contains(err.Error(), "it holds openai-convs.jsonl#1, openai-convs.jsonl#2)") {
		t.Fatalf("open of a session the file does not hold: %v", err)
	}
}
