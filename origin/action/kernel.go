package action

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/epistemicfold/ef/origin/trust"
)

// Options configures a Kernel. The zero value of every field but Roots is
// safe.
type Options struct {
	// Roots are the directories the kernel may write in (at least one).
	// A target is inside them when its path, after resolving ".." and every
	// symlink, is below one of them.
	Roots []string
	// Base is the directory relpaths are relative to. Zero means Roots[0].
	Base string
	// StateDir holds the audit log, the backups and the lock. Zero means
	// Base/.ef/act. Targets inside it are denied.
	StateDir string
	// Protected are glob patterns of protected paths (see DefaultProtected
	// for the syntax), matched without regard to case or to trailing dots
	// and spaces (see the package doc). Nil means DefaultProtected; an
	// empty, non-nil slice protects nothing.
	Protected []string
	// ProtectedCreate are the protected globs where creating a file is
	// high risk as well (and so is overwriting one, as for Protected).
	// Nil means DefaultProtectedCreate; an empty, non-nil slice makes
	// every creation low, as RFC-0006 §2.1 has it.
	ProtectedCreate []string
	// MaxContentBytes bounds an intent's content. Zero means
	// DefaultMaxContentBytes.
	MaxContentBytes int64
	// MaxFileBytes bounds the size of an existing target (the kernel
	// reads it whole to hash it, back it up and append to it). Zero means
	// 256 MiB.
	MaxFileBytes int64
	// FS is the filesystem. Nil means OSFS.
	FS FS
	// MaxBackups is how many backups StateDir/backups keeps: after each
	// new backup the oldest (by audit sequence) beyond it are removed, and
	// a replayed result may then name a backup that is gone. Zero means
	// DefaultMaxBackups; negative keeps every backup.
	MaxBackups int
	// Logger receives diagnostics. Nil discards them.
	Logger *slog.Logger
	// Now is the clock for audit times. Nil means time.Now.
	Now func() time.Time
}

// DefaultMaxContentBytes bounds an intent's content when
// Options.MaxContentBytes is zero.
const DefaultMaxContentBytes = 16 << 20

// DefaultMaxBackups is the number of backups a kernel keeps when
// Options.MaxBackups is zero.
const DefaultMaxBackups = 1000

type rootInfo struct {
	path string
	info fs.FileInfo
}

// Kernel is the action kernel: it judges an action.intent by objective
// inputs, asks for the approval its risk needs, performs the write
// atomically and durably with a backup before every overwrite, decides the
// status by re-reading the file, and appends one fsynced audit line per
// action. It is safe for concurrent use; kernels of several processes
// sharing a state directory serialise on its lock.
type Kernel struct {
	roots    []rootInfo
	base     string
	state    string
	prot     *protector
	protNew  *protector // ProtectedCreate
	maxBytes int64
	maxFile  int64
	backups  int // most backups kept; negative: all
	fsys     FS
	log      *slog.Logger
	now      func() time.Time

	mu     sync.Mutex
	audit  auditLog
	closed bool
	swept  map[string]bool // directories swept of stale temporary files
}

// Open checks the options, creates the state directory and reads the
// audit log.
func Open(opts Options) (*Kernel, error) {
	if len(opts.Roots) == 0 {
		return nil, fmt.Errorf("%w: no root", ErrOptions)
	}
	k := &Kernel{fsys: opts.FS, log: opts.Logger, now: opts.Now, maxBytes: opts.MaxContentBytes,
		audit: auditLog{done: map[string]doneEntry{}}, swept: map[string]bool{}}
	if k.fsys == nil {
		k.fsys = OSFS{}
	}
	if k.log == nil {
		k.log = slog.New(slog.DiscardHandler)
	}
	if k.now == nil {
		k.now = time.Now
	}
	if k.maxBytes <= 0 {
		k.maxBytes = DefaultMaxContentBytes
	}
	if k.maxFile = opts.MaxFileBytes; k.maxFile <= 0 {
		k.maxFile = 256 << 20
	}
	if k.backups = opts.MaxBackups; k.backups == 0 {
		k.backups = DefaultMaxBackups
	}
	for _, r := range opts.Roots {
		p, err := realDir(r)
		if err != nil {
			return nil, fmt.Errorf("%w: root %s: %v", ErrOptions, r, err)
		}
		fi, err := os.Lstat(p)
		if err != nil {
			return nil, fmt.Errorf("%w: root %s: %v", ErrOptions, r, err)
		}
		k.roots = append(k.roots, rootInfo{p, fi})
	}
	k.base = k.roots[0].path
	if opts.Base != "" {
		p, err := realDir(opts.Base)
		if err != nil {
			return nil, fmt.Errorf("%w: base %s: %v", ErrOptions, opts.Base, err)
		}
		k.base = p
	}
	state := opts.StateDir
	if state == "" {
		state = DefaultStateDir(k.base)
	}
	if err := mkdirAllDurable(k.fsys, state); err != nil {
		return nil, fmt.Errorf("%w: state directory: %v", ErrOptions, err)
	}
	p, err := realDir(state)
	if err != nil {
		return nil, fmt.Errorf("%w: state directory: %v", ErrOptions, err)
	}
	k.state = p
	pats := opts.Protected
	if pats == nil {
		pats = DefaultProtected
	}
	if k.prot, err = newProtector(pats); err != nil {
		return nil, err
	}
	pats = opts.ProtectedCreate
	if pats == nil {
		pats = DefaultProtectedCreate
	}
	if k.protNew, err = newProtector(pats); err != nil {
		return nil, err
	}
	sd, err := k.fsys.OpenDir(k.state)
	if err != nil {
		return nil, fmt.Errorf("open state directory: %w", err)
	}
	defer sd.Close()
	if err := k.recoverAtOpen(sd); err != nil {
		return nil, err
	}
	return k, nil
}

// recoverAtOpen reads the audit and, under the state directory's lock,
// writes the record of any action a dead process left with an intent line
// only (see reconcile).
func (k *Kernel) recoverAtOpen(sd Dir) error {
	lock, err := sd.Lock("lock")
	if err != nil {
		return fmt.Errorf("lock state directory: %w", err)
	}
	defer lock.Close()
	if err := k.audit.catchUp(sd); err != nil {
		return fmt.Errorf("read audit: %w", err)
	}
	if len(k.audit.pending) == 0 {
		return nil
	}
	af, err := sd.OpenAppend(AuditFile, 0o600)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrAudit, err)
	}
	defer af.Close()
	if err := k.reconcile(sd, af); err != nil {
		return fmt.Errorf("%w: reconcile an interrupted action: %v", ErrAudit, err)
	}
	return nil
}

// realDir is the absolute, symlink-free path of an existing directory.
func realDir(p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return "", err
	}
	fi, err := os.Stat(real)
	if err != nil {
		return "", err
	}
	if !fi.IsDir() {
		return "", fmt.Errorf("not a directory")
	}
	return real, nil
}

// StateDir returns the resolved state directory (audit log, backups).
// It is "" for a zero or nil Kernel.
func (k *Kernel) StateDir() string {
	if k == nil {
		return ""
	}
	return k.state
}

// Roots returns the resolved root directories actions may write in, in
// the order Options.Roots gave them. It is nil for a zero or nil Kernel.
func (k *Kernel) Roots() []string {
	if k == nil {
		return nil
	}
	out := make([]string, 0, len(k.roots))
	for _, r := range k.roots {
		out = append(out, r.path)
	}
	return out
}

// Close marks the kernel closed; later Submits fail with ErrClosed.
// Closing a nil Kernel does nothing.
func (k *Kernel) Close() error {
	if k == nil {
		return nil
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	k.closed = true
	return nil
}

// Submit carries out one intent that came in through channel ch and
// returns its action.result. Every verdict, denials included, is audited
// before it is returned. A non-nil error (ErrAudit, ErrClosed or a failure
// to open the state directory) comes with a failed result and means
// nothing was done and nothing was recorded. A zero or nil Kernel gives
// ErrNotOpen.
func (k *Kernel) Submit(ctx context.Context, in Intent, ch Channel) (*Result, error) {
	if ch == "" {
		ch = ChannelAPI
	}
	res := &Result{Spec: Spec, Kind: KindResult, ActionID: in.ActionID, Verb: in.Verb, Target: in.Relpath,
		Actor: ch, Status: StatusFailed, Risk: RiskDenied}
	fail := func(err error) (*Result, error) {
		res.Status = StatusFailed
		res.Reason = err.Error()
		return res, err
	}
	if k == nil || k.fsys == nil {
		return fail(ErrNotOpen)
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.closed {
		return fail(ErrClosed)
	}
	if err := ctx.Err(); err != nil {
		return fail(err)
	}
	sd, err := k.fsys.OpenDir(k.state)
	if err != nil {
		return fail(fmt.Errorf("%w: open state directory: %v", ErrAudit, err))
	}
	defer sd.Close()
	lock, err := sd.Lock("lock")
	if err != nil {
		return fail(fmt.Errorf("%w: lock state directory: %v", ErrAudit, err))
	}
	defer lock.Close()
	if err := k.audit.catchUp(sd); err != nil {
		return fail(fmt.Errorf("%w: read audit: %v", ErrAudit, err))
	}
	// The audit must be writable before the world is touched.
	af, err := sd.OpenAppend(AuditFile, 0o600)
	if err != nil {
		return fail(fmt.Errorf("%w: %v", ErrAudit, err))
	}
	defer af.Close()
	// An intent line left without its record by a process that died is
	// settled first, so that a resubmission of its action_id sees its
	// outcome and the sequence numbers (and the backup names that carry
	// them) are never given twice.
	if err := k.reconcile(sd, af); err != nil {
		return fail(fmt.Errorf("%w: reconcile an interrupted action: %v", ErrAudit, err))
	}

	in, bad := normalize(in)
	res.Verb = in.Verb
	digest := in.digest()
	seq := k.audit.count + 1
	if in.ActionID == "" {
		sum := sha256.Sum256(fmt.Appendf(nil, "%d\x00%s", seq, digest))
		res.ActionID = "act:" + hex.EncodeToString(sum[:8])
	} else if prev, ok := k.audit.done[in.ActionID]; ok {
		if prev.digest == digest {
			r, err := k.audit.record(sd, prev, in.ActionID)
			if err != nil {
				return fail(fmt.Errorf("%w: read back the record of %s: %v", ErrAudit, in.ActionID, err))
			}
			r.Replayed = true
			return r, nil // answered from the audit: nothing written, nothing appended
		}
		bad = "action_id " + in.ActionID + " was already done with a different intent"
	}

	var finish func(rollback bool) error
	if bad != "" {
		res.Status, res.Reason = StatusDenied, bad
	} else {
		begin := func(pw *PendingWrite) error {
			rec := &AuditRecord{T: k.now().UTC().Format(time.RFC3339Nano), Seq: seq, IntentSHA256: digest, Pending: pw}
			return k.appendLine(sd, af, rec)
		}
		finish = k.act(in, res, seq, sd, begin)
	}

	rec := &AuditRecord{T: k.now().UTC().Format(time.RFC3339Nano), Seq: seq, IntentSHA256: digest, Result: res}
	if err := k.appendLine(sd, af, rec); err != nil {
		if finish != nil {
			if uerr := finish(true); uerr != nil {
				k.log.Error("action: rollback after audit failure failed", "action_id", res.ActionID, "err", uerr)
				err = errors.Join(err, fmt.Errorf("%w: %v", ErrRollback, uerr))
			}
		}
		r := &Result{Spec: Spec, Kind: KindResult, ActionID: res.ActionID, Verb: res.Verb, Target: res.Target,
			Actor: ch, Status: StatusFailed, Risk: res.Risk, Approval: res.Approval}
		res = r
		return fail(fmt.Errorf("%w: %v", ErrAudit, err))
	}
	if finish != nil {
		finish(false)
	}
	return res, nil
}

// appendLine appends rec to the audit durably. On failure it takes back
// whatever part of the line reached the file, so the audit never records
// an action that is being rolled back.
func (k *Kernel) appendLine(sd Dir, af File, rec *AuditRecord) error {
	line, err := k.audit.line(rec)
	if err != nil {
		return err
	}
	var size int64 = -1
	if fi, serr := af.Stat(); serr == nil {
		size = fi.Size()
	}
	err = writeSync(af, line)
	if err == nil && k.audit.offset == 0 && k.audit.count == 0 && len(k.audit.pending) == 0 {
		err = sd.Sync() // the audit file's directory entry is new
	}
	if err != nil {
		if size >= 0 {
			if terr := af.Truncate(size); terr == nil {
				af.Sync()
			}
		}
		return err
	}
	k.audit.appended(line, rec)
	return nil
}

func writeSync(f File, b []byte) error {
	if _, err := f.Write(b); err != nil {
		return err
	}
	return f.Sync()
}

// normalize fills verb and mode from each other and returns the reason the
// intent cannot be an action, if any.
func normalize(in Intent) (Intent, string) {
	switch {
	case in.Mode == "" && in.Verb == VerbAppend:
		in.Mode = ModeAppend
	case in.Mode == "":
		in.Mode = ModeWrite
	}
	if in.Verb == "" {
		in.Verb = VerbWrite
		if in.Mode == ModeAppend {
			in.Verb = VerbAppend
		}
	}
	expect := in.ExpectSHA256 // as given, for the verdict
	in.ExpectSHA256 = strings.ToLower(in.ExpectSHA256)
	switch {
	case in.Mode != ModeWrite && in.Mode != ModeAppend:
		return in, fmt.Sprintf("mode %q is not write or append", in.Mode)
	case in.Verb != VerbWrite && in.Verb != VerbAppend:
		return in, fmt.Sprintf("verb %q is not %s or %s", in.Verb, VerbWrite, VerbAppend)
	case (in.Verb == VerbAppend) != (in.Mode == ModeAppend):
		return in, fmt.Sprintf("verb %q contradicts mode %q", in.Verb, in.Mode)
	case in.Content == nil:
		return in, "content is missing"
	case in.Approval != "" && in.Approval != string(ApprovalConfirm):
		return in, fmt.Sprintf("approval %q is not %q", in.Approval, ApprovalConfirm)
	case in.ExpectSHA256 != "" && !trust.IsSHA256Hex(in.ExpectSHA256):
		// Malformed input, refused as a malformed credential value is: not
		// a lock that failed to match.
		return in, "expect_sha256 " + trust.NotSHA256(expect)
	}
	for i, c := range in.Credentials {
		if err := c.Validate(); err != nil {
			return in, fmt.Sprintf("credentials[%d]: %v", i, err)
		}
	}
	return in, ""
}

// act judges and performs the normalized intent, filling res. Before it
// touches the disk it calls begin with what it is about to do (the intent
// line of the audit); if begin fails, nothing is done. When it changed
// the world it returns finish, which must be called once: with rollback
// true (the audit line could not be written) it restores the world;
// either way it releases the directory handles.
func (k *Kernel) act(in Intent, res *Result, seq int, sd Dir, begin func(*PendingWrite) error) (finish func(rollback bool) error) {
	res.Status = StatusDenied
	content := []byte(*in.Content)
	if int64(len(content)) > k.maxBytes {
		res.Reason = fmt.Sprintf("content is %d bytes, over the limit of %d", len(content), k.maxBytes)
		return nil
	}
	p, d := k.locate(in.Relpath)
	if d != nil {
		res.Reason = d.reason
		return nil
	}

	if p.target != nil && p.target.Size() > k.maxFile {
		res.Reason = fmt.Sprintf("target is %d bytes, over the limit of %d", p.target.Size(), k.maxFile)
		return nil
	}

	// Risk from the three objective inputs, as judged by name.
	exists := p.target != nil
	given := filepath.ToSlash(filepath.Clean(in.Relpath))
	protected := k.prot.match(p.rel)
	if protected == "" && p.rel != given {
		protected = k.prot.match(given)
	}
	onCreate := k.protNew.match(p.rel)
	if onCreate == "" && p.rel != given {
		onCreate = k.protNew.match(given)
	}
	if protected == "" {
		protected = onCreate
	}
	switch {
	case onCreate != "" && !exists:
		res.Risk, res.RiskReason = RiskHigh, fmt.Sprintf("creating a file under a protected path (%s) that tools read or run without review", onCreate)
	case protected != "" && exists && in.Mode == ModeAppend:
		res.Risk, res.RiskReason = RiskHigh, fmt.Sprintf("appending to a protected path (%s)", protected)
	case protected != "" && exists:
		res.Risk, res.RiskReason = RiskHigh, fmt.Sprintf("overwriting a protected path (%s)", protected)
	case exists && in.Mode == ModeWrite:
		res.Risk, res.RiskReason = RiskMedium, "overwriting an existing file"
	case exists:
		res.Risk, res.RiskReason = RiskLow, "appending to an existing file"
	default:
		res.Risk, res.RiskReason = RiskLow, "creating a new file"
	}

	// Open the anchor through handles and read the current content there.
	res.Status = StatusFailed
	dir, err := k.openAnchor(p)
	if err != nil {
		res.Reason = err.Error()
		return nil
	}
	defer func() {
		if dir != nil {
			dir.Close()
		}
	}()
	var old []byte
	before := Observation{}
	if len(p.mkdirs) == 0 {
		old, err = readExact(dir, p.name, p.target, k.maxFile)
		if err != nil {
			res.Reason = err.Error()
			return nil
		}
		if p.target != nil {
			before = observation(old)
		}
	}

	if !k.approve(in, p, before, res) {
		res.Status = StatusRequiresApproval
		res.Current = &Current{Exists: before.Exists, SizeBytes: before.SizeBytes}
		return nil
	}

	want := content
	if in.Mode == ModeAppend {
		want = append(append([]byte(nil), old...), content...)
	}
	// The names of every file the write creates are fixed now and written
	// in the intent line, so that the next kernel can tell, after a crash,
	// whether the write happened and remove exactly its leftovers.
	pw := &PendingWrite{ActionID: res.ActionID, Verb: in.Verb, Target: in.Relpath, Actor: res.Actor,
		Risk: res.Risk, Approval: res.Approval, Dir: filepath.Dir(p.abs), Name: p.name,
		Before: before.SHA256, Want: *observation(want).SHA256, Temp: tempName(seq), Mkdirs: slices.Clone(p.mkdirs)}
	if exists && in.Mode == ModeWrite {
		if pw.Backup, err = k.backupName(sd, seq, before, p.name); err != nil {
			res.Reason = fmt.Sprintf("%v: %v", ErrBackup, err)
			res.Evidence = &before
			return nil
		}
		pw.BackupTemp = tempName(seq)
		pw.BackupPath = k.backupPath(pw.Backup)
	}
	if err := begin(pw); err != nil {
		res.Reason = fmt.Sprintf("%v: intent line: %v", ErrAudit, err)
		return nil
	}

	// Create missing directories, each made durable in its parent.
	var created []createdDir
	rollbackDirs := func() {
		for i := len(created) - 1; i >= 0; i-- {
			created[i].parent.Remove(created[i].name)
			created[i].parent.Sync()
			created[i].parent.Close()
		}
		created = nil
	}
	for _, name := range p.mkdirs {
		if err := dir.Mkdir(name, 0o755); err != nil {
			rollbackDirs()
			res.Reason = fmt.Sprintf("create directory %s: %v", name, err)
			return nil
		}
		nd, err := openChild(dir, name)
		if err == nil {
			err = dir.Sync()
		}
		if err != nil {
			if nd != nil {
				nd.Close()
			}
			dir.Remove(name)
			rollbackDirs()
			res.Reason = fmt.Sprintf("create directory %s: %v", name, err)
			return nil
		}
		created = append(created, createdDir{dir, name})
		dir = nd
	}
	defer func() {
		for _, c := range created {
			c.parent.Close()
		}
	}()

	// A crash between a temporary file's creation and its rename leaves
	// it behind; the kernel's first write in the directory removes it.
	k.sweepOnce(dir)

	// Backup before an overwrite: durable, or no overwrite.
	var backup string
	if pw.Backup != "" {
		if err := k.backup(sd, pw, old); err != nil {
			res.Reason = fmt.Sprintf("%v: %v", ErrBackup, err)
			res.Evidence = &before
			return nil
		}
		backup = pw.BackupPath
	}

	perm := fs.FileMode(0o644)
	if exists {
		perm = p.target.Mode().Perm()
	}
	if err := replace(dir, p.name, want, perm, pw.Temp); err != nil {
		res.Reason = err.Error()
		if errors.Is(err, errAfterRename) {
			if rerr := restore(dir, p.name, old, exists, perm, seq); rerr != nil {
				res.Reason += "; " + ErrRollback.Error() + ": " + rerr.Error()
			}
		}
		rollbackDirs()
		after := observeIn(dir, p.name)
		res.Evidence = &after
		return nil
	}

	// Status from observation: re-read what is there now.
	after := observeIn(dir, p.name)
	res.Evidence = &after
	res.StateDiff = &StateDiff{Before: before, After: after}
	res.BytesWritten = int64(len(content))
	wantObs := observation(want)
	if after.SHA256 == nil || *after.SHA256 != *wantObs.SHA256 {
		res.Reason = "the file read back after the write does not hold the intended content"
	} else {
		res.Status = StatusDone
	}
	switch {
	case backup != "":
		res.Reversible = true
		res.BackupPath = &backup
		res.UndoHint = "restore from backup_path"
	case exists:
		res.UndoHint = fmt.Sprintf("truncate target to %d bytes", before.SizeBytes)
	default:
		res.UndoHint = "delete target"
	}
	dirKeep, createdKeep := dir, created
	dir, created = nil, nil // the undo owns the handles now
	return func(rollback bool) error {
		defer func() {
			dirKeep.Close()
			for _, c := range createdKeep {
				c.parent.Close()
			}
		}()
		if !rollback {
			return nil
		}
		if err := restore(dirKeep, p.name, old, exists, perm, seq); err != nil {
			return err
		}
		for i := len(createdKeep) - 1; i >= 0; i-- {
			c := createdKeep[i]
			if err := c.parent.Remove(c.name); err != nil {
				return err
			}
			if err := c.parent.Sync(); err != nil {
				return err
			}
		}
		return nil
	}
}

type createdDir struct {
	parent Dir
	name   string
}

// approve applies the approval rules of the risk tier. Every proof the
// intent presents must hold, whatever the tier: a stale or wrong-path
// proof never writes. It fills res.Approval, res.Credential and, when it
// refuses, res.Reason.
func (k *Kernel) approve(in Intent, p *place, before Observation, res *Result) bool {
	cur := ""
	if before.SHA256 != nil {
		cur = *before.SHA256
	}
	proof := -1
	for i, c := range in.Credentials {
		abs, d := k.resolveRel(c.Target)
		if err := trust.Check(c, d == nil && abs == p.abs, cur); err != nil {
			res.Approval = ApprovalProofOfRead
			res.Reason = fmt.Sprintf("credentials[%d]: %v", i, err)
			if errors.Is(err, trust.ErrStale) && !before.Exists {
				res.Reason += " (the target does not exist)"
			}
			if errors.Is(err, trust.ErrWrongTarget) && d != nil {
				// Say why it names no file here (an absolute path, say), not
				// only that it is another one.
				res.Reason += " (as a relpath: " + d.reason + ")"
			}
			return false
		}
		if proof < 0 {
			proof = i
		}
	}
	expect := in.ExpectSHA256 != ""
	if expect && in.ExpectSHA256 != cur {
		res.Approval = ApprovalExpectSHA256
		res.Reason = "expect_sha256 does not match the current content"
		if !before.Exists {
			res.Reason += " (the target does not exist)"
		}
		return false
	}
	confirm := in.Approval == string(ApprovalConfirm)
	switch res.Risk {
	case RiskLow:
		res.Approval = ApprovalAuto
		return true
	case RiskMedium:
		switch {
		case proof >= 0:
			c := in.Credentials[proof]
			res.Approval = ApprovalProofOfRead
			res.Credential = &CredentialRef{Index: proof, Type: c.Type, Target: c.Target}
		case expect:
			res.Approval = ApprovalExpectSHA256
		case confirm:
			res.Approval = ApprovalConfirm
		default:
			res.Approval = ApprovalNone
			res.Reason = "risk medium needs proof_of_read, expect_sha256 or approval \"confirm\""
			return false
		}
		return true
	default: // high
		if !confirm {
			res.Approval = ApprovalNone
			res.Reason = "risk high (protected path) needs approval \"confirm\""
			if !before.Exists {
				res.Reason = "risk high (a new file under a protected path) needs approval \"confirm\""
			}
			return false
		}
		res.Approval = ApprovalConfirm
		return true
	}
}

// readExact reads the entry name of dir (at most max bytes), checking that
// it is still the file locate judged (or still absent).
func readExact(dir Dir, name string, judged fs.FileInfo, max int64) ([]byte, error) {
	fi, err := dir.Lstat(name)
	switch {
	case errors.Is(err, fs.ErrNotExist) && judged == nil:
		return nil, nil
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return nil, err
	case err != nil || judged == nil || !fi.Mode().IsRegular() || !os.SameFile(fi, judged):
		return nil, fmt.Errorf("%w: %s", ErrRaced, name)
	}
	f, err := dir.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	ofi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !os.SameFile(ofi, fi) {
		return nil, fmt.Errorf("%w: %s", ErrRaced, name)
	}
	b, err := io.ReadAll(io.LimitReader(f, max+1))
	if err == nil && int64(len(b)) > max {
		return nil, fmt.Errorf("%w: %s grew over the limit of %d bytes", ErrRaced, name, max)
	}
	return b, err
}

// observeIn is the observation of the entry name of dir now.
func observeIn(dir Dir, name string) Observation {
	fi, err := dir.Lstat(name)
	if err != nil || !fi.Mode().IsRegular() {
		return Observation{}
	}
	f, err := dir.Open(name)
	if err != nil {
		return Observation{}
	}
	defer f.Close()
	b, err := io.ReadAll(f)
	if err != nil {
		return Observation{}
	}
	return observation(b)
}

// errAfterRename marks a failure after the new content was renamed into
// place (the directory fsync): the old content must be restored.
var errAfterRename = errors.New("after rename")

// tempName is a fresh name for a temporary file of action seq.
func tempName(seq int) string {
	return fmt.Sprintf("%s%d-%d%s", tempPrefix, seq, time.Now().UnixNano(), tempSuffix)
}

// replace puts content at name in dir atomically and durably: the
// temporary file tmp beside it, fsync, rename over the name, fsync of the
// directory.
func replace(dir Dir, name string, content []byte, perm fs.FileMode, tmp string) error {
	f, err := dir.Create(tmp, perm)
	if err != nil {
		return fmt.Errorf("create temporary file: %w", err)
	}
	_, werr := f.Write(content)
	serr := f.Sync()
	cerr := f.Close()
	if err := errors.Join(werr, serr, cerr); err != nil {
		dir.Remove(tmp)
		return fmt.Errorf("write temporary file: %w", err)
	}
	if err := dir.Rename(tmp, name); err != nil {
		dir.Remove(tmp)
		return fmt.Errorf("rename into place: %w", err)
	}
	if err := dir.Sync(); err != nil {
		return fmt.Errorf("%w: sync directory: %w", errAfterRename, err)
	}
	return nil
}

// The kernel's temporary files are named tempPrefix…tempSuffix (replace).
const (
	tempPrefix = ".ef-act-"
	tempSuffix = ".tmp"
)

// staleTempAge is the age past which a temporary file of the kernel is a
// crash's leftover: a write holds one for the time of a write and an
// fsync, and kernels sharing a state directory write under its lock (the
// margin is for kernels with another state directory writing there too).
const staleTempAge = time.Hour

// sweepOnce sweeps dir of stale temporary files the first time the kernel
// writes in it (k.mu held).
func (k *Kernel) sweepOnce(dir Dir) {
	if k.swept[dir.Path()] {
		return
	}
	k.swept[dir.Path()] = true
	sweepTemps(dir, k.now(), k.log)
}

// sweepTemps removes the kernel's stale temporary files in dir. A failure
// is logged, never fatal: the leftovers take space, not correctness.
func sweepTemps(dir Dir, now time.Time, log *slog.Logger) {
	es, err := dir.ReadDir()
	if err != nil {
		log.Warn("action: list directory for stale temporary files", "dir", dir.Path(), "err", err)
		return
	}
	for _, e := range es {
		name := e.Name()
		if !e.Type().IsRegular() || !strings.HasPrefix(name, tempPrefix) || !strings.HasSuffix(name, tempSuffix) {
			continue
		}
		fi, err := e.Info()
		if err != nil || now.Sub(fi.ModTime()) < staleTempAge {
			continue
		}
		if err := dir.Remove(name); err != nil {
			log.Warn("action: remove stale temporary file", "path", filepath.Join(dir.Path(), name), "err", err)
		}
	}
}

// pruneBackups removes the oldest backups in bd beyond keep (negative:
// keep all). Backup names start with the audit sequence number, zero
// padded, so name order is age order.
func pruneBackups(bd Dir, keep int, log *slog.Logger) {
	if keep < 0 {
		return
	}
	es, err := bd.ReadDir()
	if err != nil {
		log.Warn("action: list backups", "dir", bd.Path(), "err", err)
		return
	}
	var names []string
	for _, e := range es {
		if e.Type().IsRegular() && isBackupName(e.Name()) {
			names = append(names, e.Name())
		}
	}
	if len(names) <= keep {
		return
	}
	slices.Sort(names)
	for _, name := range names[:len(names)-keep] {
		if err := bd.Remove(name); err != nil {
			log.Warn("action: remove old backup", "path", filepath.Join(bd.Path(), name), "err", err)
		}
	}
	if err := bd.Sync(); err != nil {
		log.Warn("action: sync backups", "dir", bd.Path(), "err", err)
	}
}

// isBackupName reports whether name has the form backup gives a backup:
// eight or more digits, then '-'.
func isBackupName(name string) bool {
	i := strings.IndexByte(name, '-')
	if i < 8 {
		return false
	}
	for _, c := range name[:i] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// restore puts the world back: the old content, or no file when there was
// none.
func restore(dir Dir, name string, old []byte, existed bool, perm fs.FileMode, seq int) error {
	if existed {
		err := replace(dir, name, old, perm, tempName(seq))
		if errors.Is(err, errAfterRename) {
			return dir.Sync()
		}
		return err
	}
	if err := dir.Remove(name); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return dir.Sync()
}

// backupName is the name of the backup of the file name, about to be
// overwritten by action seq, in the state directory's backups/: the audit
// sequence number, the content hash and the name, with a counter after
// the hash in the unlikely case that name is taken (a backup is never
// overwritten).
func (k *Kernel) backupName(sd Dir, seq int, before Observation, name string) (string, error) {
	bd, err := openOrMkdir(sd, "backups")
	if err != nil {
		return "", err
	}
	defer bd.Close()
	bname := fmt.Sprintf("%08d-%s-%s", seq, (*before.SHA256)[:12], name)
	for n := 2; ; n++ {
		_, err := bd.Lstat(bname)
		if errors.Is(err, fs.ErrNotExist) {
			return bname, nil
		}
		if err != nil {
			return "", err
		}
		bname = fmt.Sprintf("%08d-%s.%d-%s", seq, (*before.SHA256)[:12], n, name)
	}
}

// backupPath is the backup bname as the result reports it: relative to
// the base when the state directory is below it.
func (k *Kernel) backupPath(bname string) string {
	abs := filepath.Join(k.state, "backups", bname)
	if rel, ok := within(k.base, abs); ok {
		return rel
	}
	return abs
}

// backup stores old (the content of the file about to be overwritten)
// durably under the state directory as pw.Backup.
func (k *Kernel) backup(sd Dir, pw *PendingWrite, old []byte) error {
	bd, err := openOrMkdir(sd, "backups")
	if err != nil {
		return err
	}
	defer bd.Close()
	k.sweepOnce(bd)
	if err := replace(bd, pw.Backup, old, 0o600, pw.BackupTemp); err != nil {
		return err
	}
	pruneBackups(bd, k.backups, k.log)
	return nil
}

// openOrMkdir opens the child directory name of d, creating it (durably)
// when it is missing.
func openOrMkdir(d Dir, name string) (Dir, error) {
	nd, err := openChild(d, name)
	if !errors.Is(err, fs.ErrNotExist) {
		return nd, err
	}
	if err := d.Mkdir(name, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
		return nil, err
	}
	if err := d.Sync(); err != nil {
		return nil, err
	}
	return openChild(d, name)
}

// DefaultStateDir is the state directory a kernel with base directory base
// uses when Options.StateDir is zero.
func DefaultStateDir(base string) string { return filepath.Join(base, ".ef", "act") }

// SubmitJSON is the adapters' whole job in one call: decode one intent
// from data, submit it through channel ch and encode the result as one
// line. Every adapter uses it, so they cannot differ in anything but the
// channel. A malformed intent is an error wrapping ErrIntent (not an
// action, not audited); an ErrAudit or ErrClosed error comes with the
// failed result's line.
func (k *Kernel) SubmitJSON(ctx context.Context, data []byte, ch Channel) ([]byte, *Result, error) {
	in, err := ParseIntent(data)
	if err != nil {
		return nil, nil, err
	}
	res, err := k.Submit(ctx, in, ch)
	line, merr := res.MarshalLine()
	if merr != nil {
		return nil, res, errors.Join(err, merr)
	}
	return line, res, err
}

// mkdirAllDurable creates dir and its missing parents (0700) and fsyncs the
// parent of each directory it created, so the audit log's directory
// survives a power cut along with the first line written in it.
func mkdirAllDurable(fsys FS, dir string) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	var missing []string
	for p := abs; ; p = filepath.Dir(p) {
		if _, err := os.Stat(p); err == nil {
			break
		}
		missing = append(missing, p)
		if filepath.Dir(p) == p {
			break
		}
	}
	if err := os.MkdirAll(abs, 0o700); err != nil {
		return err
	}
	for _, p := range missing {
		d, err := fsys.OpenDir(filepath.Dir(p))
		if err != nil {
			return err
		}
		serr := d.Sync()
		d.Close()
		if serr != nil {
			return serr
		}
	}
	return nil
}
