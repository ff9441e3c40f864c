package hostshim

import (
	"encoding/json"
	"strings"
)

// The host's fixed-density estimator (@deepseek-ai/dsh-token-meter,
// estimate.ts), re-implemented exactly so that shrink checks made here agree
// with the host's to the token:
//
//	text, reasoning   ceil(len(text)/4) + 4
//	tool-call         ceil(len(name)/4) + ceil(len(arguments)/4) + 4
//	tool-result       price(content) + 4            (Gen01; recursive)
//	any other block   4 + ceil(len(JSON.stringify(block))/4)   (image, file,
//	                  tool-addition, …: the block's JSON, attachment included)
//	message           price(content) + 4
//
// len is JavaScript's String length: UTF-16 code units, so an astral
// character (emoji) counts 2 and a CJK character 1. Gen017 tool-role
// messages carry their result blocks directly in content and are priced like
// any message. Where the host would throw (a text block without text), the
// meter counts the missing string as empty.
const (
	HeuristicCharsPerToken = 4 // CHARS_PER_TOKEN
	HeuristicBlockOverhead = 4 // BLOCK_OVERHEAD
	HeuristicRoleOverhead  = 4 // ROLE_OVERHEAD, per message
)

// HeuristicMeter is the host's heuristic token meter. The zero value is
// ready; it is stateless and safe for concurrent use.
type HeuristicMeter struct{}

var _ Meter = HeuristicMeter{}

// Name returns "dsh-heuristic".
func (HeuristicMeter) Name() string { return "dsh-heuristic" }

// CountText returns ceil(len(s)/4), len in UTF-16 code units.
func (HeuristicMeter) CountText(s string) int { return ceilDiv(jsLen(s), HeuristicCharsPerToken) }

// CountMessage returns the host's estimateMessage(m); 0 for nil (the host
// prices a node that derives no message at 0). A message read from a log is
// priced from its exact bytes (Raw), so unknown blocks are priced by the JSON
// the host would stringify.
func (HeuristicMeter) CountMessage(m *Message) int {
	if m == nil {
		return 0
	}
	raw := []byte(m.Raw)
	if raw == nil {
		b, err := json.Marshal(m)
		if err != nil {
			return estimateBlocks(m.Content) + HeuristicRoleOverhead
		}
		raw = b
	}
	v, err := parseJS(raw)
	if err != nil {
		return estimateBlocks(m.Content) + HeuristicRoleOverhead
	}
	return estimateContentJS(v.get("content")) + HeuristicRoleOverhead
}

// EstimateContent prices a JSON array of content blocks as the host's
// estimateContent does.
func EstimateContent(content json.RawMessage) (int, error) {
	v, err := parseJS(content)
	if err != nil {
		return 0, err
	}
	return estimateContentJS(v), nil
}

func estimateContentJS(arr *jsValue) int {
	if arr == nil || arr.kind != jsArray {
		return 0
	}
	tokens := 0
	for _, b := range arr.arr {
		typ := ""
		if t := b.get("type"); t != nil && t.kind == jsString {
			typ = jsStringOf(t.raw)
		}
		switch typ {
		case BlockText, BlockReasoning:
			tokens += ceilDiv(jsFieldLen(b, "text"), HeuristicCharsPerToken) + HeuristicBlockOverhead
		case BlockToolCall:
			tokens += ceilDiv(jsFieldLen(b, "name"), HeuristicCharsPerToken) +
				ceilDiv(jsFieldLen(b, "arguments"), HeuristicCharsPerToken) + HeuristicBlockOverhead
		case BlockToolResult:
			tokens += estimateContentJS(b.get("content")) + HeuristicBlockOverhead
		default:
			var sb strings.Builder
			b.stringify(&sb)
			tokens += HeuristicBlockOverhead + ceilDiv(jsLen(sb.String()), HeuristicCharsPerToken)
		}
	}
	return tokens
}

func jsFieldLen(v *jsValue, key string) int {
	f := v.get(key)
	if f == nil || f.kind != jsString {
		return 0
	}
	return jsStrLen(f.raw)
}

// estimateBlocks prices Go blocks (used when a message has no valid JSON).
func estimateBlocks(blocks []Block) int {
	tokens := 0
	for _, b := range blocks {
		switch b.Type {
		case BlockText, BlockReasoning:
			tokens += ceilDiv(jsLen(b.Text), HeuristicCharsPerToken) + HeuristicBlockOverhead
		case BlockToolCall:
			tokens += ceilDiv(jsLen(b.Name), HeuristicCharsPerToken) + ceilDiv(jsLen(b.Arguments), HeuristicCharsPerToken) + HeuristicBlockOverhead
		case BlockToolResult:
			tokens += estimateBlocks(b.Content) + HeuristicBlockOverhead
		default:
			tokens += HeuristicBlockOverhead + ceilDiv(jsLen(jsStringify(marshalNoEscape(b))), HeuristicCharsPerToken)
		}
	}
	return tokens
}

// jsStringify returns JSON.stringify(JSON.parse(raw)), or raw itself when it
// is not valid JSON.
func jsStringify(raw []byte) string {
	v, err := parseJS(raw)
	if err != nil {
		return string(raw)
	}
	var sb strings.Builder
	v.stringify(&sb)
	return sb.String()
}

// EstimateSystemTokens prices a request header's system prompt as the host
// does: 0 when absent or empty (canonicalHeader drops an empty system),
// else ceil(len/4) + 4.
func EstimateSystemTokens(system string) int {
	if system == "" {
		return 0
	}
	return ceilDiv(jsLen(system), HeuristicCharsPerToken) + HeuristicRoleOverhead
}

// EstimateToolsTokens prices a request header's tool schemas (a JSON array)
// as the host does: 0 when absent or empty, else
// ceil(len(JSON.stringify(tools))/4) + 4.
func EstimateToolsTokens(tools json.RawMessage) int {
	s, ok := canonicalTools(tools)
	if !ok {
		return 0
	}
	return ceilDiv(jsLen(s), HeuristicCharsPerToken) + HeuristicBlockOverhead
}

// EstimateHeader prices the non-surface part of a request (system prompt
// plus tool schemas), the host's estimateHeader.
func EstimateHeader(h *RequestHeaderData) int {
	if h == nil {
		return 0
	}
	return EstimateSystemTokens(h.Header.System) + EstimateToolsTokens(h.Header.Tools)
}

// canonicalTools returns JSON.stringify(tools) when canonicalHeader keeps
// them: tools.length > 0, so a non-empty array — or a non-empty string, as
// the snapshot logs' "{{tools}}" placeholder is.
func canonicalTools(tools json.RawMessage) (string, bool) {
	if len(tools) == 0 {
		return "", false
	}
	v, err := parseJS(tools)
	if err != nil {
		return "", false
	}
	switch {
	case v.kind == jsArray && len(v.arr) > 0:
	case v.kind == jsString && len(v.raw) > 0:
	default:
		return "", false
	}
	var sb strings.Builder
	v.stringify(&sb)
	return sb.String(), true
}

func ceilDiv(n, d int) int { return (n + d - 1) / d }
