package bundle

import (
	"crypto/sha256"
	"encoding/base32"
	"encoding/hex"
	"strings"
)

// Names inside the store root. See the package documentation for the layout.
const (
	lockFileName     = "LOCK"
	sessionIDFile    = "session-id"
	tempPrefix       = ".tmp-" // temp files of writers before renameio (see isTempName)
	tombPrefix       = ".del-"
	bundleExt        = ".efb"
	plainSessionPref = "s-"
	hashSessionPref  = "h-"
	plainCkptPref    = "c-"
	hashCkptPref     = "h-"
	// maxEncodedName bounds an encoded id so that file names stay far below
	// the 255-byte NAME_MAX of common filesystems.
	maxEncodedName = 160
	// hashedNameHex is how many hex digits of sha256 a hashed name keeps (160 bits).
	hashedNameHex = 40
)

// sessionEnc is RFC 4648 base32 with the lowercase alphabet and no padding:
// output is [a-z2-7]*, so names never differ only by case, never contain a
// separator, dot, NUL or non-ASCII byte.
var sessionEnc = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// encodeSessionID maps a session id to its directory name:
//
//	"s-" + lowercase unpadded base32 of the id's bytes, if that is at most 160 bytes
//	   (ids up to 98 bytes);
//	"h-" + the first 40 hex digits of sha256(id) otherwise; the directory
//	   then holds a "session-id" file with the id itself.
//
// The two forms cannot collide (different prefixes), the first is
// injective, and both are lowercase ASCII, so ids cannot escape the root or
// collide on case-insensitive filesystems.
func encodeSessionID(id string) string {
	n := sessionEnc.EncodedLen(len(id))
	if len(plainSessionPref)+n <= maxEncodedName {
		return plainSessionPref + sessionEnc.EncodeToString([]byte(id))
	}
	sum := sha256.Sum256([]byte(id))
	return hashSessionPref + hex.EncodeToString(sum[:])[:hashedNameHex]
}

// decodeSessionDir returns the session id of a plain directory name; ok is
// false for hashed names (read the session-id file) and foreign names.
func decodeSessionDir(name string) (id string, hashed, ok bool) {
	switch {
	case strings.HasPrefix(name, plainSessionPref):
		enc := name[len(plainSessionPref):]
		b, err := sessionEnc.DecodeString(enc)
		if err != nil || len(b) == 0 || sessionEnc.EncodeToString(b) != enc {
			return "", false, false
		}
		return string(b), false, true
	case strings.HasPrefix(name, hashSessionPref):
		h := name[len(hashSessionPref):]
		if len(h) != hashedNameHex || !isLowerHex(h) {
			return "", false, false
		}
		return "", true, true
	}
	return "", false, false
}

// checkpointStem maps a valid checkpoint id to the stem of its file name:
//
//	"c-" + the id with '_' written "__" and each uppercase letter X written
//	   "_x" (so the stem is lowercase and the mapping injective), if that
//	   is at most 160 bytes;
//	"h-" + the first 40 hex digits of sha256(id) otherwise.
//
// The file is named stem + "." + 64 hex digits of its sha256 + ".efb".
func checkpointStem(id string) string {
	var sb strings.Builder
	sb.WriteString(plainCkptPref)
	for i := 0; i < len(id); i++ {
		c := id[i]
		switch {
		case c == '_':
			sb.WriteString("__")
		case c >= 'A' && c <= 'Z':
			sb.WriteByte('_')
			sb.WriteByte(c + ('a' - 'A'))
		default:
			sb.WriteByte(c)
		}
	}
	if sb.Len() <= maxEncodedName {
		return sb.String()
	}
	sum := sha256.Sum256([]byte(id))
	return hashCkptPref + hex.EncodeToString(sum[:])[:hashedNameHex]
}

// decodeCheckpointStem inverts checkpointStem for plain stems.
func decodeCheckpointStem(stem string) (string, bool) {
	if !strings.HasPrefix(stem, plainCkptPref) {
		return "", false
	}
	s := stem[len(plainCkptPref):]
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '_' {
			if c >= 'A' && c <= 'Z' {
				return "", false
			}
			sb.WriteByte(c)
			continue
		}
		i++
		if i >= len(s) {
			return "", false
		}
		switch d := s[i]; {
		case d == '_':
			sb.WriteByte('_')
		case d >= 'a' && d <= 'z':
			sb.WriteByte(d - ('a' - 'A'))
		default:
			return "", false
		}
	}
	id := sb.String()
	if !ValidCheckpointID(id) || checkpointStem(id) != stem {
		return "", false
	}
	return id, true
}

// bundleFileName returns the file name for stem and hex file hash.
func bundleFileName(stem, fileHex string) string { return stem + "." + fileHex + bundleExt }

// parseBundleFileName splits a bundle file name into stem and hex file
// hash; ok is false for anything else (temp files, the session-id file).
func parseBundleFileName(name string) (stem, fileHex string, ok bool) {
	if !strings.HasSuffix(name, bundleExt) {
		return "", "", false
	}
	s := name[:len(name)-len(bundleExt)]
	if len(s) < 66 || s[len(s)-65] != '.' {
		return "", "", false
	}
	stem, fileHex = s[:len(s)-65], s[len(s)-64:]
	if !isLowerHex(fileHex) || !(strings.HasPrefix(stem, plainCkptPref) || strings.HasPrefix(stem, hashCkptPref)) {
		return "", "", false
	}
	return stem, fileHex, true
}

// isTempName reports whether name, in a session directory, is a write in
// flight: a pending file ("." + the target's name + decimal digits, as
// renameio names them) for a bundle file, the manifest or the session-id
// file, or a ".tmp-*" file of writers from before renameio.
func isTempName(name string) bool {
	if strings.HasPrefix(name, tempPrefix) {
		return true
	}
	if len(name) < 3 || name[0] != '.' {
		return false
	}
	target := strings.TrimRight(name[1:], "0123456789")
	if len(target) == len(name)-1 {
		return false // no digits
	}
	if target == manifestFile || target == sessionIDFile {
		return true
	}
	_, _, ok := parseBundleFileName(target)
	return ok
}
