package recall

import (
	"encoding/json"
	"errors"
	"unicode/utf8"

	"github.com/epistemicfold/ef/hostshim"
)

// This file reads exact pages of archived messages without copying a
// whole message more than the page holds: a pasted 50 MB output is
// returned a budget's worth at a time, and each page costs the archived
// message once (the page the Source returns) plus the part shown, not two
// more copies of the message and a token count of all of it.

// exactRole is the role extractMessage gives raw (its Role field), read
// without decoding the message's texts: the same fields are decoded, with
// the same types, but a text, a call's arguments and a block's attachment
// are only checked for their JSON type, never copied.
func exactRole(raw json.RawMessage) string {
	var m roleMessage
	if err := json.Unmarshal(raw, &m); err != nil || m.Content == nil {
		return "unknown"
	}
	hm := hostshim.Message{Role: m.Role, Source: m.Source, ToolCallID: m.ToolCallID, Content: m.Content.blocks()}
	if _, ok := hm.ToolResultID(); ok {
		return "tool"
	}
	return string(m.Role)
}

// roleMessage is hostshim.Message as exactRole decodes it.
type roleMessage struct {
	ID         string           `json:"id,omitempty"`
	Role       hostshim.Role    `json:"role"`
	Content    roleBlocks       `json:"content"`
	Source     *hostshim.Source `json:"source,omitempty"`
	ToolCallID string           `json:"toolCallId,omitempty"`
	IsError    *bool            `json:"isError,omitempty"`
}

// roleBlock is hostshim.Block as exactRole decodes it.
type roleBlock struct {
	Type       string     `json:"type"`
	Text       jsonString `json:"text,omitempty"`
	ID         string     `json:"id,omitempty"`
	Name       string     `json:"name,omitempty"`
	Arguments  jsonString `json:"arguments,omitempty"`
	ToolCallID string     `json:"toolCallId,omitempty"`
	Content    roleBlocks `json:"content,omitempty"`
	IsError    *bool      `json:"isError,omitempty"`
	Attachment jsonAny    `json:"attachment,omitempty"`
	Offloaded  jsonAny    `json:"offloaded,omitempty"`
	ToolName   string     `json:"toolName,omitempty"`
}

type roleBlocks []roleBlock

// blocks returns bs as hostshim blocks with what ToolResultID reads.
func (bs roleBlocks) blocks() []hostshim.Block {
	if bs == nil {
		return nil
	}
	out := make([]hostshim.Block, len(bs))
	for i, b := range bs {
		out[i] = hostshim.Block{Type: b.Type, ToolCallID: b.ToolCallID}
	}
	return out
}

// jsonString accepts what a string field accepts (a JSON string or null)
// without keeping it.
type jsonString struct{}

var errNotString = errors.New("not a JSON string")

func (jsonString) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && (b[0] == '"' || string(b) == "null") {
		return nil
	}
	return errNotString
}

// jsonAny accepts any JSON value, as json.RawMessage does, without keeping
// it.
type jsonAny struct{}

func (jsonAny) UnmarshalJSON([]byte) error { return nil }

// exactPart is the text addExact shows of rest, the message from the
// requested byte on, when room tokens are left for it: all of rest when it
// fits (fits true), else its longest prefix that fits, as fitPrefix finds
// it on the whole of rest. Only a prefix of rest is ever made a string:
// one that grows by doubling from 4 KiB until its count is over room
// (then no longer prefix can fit: counts do not fall as a text grows, the
// rule fitPrefix's search relies on) or it is all of rest.
func exactPart(rest []byte, room int, tokens func(string) int) (part string, fits bool) {
	n := min(len(rest), 4<<10)
	for {
		n = runeEnd(rest, n)
		s := string(rest[:n])
		if n == len(rest) {
			if tokens(s) <= room {
				return s, true
			}
			return fitPrefix(s, room, tokens), false
		}
		if tokens(s) > room {
			return fitPrefix(s, room, tokens), false
		}
		n *= 2
		if n > len(rest) {
			n = len(rest)
		}
	}
}

// runeEnd returns n, or the end of the rune n falls inside of, so b[:n]
// does not cut a UTF-8 sequence.
func runeEnd(b []byte, n int) int {
	for n < len(b) && !utf8.RuneStart(b[n]) {
		n++
	}
	return n
}
