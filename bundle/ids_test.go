package bundle

import (
	"strings"
	"testing"
)

// checkDirName asserts what every encoded name must satisfy.
func checkDirName(t testing.TB, id, name string) {
	t.Helper()
	if len(name) == 0 || len(name) > maxEncodedName+2 {
		t.Fatalf("id %q: name %q has length %d", id, name, len(name))
	}
	if name == "." || name == ".." || strings.HasPrefix(name, ".") {
		t.Fatalf("id %q: name %q is special", id, name)
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			t.Fatalf("id %q: name %q has byte %q", id, name, c)
		}
	}
}

func TestEncodeSessionID(t *testing.T) {
	ids := []string{"a", "A", "..", ".", "/", "../../etc/passwd", "a/b", "a\\b", "\x00", "nul\x00byte",
		"CON", "con", "日本語のセッション", "\xff\xfe", strings.Repeat("x", 98), strings.Repeat("x", 99),
		strings.Repeat("é", 2000), strings.Repeat("z", maxSessionIDLen)}
	seen := map[string]string{}
	for _, id := range ids {
		name := encodeSessionID(id)
		checkDirName(t, id, name)
		if prev, dup := seen[name]; dup {
			t.Fatalf("ids %q and %q both encode to %q", prev, id, name)
		}
		seen[name] = id
		got, hashed, ok := decodeSessionDir(name)
		if !ok {
			t.Fatalf("decodeSessionDir(%q) failed", name)
		}
		if hashed != (len(id) > 98) {
			t.Errorf("id of %d bytes: hashed=%v", len(id), hashed)
		}
		if !hashed && got != id {
			t.Errorf("round trip %q -> %q -> %q", id, name, got)
		}
	}
	for _, foreign := range []string{"LOCK", ".tmp-1", "s-", "s-A", "h-xyz", "s-a1", ".del-s-me"} {
		if _, _, ok := decodeSessionDir(foreign); ok {
			t.Errorf("decodeSessionDir(%q) accepted a foreign name", foreign)
		}
	}
}

func TestCheckpointStem(t *testing.T) {
	ids := []string{"a", "A", "ckpt-0001", "CKPT-0001", "a_b", "a__b", "A_b", "_a", "__a", "a.b-c_D",
		"01ARZ3NDEKTSV4RRFFQ69G5FAV", "01arz3ndektsv4rrffq69g5fav", strings.Repeat("Z", 128), strings.Repeat("z", 128)}
	seen := map[string]string{}
	for _, id := range ids {
		if !ValidCheckpointID(id) {
			t.Fatalf("%q should be valid", id)
		}
		stem := checkpointStem(id)
		checkDirName(t, id, stem)
		if prev, dup := seen[stem]; dup {
			t.Fatalf("ids %q and %q share stem %q", prev, id, stem)
		}
		seen[stem] = id
		if strings.HasPrefix(stem, plainCkptPref) {
			if got, ok := decodeCheckpointStem(stem); !ok || got != id {
				t.Errorf("decode(%q) = %q, %v; want %q", stem, got, ok, id)
			}
		}
		name := bundleFileName(stem, strings.Repeat("ab", 32))
		if len(name) > 255 {
			t.Errorf("file name of %d bytes", len(name))
		}
		if s, h, ok := parseBundleFileName(name); !ok || s != stem || h != strings.Repeat("ab", 32) {
			t.Errorf("parseBundleFileName(%q) = %q, %q, %v", name, s, h, ok)
		}
	}
	for _, bad := range []string{"", ".hidden", "a/b", "a b", "é", "a\x00", strings.Repeat("a", 129), "..", "a:b"} {
		if ValidCheckpointID(bad) {
			t.Errorf("ValidCheckpointID(%q) = true", bad)
		}
	}
}

func TestIsTempName(t *testing.T) {
	b := "c-x." + strings.Repeat("0f", 32) + ".efb"
	for name, want := range map[string]bool{
		".tmp-1": true, "." + b + "123": true, ".manifest9": true, ".session-id0": true,
		b: false, "manifest": false, ".manifest": false, "." + b: false, ".manifestx1": false,
		".notes1": false, ".del-s-a": false, "." + b + "12x": false, "": false, ".": false, ".1": false,
	} {
		if got := isTempName(name); got != want {
			t.Errorf("isTempName(%q) = %v, want %v", name, got, want)
		}
	}
}
