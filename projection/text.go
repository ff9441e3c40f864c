package projection

import (
	"iter"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/epistemicfold/ef/internal/clip"
)

// sentences splits text into sentences and lines, English and Chinese:
// line breaks, ". ", "! ", "? " and the CJK stops end one (a semicolon
// does not: "Tried mmap; not viable" is one statement). Each sentence is a
// verbatim substring of text, trimmed of space and of a list marker.
func sentences(text string) []string {
	var out []string
	start := 0
	emit := func(end int) {
		s := strings.TrimSpace(text[start:end])
		for strings.HasPrefix(s, "> ") || s == ">" {
			// a quoted line, at any depth ("> > Only emergency …")
			s = strings.TrimSpace(strings.TrimPrefix(s, ">"))
		}
		for _, m := range []string{"- ", "* ", "• ", "[ ] ", "[x] ", "[X] "} {
			s = strings.TrimSpace(strings.TrimPrefix(s, m))
		}
		if loc := numberedMarkRE.FindStringIndex(s); loc != nil {
			// "3. Max 10,000 rows per file": the item, not its number
			s = strings.TrimSpace(s[loc[1]:])
		}
		if s != "" {
			out = append(out, s)
		}
		start = end
	}
	spoken := spokenBoundaries(text)
	marks := inlineListMarks(text)
	for i, r := range text {
		if i < start {
			continue // an item's mark (inlinelist.go)
		}
		if len(marks) > 0 && marks[0][0] == i {
			// "规矩：1）不要加新依赖 2）不要用 any": each item of a list
			// run on in one line is a sentence (inlinelist.go)
			emit(i)
			start = marks[0][1]
			marks = marks[1:]
		}
		if len(spoken) > 0 && spoken[0] == i {
			// "… i'm dictating this period so the idea is …": a stop
			// said aloud ends the sentence (spokenBoundaries)
			spoken = spoken[1:]
			emit(i)
		}
		switch r {
		case '\n':
			emit(i)
		case '。', '！', '？', '।', '॥':
			// the CJK stops and the Devanagari danda
			emit(i + utf8.RuneLen(r))
		case '.', '!', '?':
			if j := i + 1; j >= len(text) || text[j] == ' ' || text[j] == '\n' || text[j] == '\t' {
				if r == '.' && abbreviatedAt(text, i) {
					// "max. 36 Zeichen", "e.g. the pool", "ca. 5 min"
					continue
				}
				if r == '.' && listNumberAt(text, i) {
					// "1. Columns: id, name": a numbered item's mark
					continue
				}
				emit(j)
			}
		}
	}
	emit(len(text))
	return out
}

// abbreviations end with a dot that ends no sentence when a lower-case
// word or a number follows.
var abbreviations = wordSet(`max min ca approx e.g i.e etc vs bzw z.b u.a usw inkl exkl ggf evtl bspw vgl nr p.ex cf resp approx. aprox mín máx`)

// abbreviatedAt reports whether the dot at text[i] ends an abbreviation
// (abbreviations) followed on the same line by a lower-case word or a
// number.
func abbreviatedAt(text string, i int) bool {
	w := i
	for w > 0 && text[w-1] != ' ' && text[w-1] != '\n' && text[w-1] != '\t' && text[w-1] != '(' {
		w--
	}
	if !abbreviations[strings.ToLower(text[w:i])] {
		return false
	}
	rest := strings.TrimLeft(text[i+1:], " \t")
	if rest == "" || rest[0] == '\n' {
		return false
	}
	r, _ := utf8.DecodeRuneInString(rest)
	return unicode.IsDigit(r) || unicode.IsLower(r)
}

// stopwords are left out of terms and slugs.
var stopwords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a an the and or but if then than to of in on at by for with from into onto as is are was were be been being it its this that these those
	i you we they he she me my our your their us them please just also now so do does did not no don't dont never can could should would will shall may might must
	let lets let's i'll we'll ok okay any all some there here what which who when where how why about again still only very really`) {
		m[w] = true
	}
	for _, w := range foreignStopwords() {
		m[w] = true
	}
	return m
}()

var wordRE = mustPattern(`[\p{L}\p{N}_./#@:+-]+`)

// terms are the content words of s for overlap: lowercased ASCII-ish words
// (stopwords dropped, trailing punctuation trimmed) and, for CJK runs,
// character bigrams.
func terms(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range wordRE.FindAllString(s, -1) {
		var cjk []rune
		flush := func() {
			for i := 0; i+1 < len(cjk); i++ {
				out[string(cjk[i:i+2])] = true
			}
			if len(cjk) == 1 {
				out[string(cjk)] = true
			}
			cjk = cjk[:0]
		}
		var ascii strings.Builder
		flushA := func() {
			a := strings.Trim(strings.ToLower(ascii.String()), ".:-+/")
			ascii.Reset()
			if len(a) >= 2 && !stopwords[a] {
				out[a] = true
			}
		}
		for _, r := range w {
			if isCJK(r) {
				flushA()
				cjk = append(cjk, r)
			} else {
				flush()
				ascii.WriteRune(r)
			}
		}
		flush()
		flushA()
	}
	for _, z := range []string{"不要", "要修", "不能", "必须", "永远", "记得", "可以", "现在", "不再"} {
		delete(out, z)
	}
	return out
}

// occurrences yields where sub starts in s, each occurrence after the end
// of the one before (they do not overlap), first to last.
func occurrences(s, sub string) iter.Seq[int] {
	return func(yield func(int) bool) {
		for from := 0; ; {
			i := strings.Index(s[from:], sub)
			if i < 0 {
				return
			}
			i += from
			from = i + len(sub)
			if !yield(i) {
				return
			}
		}
	}
}

func isCJK(r rune) bool {
	return unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r) || unicode.Is(unicode.Hangul, r)
}

// overlap is |a ∩ b| / min(|a|, |b|) (0 when either is empty).
func overlap(a, b map[string]bool) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	n := 0
	for k := range a {
		if b[k] {
			n++
		}
	}
	return float64(n) / float64(min(len(a), len(b)))
}

// slug is a short key part from s: its first content words joined by "-"
// (CJK runs kept as they are), at most 48 bytes.
func slug(s string) string {
	var parts []string
	n := 0
	for _, w := range wordRE.FindAllString(s, -1) {
		lw := strings.Trim(strings.ToLower(w), ".:-+/")
		if lw == "" || stopwords[lw] {
			continue
		}
		parts = append(parts, lw)
		n += len(lw)
		if len(parts) >= 6 || n >= 40 {
			break
		}
	}
	out := strings.Join(parts, "-")
	if len(out) > 48 {
		// The longest run of whole runes within 48 bytes, found in one
		// pass: a 5 MB word must not cost a string per dropped rune.
		r := []rune(out)
		k, size := 0, 0
		for k < len(r) && size+utf8.RuneLen(r[k]) <= 48 {
			size += utf8.RuneLen(r[k])
			k++
		}
		out = string(r[:k])
	}
	if out == "" {
		out = "-"
	}
	return out
}

// oneLine collapses whitespace and caps s at max runes.
func oneLine(s string, max int) string {
	return clip.Runes(strings.Join(strings.Fields(s), " "), max)
}

// listNumberAt reports whether the dot at text[i] closes a numbered list
// item's mark: one to three digits alone at the start of their line
// ("1. Columns: …", "  12. Do not …").
func listNumberAt(text string, i int) bool {
	j := i
	for j > 0 && text[j-1] >= '0' && text[j-1] <= '9' {
		j--
	}
	if j == i || i-j > 3 {
		return false
	}
	for k := j - 1; k >= 0; k-- {
		switch text[k] {
		case ' ', '\t':
			continue
		case '\n':
			return true
		case '.', '!', '?', ':', ';':
			// "Follow these steps exactly, then stop. 1. Call the
			// subagent …": a list run on after a sentence
			return k < j-1
		}
		return false
	}
	return true
}

// numberedMarkRE is a numbered list item's mark: "1. ", "12) ".
var numberedMarkRE = mustPattern(`^\d{1,3}[.)]\s+`)

// A message dictated through speech-to-text may hold its punctuation as
// words ("… dictating this period so the idea is …", "… drag files
// around anymore new line and um it should …"). In a message that says
// them (two kinds of "period", "comma", "new line", or one no written
// text uses: "full stop", "question mark"), each stop said aloud ends its
// sentence, the word kept at the sentence's end so every quote stays the
// message's own text.

// saidStopRE is a stop said aloud, before the next word.
var saidStopRE = mustPattern(`(?i)\b(?:period|full stop|new line|new paragraph|question mark|exclamation mark)\b[ \t]+\S`)

// spokenPeriodWordRE and spokenCommaRE are "period" and "comma" said as
// words ("comma-separated" is no comma said).
var (
	spokenPeriodWordRE = mustPattern(`(?i)\bperiod\b`)
	spokenCommaRE      = mustPattern(`(?i)\bcomma(?:\s|$)`)
)

// spokenOnlyRE are the marks written text does not use as words.
var spokenOnlyRE = mustPattern(`(?i)\b(?:full stop|new paragraph|question mark|exclamation mark)\b`)

// spokenNewLineRE is "new line" said as a word.
var spokenNewLineRE = mustPattern(`(?i)\bnew line\b`)

// spokenKinds is how many kinds of mark text says as words: "period",
// "comma", "new line".
func spokenKinds(text string) int {
	n := 0
	for _, re := range []*pattern{spokenPeriodWordRE, spokenCommaRE, spokenNewLineRE} {
		if re.MatchString(text) {
			n++
		}
	}
	return n
}

// spokenBoundaries are the byte offsets in text where a sentence ends at
// a stop said aloud (just past its word), in order; nil when text is no
// dictated message.
func spokenBoundaries(text string) []int {
	if len(text) > 1<<16 || !spokenOnlyRE.MatchString(text) && spokenKinds(text) < 2 {
		// "the billing period ends …", "moved to new line in a select"
		// are no dictation: a stop said aloud comes with another mark
		// said aloud
		return nil
	}
	var at []int
	for _, m := range saidStopRE.FindAllStringIndex(text, -1) {
		// the boundary is after the word, before the space
		end := m[1] - 1
		for end > m[0] && (text[end-1] == ' ' || text[end-1] == '\t') {
			end--
		}
		at = append(at, end)
	}
	return at
}
