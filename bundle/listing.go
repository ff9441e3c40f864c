package bundle

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// A read locates its bundle's file by listing the session directory (the
// file's name holds its hash, which the reader does not know). A listing
// costs in proportion to the directory: ~0.2 ms for 40 bundles and 7-12
// ms for 2,500 (one session of 100,000 messages folded 40 at a time) on
// the project's 2-core machine at load ~25, so a search that checks ten
// hits of one long session, or an index build that reads each of its
// bundles, paid for the whole directory at every read. findListed reuses
// the last listing of a directory while the directory provably has not
// changed since:
//
//   - the directory is the same one (os.SameFile: same device and inode)
//     with the same modification time and size as when it was listed.
//     Adding, renaming or removing an entry changes the modification
//     time, unless the change falls within the same tick of the file
//     system's clock as the modification before it; so
//   - a listing is kept only when the directory's modification time was
//     at least listingSettle older than the moment of the listing (the
//     "racy" rule of git's index): any later change then carries a later
//     time. A directory written to moments ago is listed at every read,
//     as before;
//   - only a checkpoint the listing holds exactly one file for is
//     answered from it, after an Lstat of that file (a file removed since
//     is listed afresh). No file or several files for the checkpoint
//     (missing, ambiguous) are always said by a fresh listing, so a
//     stale listing can never make a bundle look missing.
//
// Only reads use it: Put and the manifest's Acknowledged list afresh.
// File infos not from the os package (a test FS of its own making) never
// compare as the same file, so such a directory is listed at every read.

// listingSettle is how much older than its listing a directory's
// modification time must be for the listing to be reused: more than the
// coarsest tick of a common file system's clock (FAT's 2 s).
const listingSettle = 3 * time.Second

// maxListed bounds the files the kept listings hold (about 150 bytes
// each); past it, arbitrary listings are forgotten.
const maxListed = 1 << 16

// dirListing is what one listing of a session directory said.
type dirListing struct {
	dir   fs.FileInfo       // the directory as Lstat described it before the listing
	files map[string]string // stem → file hash; "" when the stem has several files
}

// findListed is find for a read of a checkpoint of dir, which fi (nil
// when dir is missing) describes as Lstat saw it just before.
func (s *Store) findListed(dir string, fi fs.FileInfo, checkpointID string) (found, bool, error) {
	stem := checkpointStem(checkpointID)
	if fi != nil {
		s.listMu.Lock()
		l := s.listings[dir]
		s.listMu.Unlock()
		if l != nil && sameDir(l.dir, fi) {
			if fh := l.files[stem]; fh != "" {
				f := found{path: filepath.Join(dir, bundleFileName(stem, fh)), fileHex: fh}
				if _, err := s.fs.Lstat(f.path); err == nil {
					return f, true, nil
				}
			}
		}
	}
	at := time.Now()
	ents, err := s.fs.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return found{}, false, nil
	}
	if err != nil {
		return found{}, false, unavailable("unreadable", &Error{Op: "readdir", Path: dir, Err: err})
	}
	files := make(map[string]string, len(ents))
	for _, e := range ents {
		if st, fh, ok := parseBundleFileName(e.Name()); ok {
			if _, seen := files[st]; seen {
				fh = ""
			}
			files[st] = fh
		}
	}
	if fi != nil && fi.ModTime().Before(at.Add(-listingSettle)) && sameDir(fi, fi) { // sameDir(fi, fi): an os FileInfo
		s.keepListing(dir, &dirListing{dir: fi, files: files})
	}
	fh, ok := files[stem]
	switch {
	case !ok:
		return found{}, false, nil
	case fh == "":
		n := 0
		for _, e := range ents {
			if st, _, ok := parseBundleFileName(e.Name()); ok && st == stem {
				n++
			}
		}
		return found{}, false, unavailable("ambiguous", errAmbiguous(n))
	}
	return found{path: filepath.Join(dir, bundleFileName(stem, fh)), fileHex: fh}, true, nil
}

// keepListing keeps l as dir's listing, forgetting others while the
// listings would hold more than maxListed files.
func (s *Store) keepListing(dir string, l *dirListing) {
	if len(l.files) > maxListed {
		return
	}
	s.listMu.Lock()
	defer s.listMu.Unlock()
	if s.listings == nil {
		s.listings = map[string]*dirListing{}
	}
	if old := s.listings[dir]; old != nil {
		s.listed -= len(old.files)
		delete(s.listings, dir)
	}
	for k, v := range s.listings {
		if s.listed+len(l.files) <= maxListed {
			break
		}
		s.listed -= len(v.files)
		delete(s.listings, k)
	}
	s.listings[dir] = l
	s.listed += len(l.files)
}

// sameDir reports whether a and b describe the same directory, unchanged.
func sameDir(a, b fs.FileInfo) bool {
	return os.SameFile(a, b) && a.ModTime().Equal(b.ModTime()) && a.Size() == b.Size() && !a.ModTime().IsZero()
}
