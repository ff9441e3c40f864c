package cachesim

import (
	"strings"

	"github.com/epistemicfold/ef/hostshim"
)

// Tokenizer turns text into token ids, e.g. a tiktoken encoding's Encode
// method. It must be deterministic.
type Tokenizer func(string) []int

// Prompt renders a request — a system prompt and the model-visible messages
// in order — and tokenizes it. Each part (the system prompt, then each
// message) is rendered and tokenized on its own, as chat templates do, so
// the tokens of a message do not depend on the messages after it: a request
// that appends messages to an earlier one extends its token sequence.
//
// A message renders as "<|role|>" and a newline, then its blocks, each
// followed by a newline: text and reasoning as their text, a tool call as
// "<tool_call name>" and its arguments, a tool result as its text content.
// Other blocks (images, files) render as "<type>". The markers only need to
// be stable; their exact spelling does not model any provider.
func Prompt(system string, msgs []*hostshim.Message, tok Tokenizer) []uint32 {
	var out []uint32
	add := func(s string) {
		for _, t := range tok(s) {
			out = append(out, uint32(t))
		}
	}
	if system != "" {
		add("<|system|>\n" + system + "\n")
	}
	var b strings.Builder
	for _, m := range msgs {
		if m == nil {
			continue
		}
		b.Reset()
		b.WriteString("<|" + string(m.Role) + "|>\n")
		renderBlocks(&b, m.Content)
		add(b.String())
	}
	return out
}

func renderBlocks(b *strings.Builder, blocks []hostshim.Block) {
	for _, bl := range blocks {
		switch bl.Type {
		case hostshim.BlockText, hostshim.BlockReasoning:
			b.WriteString(bl.Text)
		case hostshim.BlockToolCall:
			b.WriteString("<tool_call " + bl.Name + ">" + bl.Arguments)
		case hostshim.BlockToolResult:
			renderBlocks(b, bl.Content)
			continue
		default:
			b.WriteString("<" + bl.Type + ">")
		}
		b.WriteByte('\n')
	}
}

// ApproxTokens is a stand-in tokenizer for tests and for runs without a real
// one: one token per 4 bytes (the usual English average), each id a hash of
// its bytes, so equal text gives equal tokens.
func ApproxTokens(s string) []int {
	out := make([]int, 0, (len(s)+3)/4)
	for i := 0; i < len(s); i += 4 {
		end := min(i+4, len(s))
		h := uint32(2166136261)
		for j := i; j < end; j++ {
			h ^= uint32(s[j])
			h *= 16777619
		}
		out = append(out, int(h&0x7fffffff))
	}
	return out
}
