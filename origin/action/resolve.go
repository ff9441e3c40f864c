package action

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// maxSymlinkHops bounds symlink resolution, as the kernel's own ELOOP does.
const maxSymlinkHops = 40

// errLoop means a path goes through too many symlinks.
var errLoop = errors.New("too many levels of symbolic links")

// resolvePath returns the absolute, symlink-free path that the absolute,
// clean path p names: every existing component is looked at with lstat and
// a symlink is replaced by its target (relative targets against the
// directory holding the link), ".." is applied to the resolved prefix. A
// tail that does not exist is kept as written. This is the judgement by
// name; the write path then re-checks each component through open
// directory handles.
func resolvePath(p string) (string, error) {
	vol := filepath.VolumeName(p)
	sep := string(filepath.Separator)
	done := vol + sep
	todo := splitPath(p[len(vol):])
	hops := 0
	for len(todo) > 0 {
		c := todo[0]
		todo = todo[1:]
		switch c {
		case "", ".":
			continue
		case "..":
			done = filepath.Dir(done)
			continue
		}
		next := filepath.Join(done, c)
		fi, err := os.Lstat(next)
		if errors.Is(err, fs.ErrNotExist) {
			done = next
			continue
		}
		if err != nil {
			return "", err
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			done = next
			continue
		}
		if hops++; hops > maxSymlinkHops {
			return "", fmt.Errorf("%s: %w", p, errLoop)
		}
		link, err := os.Readlink(next)
		if err != nil {
			return "", err
		}
		if filepath.IsAbs(link) {
			v := filepath.VolumeName(link)
			done = v + sep
			link = link[len(v):]
		}
		todo = append(splitPath(link), todo...)
	}
	return done, nil
}

func splitPath(p string) []string {
	return strings.FieldsFunc(p, func(r rune) bool { return r == '/' || r == filepath.Separator })
}

// within reports whether p is dir or below it, and the slash-separated
// path of p relative to dir ("." for dir itself).
func within(dir, p string) (string, bool) {
	rel, err := filepath.Rel(dir, p)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// inState reports whether the resolved path abs is the kernel's state
// directory or below it, spelled in any case: on a case-insensitive file
// system ".EF/act/audit.jsonl" is the audit itself (see nameKey).
func (k *Kernel) inState(abs string) bool {
	if _, in := within(k.state, abs); in {
		return true
	}
	st, p := pathKey(k.state), pathKey(abs)
	return p == st || strings.HasPrefix(p, st+"/")
}

// place is where an intent's relpath leads, as judged by name.
type place struct {
	abs    string      // resolved absolute path of the target
	root   int         // index of the root holding it
	rel    string      // slash path relative to that root
	anchor string      // slash path (relative to the root) of the deepest existing ancestor directory, "." for the root
	info   fs.FileInfo // the anchor directory as lstat saw it
	mkdirs []string    // directories to create below the anchor, outermost first
	name   string      // last element
	target fs.FileInfo // the target as lstat saw it, nil if absent
}

// denial is a verdict that the intent cannot be carried out at all.
type denial struct{ reason string }

func (d *denial) Error() string { return d.reason }

func deny(format string, args ...any) *denial { return &denial{fmt.Sprintf(format, args...)} }

// resolveRel turns a relpath into an absolute resolved path, or a denial.
func (k *Kernel) resolveRel(relpath string) (string, *denial) {
	switch {
	case relpath == "":
		return "", deny("relpath is empty")
	case strings.ContainsRune(relpath, 0):
		return "", deny("relpath contains a NUL byte")
	case filepath.IsAbs(relpath) || filepath.VolumeName(relpath) != "" || strings.HasPrefix(relpath, "/"):
		return "", deny("relpath %q is absolute; it must be relative to the base", relpath)
	}
	abs, err := resolvePath(filepath.Join(k.base, filepath.FromSlash(relpath)))
	if err != nil {
		return "", deny("relpath %q cannot be resolved: %v", relpath, bareErr(err))
	}
	return abs, nil
}

// locate judges relpath by name: it must resolve (through every symlink)
// to a regular file, or a name that does not exist yet, inside one of the
// roots and outside the kernel's state directory.
func (k *Kernel) locate(relpath string) (*place, *denial) {
	abs, d := k.resolveRel(relpath)
	if d != nil {
		return nil, d
	}
	if k.inState(abs) {
		return nil, deny("target %q is inside the kernel's state directory", relpath)
	}
	best, bestRel := -1, ""
	for i, r := range k.roots {
		if rel, ok := within(r.path, abs); ok && (best < 0 || len(r.path) > len(k.roots[best].path)) {
			best, bestRel = i, rel
		}
	}
	if best < 0 {
		return nil, deny("target %q is outside the roots", relpath)
	}
	if bestRel == "." {
		return nil, deny("target %q is a root directory", relpath)
	}
	p := &place{abs: abs, root: best, rel: bestRel, name: filepath.Base(abs)}
	fi, err := os.Lstat(abs)
	switch {
	case err == nil && !fi.Mode().IsRegular():
		return nil, deny("target %q is %s, not a regular file", relpath, fileKind(fi.Mode()))
	case err == nil:
		p.target = fi
	case !errors.Is(err, fs.ErrNotExist):
		return nil, deny("target %q: %v", relpath, bareErr(err))
	}
	// The deepest existing ancestor, and the directories to create.
	elems := strings.Split(bestRel, "/")
	dirs := elems[:len(elems)-1]
	n := len(dirs)
	var anchorInfo fs.FileInfo
	for ; n >= 0; n-- {
		dp := filepath.Join(append([]string{k.roots[best].path}, dirs[:n]...)...)
		fi, err := os.Lstat(dp)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, deny("target %q: %v", relpath, bareErr(err))
		}
		if !fi.IsDir() {
			return nil, deny("target %q: %s is not a directory", relpath, strings.Join(dirs[:n], "/"))
		}
		anchorInfo = fi
		break
	}
	if anchorInfo == nil {
		return nil, deny("target %q: its root is gone", relpath)
	}
	p.anchor = "."
	if n > 0 {
		p.anchor = strings.Join(dirs[:n], "/")
	}
	p.info = anchorInfo
	p.mkdirs = dirs[n:]
	return p, nil
}

// openAnchor opens the place's anchor directory by walking from the root
// through directory handles, refusing a symlink in any component and
// checking that what it opened is what locate judged. A mismatch is
// ErrRaced: the path changed in between, and nothing may be written.
func (k *Kernel) openAnchor(p *place) (Dir, error) {
	r := k.roots[p.root]
	d, err := k.fsys.OpenDir(r.path)
	if err != nil {
		return nil, err
	}
	if d, err = sameDir(d, r.info, "a root was replaced"); err != nil {
		return nil, err
	}
	if p.anchor != "." {
		for _, e := range strings.Split(p.anchor, "/") {
			nd, err := openChild(d, e)
			d.Close()
			if err != nil {
				return nil, err
			}
			d = nd
		}
	}
	return sameDir(d, p.info, "directory "+p.anchor+" was replaced")
}

// openChild opens the subdirectory name of d, refusing a symlink, and
// checks that the handle is the entry it looked at.
func openChild(d Dir, name string) (Dir, error) {
	fi, err := d.Lstat(name)
	if err != nil {
		return nil, err
	}
	if !fi.IsDir() || fi.Mode()&fs.ModeSymlink != 0 {
		return nil, fmt.Errorf("%w: %s is no longer a directory", ErrRaced, name)
	}
	nd, err := d.OpenDir(name)
	if err != nil {
		return nil, err
	}
	return sameDir(nd, fi, name+" was replaced")
}

// sameDir checks that the open directory d is the entry want describes
// (what was judged is what was opened); otherwise it closes d and returns
// ErrRaced with replaced as the reason.
func sameDir(d Dir, want fs.FileInfo, replaced string) (Dir, error) {
	fi, err := d.Lstat(".")
	if err != nil {
		d.Close()
		return nil, err
	}
	if !os.SameFile(fi, want) {
		d.Close()
		return nil, fmt.Errorf("%w: %s", ErrRaced, replaced)
	}
	return d, nil
}

// bareErr drops the path from a *fs.PathError: results name paths the way
// the caller did, never by the machine's absolute path.
func bareErr(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// fileKind names the kind of a file that is not a regular one, for a
// denial's reason.
func fileKind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return fmt.Sprintf("a special file (%s)", m.Type())
}
