package action

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"time"
)

// reconcile writes the record of every intent line whose process died
// before writing it (k.mu and the state directory's lock held: a live
// writer holds the lock from its intent line to its record, so an intent
// line without a record seen here is a dead process's). The status comes
// from the file: done when it holds the intended bytes (the rename
// happened), failed otherwise. The write's temporary files, named in the
// intent line, are removed: no live writer owns them.
func (k *Kernel) reconcile(sd Dir, af File) error {
	if len(k.audit.pending) == 0 {
		return nil
	}
	seqs := make([]int, 0, len(k.audit.pending))
	for s := range k.audit.pending {
		seqs = append(seqs, s)
	}
	slices.Sort(seqs)
	for _, s := range seqs {
		intent := k.audit.pending[s]
		res := k.settle(sd, intent.Pending)
		rec := &AuditRecord{T: k.now().UTC().Format(time.RFC3339Nano), Seq: s, IntentSHA256: intent.IntentSHA256,
			Result: res, Recovered: true}
		if err := k.appendLine(sd, af, rec); err != nil {
			return err
		}
		k.log.Warn("action: recorded an action interrupted before its audit record",
			"action_id", res.ActionID, "seq", s, "status", res.Status)
	}
	return nil
}

// settle is the result of the interrupted write pw, read from the disk.
func (k *Kernel) settle(sd Dir, pw *PendingWrite) *Result {
	res := &Result{Spec: Spec, Kind: KindResult, ActionID: pw.ActionID, Verb: pw.Verb, Target: pw.Target,
		Actor: pw.Actor, Status: StatusFailed, Risk: pw.Risk, Approval: pw.Approval}
	var after Observation
	d, err := k.fsys.OpenDir(pw.Dir)
	switch {
	case err == nil:
		after = observeIn(d, pw.Name)
		if pw.Temp != "" {
			removeLeftover(d, pw.Temp)
		}
		d.Close()
	case !errors.Is(err, fs.ErrNotExist):
		res.Reason = fmt.Sprintf("interrupted (the process stopped before its audit record), and its directory cannot be read now: %v", err)
		return res
	}
	if pw.BackupTemp != "" {
		if bd, err := sd.OpenDir("backups"); err == nil {
			removeLeftover(bd, pw.BackupTemp)
			bd.Close()
		}
	}
	res.Evidence = &after
	same := func(h *string) bool {
		if h == nil || after.SHA256 == nil {
			return h == nil && after.SHA256 == nil
		}
		return *h == *after.SHA256
	}
	want := pw.Want
	switch {
	case same(&want):
		res.Status = StatusDone
		res.Reason = "recovered: the process stopped after the write and before its audit record; the file holds the intended content"
		switch {
		case pw.BackupPath != "":
			b := pw.BackupPath
			res.Reversible, res.BackupPath, res.UndoHint = true, &b, "restore from backup_path"
		case pw.Before == nil:
			res.UndoHint = "delete target"
		}
	case same(pw.Before):
		res.Reason = "interrupted: the process stopped before the write took effect; the file is unchanged"
	default:
		res.Reason = "interrupted: the process stopped during the write, and the file now holds neither its content before nor the intended content (changed since by someone else?)"
	}
	return res
}

// removeLeftover removes a temporary file a dead writer left in d.
func removeLeftover(d Dir, name string) {
	if err := d.Remove(name); err == nil {
		d.Sync()
	}
}
