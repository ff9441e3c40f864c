package action

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
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
	if len(pw.Mkdirs) > 0 {
		k.removeEmptyCreated(pw)
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

// removeEmptyCreated removes the directories the interrupted write pw
// created (pw.Mkdirs, below the ancestor that existed) that are empty now,
// innermost first, and stops at the first that is not: one that holds
// anything (the written file, an entry someone else made) stays, and so do
// its parents. A directory that existed before the write is never named in
// pw.Mkdirs, and the walk goes through directory handles from that
// ancestor, refusing a symlink, as the write did. The only directory it
// cannot tell from its own is an empty one of the same name made by
// someone else between the kill and this recovery.
func (k *Kernel) removeEmptyCreated(pw *PendingWrite) {
	anchor := pw.Dir
	for i := len(pw.Mkdirs) - 1; i >= 0; i-- {
		if filepath.Base(anchor) != pw.Mkdirs[i] || !validName(pw.Mkdirs[i]) {
			return // not the path the write made: touch nothing
		}
		anchor = filepath.Dir(anchor)
	}
	d, err := k.fsys.OpenDir(anchor)
	if err != nil {
		return
	}
	// dirs[i] is the parent of pw.Mkdirs[i].
	dirs := []Dir{d}
	defer func() {
		for _, d := range dirs {
			d.Close()
		}
	}()
	for _, name := range pw.Mkdirs[:len(pw.Mkdirs)-1] {
		nd, err := openChild(dirs[len(dirs)-1], name)
		if err != nil {
			break // not made (killed before its mkdir), or not a directory now
		}
		dirs = append(dirs, nd)
	}
	for i := len(dirs) - 1; i >= 0; i-- {
		name := pw.Mkdirs[i]
		fi, err := dirs[i].Lstat(name)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil || !fi.IsDir() {
			return
		}
		if err := dirs[i].Remove(name); err != nil {
			return // not empty: it holds something, and so do its parents
		}
		dirs[i].Sync()
		k.log.Info("action: removed a directory an interrupted write created", "action_id", pw.ActionID, "dir", filepath.Join(dirs[i].Path(), name))
	}
}

// validName reports whether name is one path element (no separator, not
// "." or ".."), as a directory the kernel creates is.
func validName(name string) bool {
	return name != "" && name != "." && name != ".." && !strings.ContainsAny(name, `/\`)
}

// removeLeftover removes a temporary file a dead writer left in d.
func removeLeftover(d Dir, name string) {
	if err := d.Remove(name); err == nil {
		d.Sync()
	}
}
