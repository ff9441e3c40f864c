package bundle

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"

	"pgregory.net/rapid"
)

// checkCanonical checks that Canonicalize, and the reference it is fuzzed
// against, turn in into want; want "" means both must reject in.
func checkCanonical(t *testing.T, in, want string) {
	t.Helper()
	for _, c := range []struct {
		name string
		f    func([]byte) ([]byte, error)
	}{{"Canonicalize", Canonicalize}, {"refCanonicalize", refCanonicalize}} {
		got, err := c.f([]byte(in))
		switch {
		case want == "" && err == nil:
			t.Errorf("%s(%s) = %s, want error", c.name, in, got)
		case want != "" && (err != nil || string(got) != want):
			t.Errorf("%s(%s) = %s, %v\nwant %s", c.name, in, got, err, want)
		}
	}
}

func TestCanonicalizeRFC8785Example(t *testing.T) {
	// RFC 8785 §3.2.2 example.
	in := `{
  "numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],
  "string": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/",
  "literals": [null, true, false]
}`
	want := `{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\u000f\nA'B\"\\\\\"/"}`
	checkCanonical(t, in, want)
}

func TestCanonicalizeSortsByUTF16(t *testing.T) {
	// RFC 8785 §3.2.3: sorting on UTF-16 code units puts the emoji
	// (surrogates D83D...) before U+FB33, unlike sorting on code points.
	in := `{"\u20ac":"Euro Sign","\r":"Carriage Return","\ufb33":"Hebrew Letter Dalet With Dagesh","1":"One","\ud83d\ude00":"Emoji: Grinning Face","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis"}`
	want := "{\"\\r\":\"Carriage Return\",\"1\":\"One\",\"\u0080\":\"Control\",\"ö\":\"Latin Small Letter O With Diaeresis\",\"€\":\"Euro Sign\",\"😀\":\"Emoji: Grinning Face\",\"\ufb33\":\"Hebrew Letter Dalet With Dagesh\"}"
	checkCanonical(t, in, want)
}

func TestCanonicalizeNumbers(t *testing.T) {
	// From RFC 8785 Appendix B and the ECMAScript spec.
	cases := map[string]string{
		"0": "0", "-0": "0", "0.0": "0", "1.0": "1", "-1": "-1", "1e0": "1",
		"5e-324":                 "5e-324",
		"1.7976931348623157e308": "1.7976931348623157e+308",
		"9007199254740992":       "9007199254740992",
		"9007199254740993":       "9007199254740992",
		"295147905179352830000":  "295147905179352830000",
		"1e21":                   "1e+21",
		"1e20":                   "100000000000000000000",
		"999999999999999999999":  "1e+21",
		"0.000001":               "0.000001",
		"0.0000001":              "1e-7",
		"1.5e-7":                 "1.5e-7",
		"-1.5E+300":              "-1.5e+300",
		"123.456":                "123.456",
		"4.35":                   "4.35",
		"0.1":                    "0.1",
		"100":                    "100",
		"1E400x":                 "", // syntax error (trailing), see below
	}
	for in, want := range cases {
		checkCanonical(t, in, want)
	}
}

// TestCanonicalizeRFC8785AppendixB: the number samples of RFC 8785
// Appendix B (IEEE 754 bit patterns and their canonical text; NaN and
// Infinity, which JSON cannot spell, left out), for Canonicalize and its
// reference.
func TestCanonicalizeRFC8785AppendixB(t *testing.T) {
	samples := []struct {
		bits uint64
		want string
	}{
		{0x0000000000000000, "0"}, {0x8000000000000000, "0"},
		{0x0000000000000001, "5e-324"}, {0x8000000000000001, "-5e-324"},
		{0x7fefffffffffffff, "1.7976931348623157e+308"}, {0xffefffffffffffff, "-1.7976931348623157e+308"},
		{0x4340000000000000, "9007199254740992"}, {0xc340000000000000, "-9007199254740992"},
		{0x4430000000000000, "295147905179352830000"},
		{0x44b52d02c7e14af5, "9.999999999999997e+22"}, {0x44b52d02c7e14af6, "1e+23"}, {0x44b52d02c7e14af7, "1.0000000000000001e+23"},
		{0x444b1ae4d6e2ef4e, "999999999999999700000"}, {0x444b1ae4d6e2ef4f, "999999999999999900000"}, {0x444b1ae4d6e2ef50, "1e+21"},
		{0x3eb0c6f7a0b5ed8c, "9.999999999999997e-7"}, {0x3eb0c6f7a0b5ed8d, "0.000001"},
		{0x41b3de4355555553, "333333333.3333332"}, {0x41b3de4355555554, "333333333.33333325"},
		{0x41b3de4355555555, "333333333.3333333"}, {0x41b3de4355555556, "333333333.3333334"},
		{0x41b3de4355555557, "333333333.33333343"},
		{0xbecbf647612f3696, "-0.0000033333333333333333"},
		{0x43143ff3c1cb0959, "1424953923781206.2"},
	}
	for _, c := range samples {
		// Go's shortest 'g' form of the double is valid JSON and parses back to it.
		checkCanonical(t, strconv.FormatFloat(math.Float64frombits(c.bits), 'g', -1, 64), c.want)
	}
}

// TestCanonicalizeNumberErrors: a fraction or an exponent without digits
// is refused where its digits should start, naming the part.
func TestCanonicalizeNumberErrors(t *testing.T) {
	for in, want := range map[string]string{
		`1.`:      "offset 2: bad number fraction",
		`[1.x]`:   "offset 3: bad number fraction",
		`1e`:      "offset 2: bad number exponent",
		`-2.5E+`:  "offset 6: bad number exponent",
		`[0e-,1]`: "offset 4: bad number exponent",
	} {
		_, err := Canonicalize([]byte(in))
		if !errors.Is(err, ErrNotCanonicalizable) || !strings.HasSuffix(err.Error(), want) {
			t.Errorf("Canonicalize(%q): %v, want ErrNotCanonicalizable ending %q", in, err, want)
		}
	}
}

func TestCanonicalizeRejects(t *testing.T) {
	bad := []string{
		``, ` `, `{`, `[1,]`, `{"a":1,}`, `{"a" 1}`, `01`, `1.`, `.5`, `+1`, `1e`, `-`, `NaN`, `Infinity`,
		`1e400`, `-1e400`, `"\ud800"`, `"\udc00"`, `"\ud800\u0041"`, "\"\xff\"", "\"a\x01\"", `"\x"`, `"\u12"`,
		`{"a":1,"a":2}`, `tru`, `nul`, `[1] [2]`, `{"a":1}}`, `0x10`, `1_000`,
	}
	for _, in := range bad {
		if got, err := Canonicalize([]byte(in)); err == nil {
			t.Errorf("Canonicalize(%q) = %s, want error", in, got)
		} else if !errors.Is(err, ErrNotCanonicalizable) {
			t.Errorf("Canonicalize(%q): error %v does not wrap ErrNotCanonicalizable", in, err)
		}
		if got, err := refCanonicalize([]byte(in)); err == nil {
			t.Errorf("refCanonicalize(%q) = %s, want error", in, got)
		}
	}
	// Both sides draw the nesting line in the same place.
	for _, n := range []int{maxJSONDepth, maxJSONDepth + 1} {
		sameAsRef(t, []byte(strings.Repeat("[", n)+strings.Repeat("]", n)))
	}
	deep := make([]byte, 0, 2*maxJSONDepth+10)
	for i := 0; i < maxJSONDepth+5; i++ {
		deep = append(deep, '[')
	}
	if _, err := Canonicalize(deep); err == nil {
		t.Error("deeply nested input accepted")
	}
}

func TestCanonicalizeStrings(t *testing.T) {
	cases := map[string]string{
		`"\u0000\u001f\u007f"`:   `"\u0000\u001f` + "\x7f" + `"`,
		`"\b\f\n\r\t"`:           `"\b\f\n\r\t"`,
		`"\u2028\u2029"`:         "\"\u2028\u2029\"",
		`"</script>\/"`:          `"</script>/"`,
		`"\uD83D\uDE00"`:         `"😀"`,
		`"caf\u00e9"`:            `"café"`,
		` { "b" : [ ] , "a":{}}`: `{"a":{},"b":[]}`,
	}
	for in, want := range cases {
		checkCanonical(t, in, want)
	}
}

// jsonValue generates arbitrary JSON values as Go values.
func jsonValue(depth int) *rapid.Generator[any] {
	return rapid.Custom(func(t *rapid.T) any {
		kind := rapid.IntRange(0, 6).Draw(t, "kind")
		if depth <= 0 && kind >= 5 {
			kind = 0
		}
		switch kind {
		case 0:
			return rapid.String().Draw(t, "s")
		case 1:
			return rapid.Float64().Filter(func(f float64) bool { return !math.IsInf(f, 0) && !math.IsNaN(f) }).Draw(t, "f")
		case 2:
			return float64(rapid.Int64Range(-1<<53, 1<<53).Draw(t, "i"))
		case 3:
			return rapid.Bool().Draw(t, "b")
		case 4:
			return nil
		case 5:
			return rapid.SliceOfN(jsonValue(depth-1), 0, 4).Draw(t, "a")
		default:
			m := rapid.MapOfN(rapid.String(), jsonValue(depth-1), 0, 4).Draw(t, "m")
			out := make(map[string]any, len(m))
			for k, v := range m {
				out[k] = v
			}
			return out
		}
	})
}

// TestCanonicalizeProperties: canonical output parses back to the same
// value, is a fixed point, and does not depend on how the input was
// spelled (indentation, key order, escaping).
func TestCanonicalizeProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := jsonValue(3).Draw(t, "v")
		compact, err := json.Marshal(v)
		if err != nil {
			t.Skip("unmarshalable")
		}
		indented, _ := json.MarshalIndent(v, "", "   ")
		c1, err := Canonicalize(compact)
		if err != nil {
			t.Fatalf("Canonicalize(%s): %v", compact, err)
		}
		c2, err := Canonicalize(indented)
		if err != nil || string(c1) != string(c2) {
			t.Fatalf("spelling changed canonical form:\n%s\n%s (%v)", c1, c2, err)
		}
		c3, err := Canonicalize(c1)
		if err != nil || string(c3) != string(c1) {
			t.Fatalf("not a fixed point:\n%s\n%s (%v)", c1, c3, err)
		}
		var back, orig any
		if err := json.Unmarshal(c1, &back); err != nil {
			t.Fatalf("canonical output is not JSON: %s: %v", c1, err)
		}
		json.Unmarshal(compact, &orig)
		if !reflect.DeepEqual(back, orig) {
			t.Fatalf("value changed:\n%s\n%s", compact, c1)
		}
	})
}

// sameAsRef checks Canonicalize against the reference implementation:
// same output, or both errors.
func sameAsRef(t interface{ Fatalf(string, ...any) }, in []byte) {
	got, err := Canonicalize(in)
	want, werr := refCanonicalize(in)
	if (err == nil) != (werr == nil) || string(got) != string(want) {
		t.Fatalf("Canonicalize(%q) = %q, %v; reference %q, %v", in, got, err, want, werr)
	}
}

// TestCanonicalizeLongStrings: strings long enough for the scanner's
// thirty-two- and eight-byte steps, with a byte that needs a look (quote,
// escape, control character, non-ASCII, invalid UTF-8) at every offset
// of those steps, as values and as member names, agree with the reference.
func TestCanonicalizeLongStrings(t *testing.T) {
	pieces := []string{`\n`, `\"`, `\\`, `\/`, `\u00e9`, `\u0007`, `\ud83d\ude00`, `\ud800`, "é", "中", "\U0001F600",
		"\x01", "\xff", "\xe4\xb8", `"`, `\`, `\q`}
	rapid.Check(t, func(t *rapid.T) {
		var sb strings.Builder
		for range rapid.IntRange(1, 6).Draw(t, "runs") {
			sb.WriteString(strings.Repeat("a", rapid.IntRange(0, 100).Draw(t, "plain")))
			sb.WriteString(rapid.SampledFrom(pieces).Draw(t, "piece"))
		}
		sb.WriteString(strings.Repeat("z", rapid.IntRange(0, 20).Draw(t, "tail")))
		str := `"` + sb.String() + `"`
		sameAsRef(t, []byte(str))
		sameAsRef(t, []byte(`{`+str+`:1,"b":`+str+`}`))
	})
}

// TestCanonicalizeManyMembers: objects of up to 40 members (past the
// count sortMembers sorts by insertion), in random order, sometimes with
// a name twice, agree with the reference.
func TestCanonicalizeManyMembers(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 40).Draw(t, "members")
		names := make([]string, n)
		for i := range names {
			names[i] = fmt.Sprintf("k%02d", i)
			if rapid.IntRange(0, 9).Draw(t, "odd") == 0 {
				names[i] = rapid.SampledFrom([]string{"\ue000", "\U0001F600", "é", `a\"b`}).Draw(t, "name")
			}
		}
		if n > 1 && rapid.IntRange(0, 4).Draw(t, "dup") == 0 {
			names[rapid.IntRange(0, n-1).Draw(t, "a")] = names[rapid.IntRange(0, n-1).Draw(t, "b")]
		}
		perm := rapid.Permutation(names).Draw(t, "order")
		parts := make([]string, len(perm))
		for i, k := range perm {
			kj, _ := json.Marshal(k)
			parts[i] = string(kj) + `:{"y":` + strconv.Itoa(i) + `,"x":[]}`
		}
		sameAsRef(t, []byte("{"+strings.Join(parts, ",")+"}"))
	})
}

// TestCanonicalizeIntegers: integer tokens of every length around the
// 15 digits that are their own canonical form (and the 16 and 17 digits
// that may round), signed and not, with and without a fraction or an
// exponent after them, agree with the reference.
func TestCanonicalizeIntegers(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 18).Draw(t, "digits")
		digits := []byte{byte('0' + rapid.IntRange(0, 9).Draw(t, "first"))}
		for len(digits) < n {
			digits = append(digits, byte('0'+rapid.IntRange(0, 9).Draw(t, "digit")))
		}
		tok := rapid.SampledFrom([]string{"", "-"}).Draw(t, "sign") + string(digits) +
			rapid.SampledFrom([]string{"", ".0", ".5", "e0", "E2", "e-3"}).Draw(t, "tail")
		sameAsRef(t, []byte(tok))
		sameAsRef(t, []byte("["+tok+","+tok+"]"))
	})
}

// TestCanonicalizeMatchesReference: the optimized canonicalizer agrees
// with the reference one on generated JSON (sorted and unsorted members,
// escapes, non-ASCII and supplementary-plane names) and on mangled JSON.
func TestCanonicalizeMatchesReference(t *testing.T) {
	names := rapid.SampledFrom([]string{"a", "b", "A", "é", "\ue000", "\U0001F600", "\uffff", "\r", "a\"b", "\\", "", "aa", "ab", "\u0080"})
	var gen func(depth int) *rapid.Generator[string]
	gen = func(depth int) *rapid.Generator[string] {
		return rapid.Custom(func(t *rapid.T) string {
			kind := rapid.IntRange(0, 5).Draw(t, "kind")
			if depth <= 0 && kind >= 4 {
				kind = 0
			}
			switch kind {
			case 0:
				return rapid.SampledFrom([]string{`"x"`, `"\u00e9\n\t\"\\\/"`, `"\ud83d\ude00"`, "\"\U0001F600 é\"", `"\u0001"`, `"\ud800"`}).Draw(t, "s")
			case 1:
				return rapid.SampledFrom([]string{"0", "-0", "1.50", "1e21", "1E-7", "123456789012345678901", "01", "1e999"}).Draw(t, "n")
			case 2:
				return rapid.SampledFrom([]string{"true", "false", "null"}).Draw(t, "lit")
			case 3:
				return "[" + strings.Join(rapid.SliceOfN(gen(depth-1), 0, 4).Draw(t, "a"), " , ") + "]"
			default:
				var parts []string
				for _, k := range rapid.SliceOfN(names, 0, 5).Draw(t, "keys") {
					kj, _ := json.Marshal(k)
					if rapid.Bool().Draw(t, "escapeKey") {
						kj = []byte(strconv.QuoteToASCII(k))
					}
					parts = append(parts, string(kj)+" : "+gen(depth-1).Draw(t, "v"))
				}
				return "{" + strings.Join(parts, ",") + "}"
			}
		})
	}
	rapid.Check(t, func(t *rapid.T) {
		in := []byte(gen(3).Draw(t, "json"))
		if rapid.IntRange(0, 4).Draw(t, "mangle") == 0 && len(in) > 0 {
			i := rapid.IntRange(0, len(in)-1).Draw(t, "at")
			in = append(in[:i:i], in[i+1:]...)
		}
		sameAsRef(t, in)
	})
}

func TestCompareUTF16(t *testing.T) {
	keys := []string{"", "\r", "1", "a", "aa", "b", "\u0080", "ö", "€", "\ud7ff", "😀", "😁", "\U00010000", "\ue000", "\ufb33", "\uffff"}
	for _, a := range keys {
		for _, b := range keys {
			want := slices.Compare(utf16.Encode([]rune(a)), utf16.Encode([]rune(b)))
			if got := compareUTF16([]byte(a), []byte(b)); got != want {
				t.Errorf("compareUTF16(%q, %q) = %d, want %d", a, b, got, want)
			}
		}
	}
}

// TestPlain8 checks the eight-bytes-at-a-time scan against the byte rule
// for every byte value at every position, and for random words.
func TestPlain8(t *testing.T) {
	plain := func(c byte) bool { return c >= 0x20 && c < 0x80 && c != '"' && c != '\\' }
	// special8's lowest flag must mark the first byte that is not plain
	// (scanPlain stops there); the flags above it may be anything.
	check := func(w [8]byte) {
		want, first := true, 8
		for i, c := range w {
			if !plain(c) && first == 8 {
				want, first = false, i
			}
		}
		x := binary.LittleEndian.Uint64(w[:])
		if got := plain8(x); got != want {
			t.Fatalf("plain8(%q) = %v, want %v", w, got, want)
		}
		if got := bits.TrailingZeros64(special8(x)) >> 3; got != first {
			t.Fatalf("special8(%q) flags byte %d first, want %d", w, got, first)
		}
	}
	for pos := 0; pos < 8; pos++ {
		for c := 0; c < 256; c++ {
			for _, fill := range []byte{'a', ' ', '~', 0x21} {
				var w [8]byte
				for i := range w {
					w[i] = fill
				}
				w[pos] = byte(c)
				check(w)
			}
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 200000 {
		var w [8]byte
		for i := range w {
			w[i] = byte(r.IntN(256))
			if r.IntN(4) > 0 {
				w[i] = byte(0x20 + r.IntN(0x60))
			}
		}
		check(w)
	}
}

// TestCanonicalizeReordersAroundLargest checks the reorder that moves an
// object's largest member within the output (not through the scratch
// buffer) against the reference, with the largest member first, in the
// middle and last, sorted before or after the others, and nested.
func TestCanonicalizeReordersAroundLargest(t *testing.T) {
	big := `"` + strings.Repeat("log line é\\n", 5000) + `"`
	for _, in := range []string{
		`{"id":"imp-6","role":"user","content":[{"type":"text","text":` + big + `}]}`,
		`{"role":"user","content":` + big + `,"id":"x"}`,
		`{"z":` + big + `,"b":1,"a":[true,null]}`,
		`{"m":` + big + `,"z":"zz","a":"aa"}`,
		`{"b":{"y":` + big + `,"x":{"d":2,"c":` + big + `}},"a":0}`,
		`{"c":"` + strings.Repeat("c", 300) + `","b":` + big + `,"a":"` + strings.Repeat("a", 200) + `"}`,
	} {
		got, err := Canonicalize([]byte(in))
		if err != nil {
			t.Fatal(err)
		}
		want, err := refCanonicalize([]byte(in))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%.60s…: canonical form differs from the reference", in)
		}
	}
}

// jsonText generates JSON texts as written, not as encoding/json would:
// object members in any order (so canonical reorders them, nested), white
// space, and strings of runs of plain text between escapes.
func jsonText(depth int) *rapid.Generator[string] {
	pieces := []string{`\n`, `\"`, `\/`, `\u00e9`, `\u0007`, "é", "\U0001F600", `\\`}
	str := rapid.Custom(func(t *rapid.T) string {
		var sb strings.Builder
		sb.WriteByte('"')
		for range rapid.IntRange(0, 4).Draw(t, "runs") {
			sb.WriteString(strings.Repeat(rapid.SampledFrom([]string{"a", "b", "é"}).Draw(t, "c"), rapid.IntRange(0, 30).Draw(t, "plain")))
			sb.WriteString(rapid.SampledFrom(pieces).Draw(t, "piece"))
		}
		sb.WriteString(strings.Repeat("z", rapid.IntRange(0, 30).Draw(t, "tail")))
		sb.WriteByte('"')
		return sb.String()
	})
	return rapid.Custom(func(t *rapid.T) string {
		kind := rapid.IntRange(0, 4).Draw(t, "kind")
		if depth <= 0 && kind >= 3 {
			kind = 0
		}
		ws := rapid.SampledFrom([]string{"", " ", "\n  "}).Draw(t, "ws")
		switch kind {
		case 0:
			return str.Draw(t, "s")
		case 1:
			return rapid.SampledFrom([]string{"1", "-0", "1.50", "1e21", "true", "null"}).Draw(t, "lit")
		case 2:
			return "[" + ws + strings.Join(rapid.SliceOfN(jsonText(depth-1), 0, 3).Draw(t, "a"), ","+ws) + "]"
		default:
			names := rapid.SliceOfNDistinct(rapid.SampledFrom([]string{"a", "b", "content", "role", "z", "é", "\U0001F600", "\ue000"}), 0, 5, rapid.ID[string]).Draw(t, "names")
			var ms []string
			for _, n := range names {
				ms = append(ms, `"`+n+`":`+ws+jsonText(depth-1).Draw(t, "v"))
			}
			return "{" + ws + strings.Join(ms, ","+ws) + "}"
		}
	})
}

// TestCanonicalHoles: the canonical form written with its long runs of
// text left in the input (holes, as the archive hasher takes it) is
// Canonicalize's output, for any hole size, with members reordered
// around and inside the holes at any depth.
func TestCanonicalHoles(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		in := []byte(jsonText(3).Draw(t, "in"))
		want, werr := Canonicalize(in)
		p := jcsParser{holeMin: rapid.IntRange(1, 40).Draw(t, "holeMin")}
		out, err := p.canonical(nil, in)
		if (err == nil) != (werr == nil) {
			t.Fatalf("%s: with holes %v, without %v", in, err, werr)
		}
		if err != nil {
			return
		}
		var got bytes.Buffer
		p.writeCanonical(&got, out)
		if !bytes.Equal(got.Bytes(), want) {
			t.Fatalf("%s:\nwith holes %s\nwant       %s (%d holes)", in, got.Bytes(), want, len(p.holes))
		}
	})
}
