package tokenizer

import (
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/testutil"
	"github.com/pkoukk/tiktoken-go"
	loader "github.com/pkoukk/tiktoken-go-loader"
	"pgregory.net/rapid"
)

// testTokenizers is shared by the tests of this file: loading an encoding
// costs about 30 ms of CPU.
var testTokenizers = sync.OnceValue(func() *Registry { return New(Options{}) })

// corpusTexts returns the message texts of the first n snapshot logs.
func corpusTexts(t testing.TB, n int) []string {
	t.Helper()
	var texts []string
	for _, f := range testutil.SnapshotLogs(t)[:n] {
		s, err := hostshim.ReadSession(f, hostshim.LogOptions{Lenient: true})
		if err != nil {
			t.Fatal(err)
		}
		msgs, _ := s.Messages()
		for _, m := range msgs {
			texts = append(texts, m.Text())
		}
	}
	return texts
}

// libraryAndMeter returns the reference library's encoding enc (offline)
// beside this package's meter of it.
func libraryAndMeter(t testing.TB, enc string) (*tiktoken.Tiktoken, *Meter) {
	t.Helper()
	tiktoken.SetBpeLoader(loader.NewOfflineLoader())
	ref, err := tiktoken.GetEncoding(enc)
	if err != nil {
		t.Fatal(err)
	}
	return ref, tiktokenMeter(t, enc)
}

func tiktokenMeter(t testing.TB, name string) *Meter {
	t.Helper()
	m, err := testTokenizers().Meter(name)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestTiktokenKnownCounts(t *testing.T) {
	for _, enc := range []string{O200k, CL100k} {
		m := tiktokenMeter(t, enc)
		if m.Name() != enc {
			t.Fatalf("name %q", m.Name())
		}
		if got := m.CountText("hello world, this is a test"); got != 7 {
			t.Errorf("%s: %d tokens, want 7", enc, got)
		}
		if m.CountText("") != 0 {
			t.Errorf("%s: empty text", enc)
		}
		// Special-token text is ordinary text: counted, never a panic.
		if got := m.CountText("<|endoftext|>"); got < 2 {
			t.Errorf("%s: <|endoftext|> counted as %d", enc, got)
		}
		msg := &hostshim.Message{Role: hostshim.RoleAssistant, Content: []hostshim.Block{
			hostshim.TextBlock("hello world, this is a test"),
			{Type: hostshim.BlockToolCall, Name: "bash", Arguments: `{"command":"ls"}`},
		}}
		want := 7 + m.CountText("bash") + m.CountText(`{"command":"ls"}`) + MessageOverhead
		if got := m.CountMessage(msg); got != want {
			t.Errorf("%s: message %d, want %d", enc, got, want)
		}
		if m.CountMessage(nil) != 0 {
			t.Error("nil message")
		}
	}
	if _, err := testTokenizers().Meter("p50k_base"); !errors.Is(err, ErrUnknownEncoding) {
		t.Fatalf("unknown encoding: %v", err)
	}
}

// TestTiktokenMatchesLibrary checks the embedded ranks and the capped
// counting path against tiktoken-go's own loader (test only: it sets the
// library's global loader).
func TestTiktokenMatchesLibrary(t *testing.T) {
	tiktoken.SetBpeLoader(loader.NewOfflineLoader())
	texts := []string{
		"hello world, this is a test",
		"你好，世界。这是一个关于上下文压缩的测试句子，包含中文标点。",
		"日本語のテキストと English mixed 123456789 numbers",
		"func main() {\n\tfmt.Println(\"hi\")\n}\n\n\n   trailing   ",
		"😀 emoji 👍🏽 and accents: café naïve",
	}
	texts = append(texts, corpusTexts(t, 20)...)
	for _, enc := range []string{O200k, CL100k} {
		ref, m := libraryAndMeter(t, enc)
		for _, s := range texts {
			want := len(ref.EncodeOrdinary(s))
			if got := m.CountText(s); got != want {
				t.Errorf("%s: %d tokens, library %d: %.80q", enc, got, want, s)
			}
			// The capped path splits into the same pieces.
			if got := m.countCapped(s); got != want {
				t.Errorf("%s: capped path %d tokens, library %d: %.80q", enc, got, want, s)
			}
		}
		if chinese := m.CountText(texts[1]); chinese < 10 || chinese > 40 {
			t.Errorf("%s: Chinese sentence = %d tokens", enc, chinese)
		}
	}
}

// TestTiktokenPathological makes sure long unbroken runs complete (no
// timing assertion) and are priced at about a quarter of their bytes.
func TestTiktokenPathological(t *testing.T) {
	m := tiktokenMeter(t, O200k)
	runs := map[string]string{
		"letters":      strings.Repeat("a", 200_000),
		"spaces":       strings.Repeat(" ", 100_000) + "x",
		"equals":       strings.Repeat("=", 100_000),
		"base64ish":    strings.Repeat("QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo", 3000),
		"cjk no punct": strings.Repeat("压缩", 20_000),
	}
	for name, s := range runs {
		got := m.CountText(s)
		if got < len(s)/16 || got > len(s) {
			t.Errorf("%s: %d tokens for %d bytes", name, got, len(s))
		}
	}
	// A long run inside ordinary text: the text around it is tokenised.
	long := strings.Repeat("z", 10_000)
	s := "hello world, this is a test " + long + " hello world, this is a test"
	want := m.CountText("hello world, this is a test") + ceilDiv(len(long)+1, 4) + m.CountText(" hello world, this is a test")
	if got := m.CountText(s); got != want {
		t.Errorf("mixed: %d, want %d", got, want)
	}
}

func TestTiktokenConcurrent(t *testing.T) {
	// Run alone, this also loads both encodings from concurrent goroutines.
	reg := testTokenizers()
	text := strings.Repeat("The quick brown fox jumps over the lazy dog. 敏捷的棕色狐狸。 ", 50)
	var wg sync.WaitGroup
	results := make([]int, 16)
	for i := range results {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			enc := O200k
			if i%2 == 1 {
				enc = CL100k
			}
			m, err := reg.Meter(enc)
			if err != nil {
				t.Error(err)
				return
			}
			for range 5 {
				results[i] = m.CountText(text) + m.CountMessage(&hostshim.Message{Content: []hostshim.Block{hostshim.TextBlock(text)}})
			}
		}(i)
	}
	wg.Wait()
	for i := 2; i < len(results); i++ {
		if results[i] != results[i%2] {
			t.Fatalf("goroutine %d got %d, goroutine %d got %d", i, results[i], i%2, results[i%2])
		}
	}
	a, _ := reg.Meter(O200k)
	b, _ := reg.Meter(O200k)
	if a != b {
		t.Fatal("Meter must return the same meter for an encoding")
	}
}

// TestLongTextCountMatchesWhole holds the count of long texts (tens of
// kilobytes, counted piece by piece) equal to the library's count of the
// whole text, on joined corpus messages and on lines built to tempt a
// wrong split (leading '/', spaces, CRLF, CJK, punctuation ending in
// newlines).
func TestLongTextCountMatchesWhole(t *testing.T) {
	tiktoken.SetBpeLoader(loader.NewOfflineLoader())
	joined := corpusTexts(t, 40)
	tricky := []string{"}\n/usr/bin/env x", "a\n\n  b", "x\r\ny", "end.\n中文行\n", "))\n\n\n/tmp", "'s\n're", "v := 1\n\tw := 2\n", "###\n###\n", "🙂\n🙂", "   \n\t\n"}
	var sb strings.Builder
	for i := 0; sb.Len() < 64<<10; i++ {
		sb.WriteString(tricky[i%len(tricky)])
		sb.WriteString(tricky[(i*7+3)%len(tricky)])
	}
	texts := []string{strings.Join(joined, "\n"), strings.Join(joined, ""), sb.String()}
	for _, enc := range []string{O200k, CL100k} {
		ref, m := libraryAndMeter(t, enc)
		for _, s := range texts {
			if got, want := m.CountText(s), len(ref.EncodeOrdinary(s)); got != want {
				t.Errorf("%s: %d tokens, library %d (%d bytes)", enc, got, want, len(s))
			}
		}
	}
}

// TestMaxTextTokensBounds holds CountText under MaxTextTokens, the bound a
// caller may sum instead of encoding: on prose and code, long runs,
// invalid UTF-8 (the encoder reads it as U+FFFD) and arbitrary bytes.
func TestMaxTextTokensBounds(t *testing.T) {
	texts := append([]string{}, "", "a", "func main() {\n\tfmt.Println(\"hi\")\n}\n", "你好，世界。这是一个测试。", "\xff", strings.Repeat("\xff", 300), strings.Repeat("\x80a", 200),
		strings.Repeat("\xe4\xbd", 100), strings.Repeat("z", 2000), strings.Repeat("😀", 100), "a\xffb\xfec 中文")
	for _, enc := range []string{O200k, CL100k} {
		m := tiktokenMeter(t, enc)
		check := func(t interface{ Fatalf(string, ...any) }, s string) {
			if got, bound := m.CountText(s), m.MaxTextTokens(s); got > bound {
				t.Fatalf("%s: %d tokens, bound %d: %.80q", enc, got, bound, s)
			}
		}
		for _, s := range texts {
			check(t, s)
		}
		rapid.Check(t, func(rt *rapid.T) {
			b := rapid.SliceOfN(rapid.SampledFrom([]byte("a \n\xff\x80\xe4\xbd\xa0\xf0\x9f\x98\x80.0")), 0, 400).Draw(rt, "bytes")
			check(rt, string(b))
		})
	}
}
