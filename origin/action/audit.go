package action

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"sort"
)

// AuditFile is the name of the audit log in the kernel's state directory.
const AuditFile = "audit.jsonl"

// AuditRecord is one line of the audit log. A record (Result set) is one
// action, denied ones included; each is fsynced before the result it
// records is returned. An action that changes the disk has two lines with
// the same Seq: first an intent line (Pending set, Result null), fsynced
// before anything is written, then its record. The log is append-only.
type AuditRecord struct {
	T            string        `json:"t"`             // RFC 3339 time the line was written
	Seq          int           `json:"seq"`           // 1-based position among the records
	IntentSHA256 string        `json:"intent_sha256"` // digest of the intent without its action_id
	Result       *Result       `json:"result"`
	Pending      *PendingWrite `json:"pending,omitempty"` // an intent line: the write about to happen
	// Recovered marks a record written by a later kernel for an intent
	// line whose process died before its record: the status comes from
	// the file's hash then (done: it holds the intended bytes).
	Recovered bool `json:"recovered,omitempty"`
}

// PendingWrite is what an intent line says of the write about to happen:
// enough for the next kernel to decide, from the file alone, whether it
// happened, and to remove its temporary files.
type PendingWrite struct {
	ActionID string   `json:"action_id"`
	Verb     string   `json:"verb"`
	Target   string   `json:"target"` // the relpath as the intent gave it
	Actor    Channel  `json:"actor"`
	Risk     Risk     `json:"risk"`
	Approval Approval `json:"approval"`
	Dir      string   `json:"dir"`  // absolute path of the target's directory
	Name     string   `json:"name"` // the target's name in Dir
	Before   *string  `json:"before_sha256"`
	Want     string   `json:"want_sha256"`
	// Temp is the temporary file the write creates in Dir; BackupTemp and
	// Backup the temporary file and the backup in the state directory's
	// backups/ (empty without a backup).
	Temp       string `json:"temp"`
	Backup     string `json:"backup,omitempty"`
	BackupTemp string `json:"backup_temp,omitempty"`
	BackupPath string `json:"backup_path,omitempty"` // Backup as the result reports it
	// Mkdirs are the directories the write creates, outermost first: the
	// last elements of Dir, none of which existed when the intent line
	// was written (empty when Dir existed). A write killed before its
	// record leaves them behind, empty; the next kernel removes those
	// that are still empty (see reconcile).
	Mkdirs []string `json:"mkdirs,omitempty"`
}

// auditLog is the kernel's view of the audit file: how far it has read and
// the done actions by id. It is guarded by the kernel's mutex and the
// state directory's lock.
type auditLog struct {
	offset  int64 // bytes consumed (complete lines only)
	count   int   // records parsed
	torn    int   // lines that are not records (a write cut by a crash)
	partial bool  // the file ends in a line without its newline
	frag    int64 // the length of that line
	done    map[string]doneEntry
	pending map[int]*AuditRecord // intent lines without their record yet, by seq
}

// doneEntry locates a done action's record: the intent digest to compare
// with a resubmission, and the offset of its line (the result is read back
// from the file on a replay, so memory grows by an id and a digest per
// action, not by a result).
type doneEntry struct {
	digest string
	off    int64
}

// catchUp reads the lines appended since the last call (by this kernel or
// by another process sharing the state directory).
func (a *auditLog) catchUp(sd Dir) error {
	f, err := sd.Open(AuditFile)
	if errors.Is(err, fs.ErrNotExist) {
		a.partial = false
		return nil
	}
	if err != nil {
		return err
	}
	defer f.Close()
	if _, err := f.Seek(a.offset, io.SeekStart); err != nil {
		return err
	}
	br := bufio.NewReaderSize(f, 64<<10)
	for {
		line, err := br.ReadBytes('\n')
		if errors.Is(err, io.EOF) {
			a.partial, a.frag = len(line) > 0, int64(len(line))
			return nil
		}
		if err != nil {
			return err
		}
		off := a.offset
		a.offset += int64(len(line))
		var rec AuditRecord
		switch {
		case json.Unmarshal(line, &rec) != nil:
			a.torn++
		case rec.Result == nil && rec.Pending != nil:
			a.addPending(&rec)
		case rec.Result == nil:
			a.torn++
		default:
			a.count++
			delete(a.pending, rec.Seq)
			if rec.Result.Status == StatusDone && rec.Result.ActionID != "" {
				a.done[rec.Result.ActionID] = doneEntry{rec.IntentSHA256, off}
			}
		}
	}
}

func (a *auditLog) addPending(rec *AuditRecord) {
	if a.pending == nil {
		a.pending = map[int]*AuditRecord{}
	}
	a.pending[rec.Seq] = rec
}

// line encodes rec as the bytes to append: one JSON line, preceded by a
// newline when a crashed writer left the file without one, so its fragment
// stays a line of its own.
func (a *auditLog) line(rec *AuditRecord) ([]byte, error) {
	var b bytes.Buffer
	if a.partial {
		b.WriteByte('\n')
	}
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(rec); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// appended records that line (as returned by a.line for rec) is durable.
func (a *auditLog) appended(line []byte, rec *AuditRecord) {
	off := a.offset
	if a.partial {
		// The fragment and the newline put after it form a torn line; the
		// record starts after them.
		a.torn++
		a.partial = false
		a.offset += a.frag + 1
		line = line[1:]
		off = a.offset
	}
	a.offset += int64(len(line))
	if rec.Result == nil {
		a.addPending(rec)
		return
	}
	a.count++
	delete(a.pending, rec.Seq)
	if rec.Result.Status == StatusDone {
		a.done[rec.Result.ActionID] = doneEntry{rec.IntentSHA256, off}
	}
}

// record reads back the record of a done action.
func (a *auditLog) record(sd Dir, e doneEntry, id string) (*Result, error) {
	f, err := sd.Open(AuditFile)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if e.off < 0 {
		// Appended after a torn fragment: find it by scanning.
		var found *Result
		_, err := ReadAudit(f, func(r *AuditRecord) error {
			if r.Result.ActionID == id && r.Result.Status == StatusDone {
				found = r.Result
			}
			return nil
		})
		if err == nil && found == nil {
			err = fmt.Errorf("record of %s not found", id)
		}
		return found, err
	}
	if _, err := f.Seek(e.off, io.SeekStart); err != nil {
		return nil, err
	}
	line, err := bufio.NewReader(f).ReadBytes('\n')
	if err != nil {
		return nil, err
	}
	var rec AuditRecord
	if err := json.Unmarshal(line, &rec); err != nil || rec.Result == nil || rec.Result.ActionID != id {
		return nil, fmt.Errorf("audit line at %d is not the record of %s", e.off, id)
	}
	return rec.Result, nil
}

// AuditSummary counts an audit log's records by channel and status.
type AuditSummary struct {
	Records int `json:"records"`
	Torn    int `json:"torn_lines"`   // lines that are not records (cut by a crash)
	Intents int `json:"intent_lines"` // intent lines (written before a write, see AuditRecord)
	// Unresolved counts intent lines with no record after them yet: a
	// write in flight, or one whose process died (the next kernel to
	// submit reconciles it).
	Unresolved int                        `json:"unresolved"`
	Counts     map[Channel]map[Status]int `json:"by_channel"`
}

// Channels returns the summary's channels in order (none for a nil
// summary).
func (s *AuditSummary) Channels() []Channel {
	if s == nil {
		return nil
	}
	out := make([]Channel, 0, len(s.Counts))
	for c := range s.Counts {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// ReadAudit reads an audit log. It calls fn for each record (Result set)
// in order and returns the summary; intent lines are counted, not passed
// to fn; a line that is neither (the fragment of a write cut by a crash)
// is counted as torn, not an error.
func ReadAudit(r io.Reader, fn func(*AuditRecord) error) (*AuditSummary, error) {
	s := &AuditSummary{Counts: map[Channel]map[Status]int{}}
	open := map[int]bool{}
	defer func() { s.Unresolved = len(open) }()
	br := bufio.NewReaderSize(r, 64<<10)
	for {
		line, err := br.ReadBytes('\n')
		if len(line) > 0 {
			var rec AuditRecord
			if json.Unmarshal(line, &rec) != nil || (rec.Result == nil && rec.Pending == nil) {
				s.Torn++
			} else if rec.Result == nil {
				s.Intents++
				open[rec.Seq] = true
			} else {
				delete(open, rec.Seq)
				s.Records++
				m := s.Counts[rec.Result.Actor]
				if m == nil {
					m = map[Status]int{}
					s.Counts[rec.Result.Actor] = m
				}
				m[rec.Result.Status]++
				if fn != nil {
					if err := fn(&rec); err != nil {
						return s, err
					}
				}
			}
		}
		if errors.Is(err, io.EOF) {
			return s, nil
		}
		if err != nil {
			return s, fmt.Errorf("read audit: %w", err)
		}
	}
}
