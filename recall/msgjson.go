package recall

import (
	"encoding/json"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"

	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/jsjson"
)

// decodeMessage decodes raw into m as encoding/json's Unmarshal decodes
// it into a plainMessage, for the messages it can: an object whose keys
// are each written once, as their field's tag, or as no field's name in
// any case; whose fields hold values of their type, never null; whose
// strings are valid UTF-8 with no lone surrogate escape; nested at most
// maxFastDepth deep. For any other input it reports false, having maybe
// written part of m, and the caller decodes raw with encoding/json, which
// decides what it means (or that it is not JSON). Unknown fields are
// checked as encoding/json checks them (valid JSON) and skipped.
//
// Decoding archived messages with encoding/json (a validating scan of the
// whole message, then a second scan driving reflection) was a tenth of a
// bulk build's CPU; TestDecodeMessageMatchesJSON holds the two equal.
func decodeMessage(raw []byte, m *plainMessage) bool {
	d := msgDecoder{data: raw}
	d.ws()
	if !d.message(m) {
		return false
	}
	d.ws()
	return d.i == len(d.data)
}

// maxFastDepth is how deeply decodeMessage follows nested values.
const maxFastDepth = 64

type msgDecoder struct {
	data  []byte
	i     int
	depth int
}

func (d *msgDecoder) ws() { d.i = jsjson.SkipSpace(d.data, d.i) }

// next skips white space and reports whether the next byte is c,
// consuming it if so.
func (d *msgDecoder) next(c byte) bool {
	var ok bool
	d.i, ok = jsjson.Next(d.data, d.i, c)
	return ok
}

// object decodes an object, calling field with each key (the value
// follows at d.i); false when the input is not an object of that shape
// or field returns false.
func (d *msgDecoder) object(field func(key string) bool) bool {
	return d.list('{', '}', func() bool {
		key, ok := d.str()
		if !ok || !d.next(':') {
			return false
		}
		d.ws()
		return field(key)
	})
}

// array decodes an array, calling elem for each element (it starts at
// d.i); false when the input is not an array or elem returns false.
func (d *msgDecoder) array(elem func() bool) bool {
	return d.list('[', ']', elem)
}

// list decodes what object and array share: open, then elements
// separated by commas (each read by elem, from its first byte at d.i),
// then end; false when the input is not of that shape, is nested deeper
// than maxFastDepth, or elem returns false.
func (d *msgDecoder) list(open, end byte, elem func() bool) bool {
	if !d.next(open) {
		return false
	}
	if d.depth++; d.depth > maxFastDepth {
		return false
	}
	if !d.next(end) {
		for {
			d.ws()
			if !elem() {
				return false
			}
			if d.next(',') {
				continue
			}
			if d.next(end) {
				break
			}
			return false
		}
	}
	d.depth--
	return true
}

// unknown reports whether key, which no field is tagged with, names no
// field under encoding/json's case-insensitive match either (keys in
// ASCII only; a key with other bytes is left to encoding/json).
func unknown(key string, fields ...string) bool {
	for i := 0; i < len(key); i++ {
		if key[i] >= utf8.RuneSelf {
			return false
		}
	}
	for _, f := range fields {
		if strings.EqualFold(key, f) {
			return false
		}
	}
	return true
}

// once records key among seen and reports whether it was not there.
func once(seen *uint32, bit uint32) bool {
	if *seen&bit != 0 {
		return false
	}
	*seen |= bit
	return true
}

var messageKeys = []string{"id", "role", "content", "source", "toolCallId", "isError"}

func (d *msgDecoder) message(m *plainMessage) bool {
	var seen uint32
	return d.object(func(key string) bool {
		var ok bool
		switch key {
		case "id":
			ok = once(&seen, 1<<0)
			m.ID, ok = d.strField(ok)
		case "role":
			var s string
			s, ok = d.strField(once(&seen, 1<<1))
			m.Role = hostshim.Role(s)
		case "content":
			ok = once(&seen, 1<<2) && d.blocks(&m.Content)
		case "source":
			if ok = once(&seen, 1<<3); ok {
				m.Source = &hostshim.Source{}
				ok = d.source(m.Source)
			}
		case "toolCallId":
			m.ToolCallID, ok = d.strField(once(&seen, 1<<4))
		case "isError":
			ok = once(&seen, 1<<5) && d.boolPtr(&m.IsError)
		default:
			ok = unknown(key, messageKeys...) && d.skip()
		}
		return ok
	})
}

var sourceKeys = []string{"kind", "callId", "provider", "model", "plugin", "compactionId", "sourceCommandId", "form", "injected"}

func (d *msgDecoder) source(s *hostshim.Source) bool {
	var seen uint32
	return d.object(func(key string) bool {
		var dst *string
		for k, name := range sourceKeys {
			if key == name {
				if !once(&seen, 1<<k) {
					return false
				}
				dst = [...]*string{&s.Kind, &s.CallID, &s.Provider, &s.Model, &s.Plugin, &s.CompactionID, &s.SourceCommandID, &s.Form, &s.Injected}[k]
				break
			}
		}
		if dst == nil {
			return unknown(key, sourceKeys...) && d.skip()
		}
		var ok bool
		*dst, ok = d.str()
		return ok
	})
}

var blockKeys = []string{"type", "text", "id", "name", "arguments", "toolCallId", "content", "isError", "attachment", "offloaded", "toolName"}

// blocks decodes an array of blocks into a new slice (an empty array is
// an empty slice, not nil, as encoding/json makes it).
func (d *msgDecoder) blocks(dst *[]hostshim.Block) bool {
	bs := []hostshim.Block{}
	ok := d.array(func() bool {
		bs = append(bs, hostshim.Block{})
		return d.block(&bs[len(bs)-1])
	})
	if ok {
		*dst = bs
	}
	return ok
}

func (d *msgDecoder) block(b *hostshim.Block) bool {
	var seen uint32
	return d.object(func(key string) bool {
		var dst *string
		switch key {
		case "type":
			dst = &b.Type
		case "text":
			dst = &b.Text
		case "id":
			dst = &b.ID
		case "name":
			dst = &b.Name
		case "arguments":
			dst = &b.Arguments
		case "toolCallId":
			dst = &b.ToolCallID
		case "toolName":
			dst = &b.ToolName
		case "content":
			return once(&seen, 1<<6) && d.blocks(&b.Content)
		case "isError":
			return once(&seen, 1<<7) && d.boolPtr(&b.IsError)
		case "attachment":
			return once(&seen, 1<<8) && d.rawField(&b.Attachment)
		case "offloaded":
			return once(&seen, 1<<9) && d.rawField(&b.Offloaded)
		default:
			return unknown(key, blockKeys...) && d.skip()
		}
		bit := uint32(1)
		for k, name := range blockKeys {
			if name == key {
				bit <<= k
				break
			}
		}
		var ok bool
		*dst, ok = d.strField(once(&seen, bit))
		return ok
	})
}

// strField decodes a string field's value when ok (the field was not
// seen before).
func (d *msgDecoder) strField(ok bool) (string, bool) {
	if !ok {
		return "", false
	}
	return d.str()
}

func (d *msgDecoder) boolPtr(dst **bool) bool {
	var v bool
	switch {
	case d.lit("true"):
		v, d.i = true, d.i+4
	case d.lit("false"):
		d.i += 5
	default:
		return false
	}
	*dst = &v
	return true
}

// lit reports whether the input continues with lit.
func (d *msgDecoder) lit(lit string) bool {
	return len(d.data)-d.i >= len(lit) && string(d.data[d.i:d.i+len(lit)]) == lit
}

// rawField copies a value as json.RawMessage does (its bytes, without
// the white space around it); null is left to encoding/json.
func (d *msgDecoder) rawField(dst *json.RawMessage) bool {
	start := d.i
	if d.i < len(d.data) && d.data[d.i] == 'n' || !d.skip() {
		return false
	}
	*dst = append(json.RawMessage(nil), d.data[start:d.i]...)
	return true
}

// str decodes a string; false for anything encoding/json would reject or
// change (invalid UTF-8, a lone surrogate escape).
func (d *msgDecoder) str() (string, bool) {
	if d.i >= len(d.data) || d.data[d.i] != '"' {
		return "", false
	}
	start, escapes := d.i+1, false
	for i := start; i < len(d.data); i++ {
		switch c := d.data[i]; {
		case c == '"':
			s := d.data[start:i]
			d.i = i + 1
			if escapes {
				return unescapeJSON(s)
			}
			if !utf8.Valid(s) {
				return "", false
			}
			return string(s), true
		case c == '\\':
			escapes = true
			i++ // the escaped byte, which may be a quote
		case c < 0x20:
			return "", false
		}
	}
	return "", false
}

// unescapeJSON decodes the inside of a string literal that holds an
// escape; false for an escape JSON does not have, a lone surrogate, or
// invalid UTF-8.
func unescapeJSON(s []byte) (string, bool) {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' {
			b = append(b, c)
			continue
		}
		if i++; i >= len(s) {
			return "", false
		}
		switch e := s[i]; e {
		case '"', '\\', '/':
			b = append(b, e)
		case 'b':
			b = append(b, '\b')
		case 'f':
			b = append(b, '\f')
		case 'n':
			b = append(b, '\n')
		case 'r':
			b = append(b, '\r')
		case 't':
			b = append(b, '\t')
		case 'u':
			r, ok := hex4(string(s[i+1 : min(i+5, len(s))]))
			if !ok {
				return "", false
			}
			i += 4
			if utf16.IsSurrogate(r) {
				if i+6 >= len(s) || s[i+1] != '\\' || s[i+2] != 'u' {
					return "", false
				}
				lo, ok := hex4(string(s[i+3 : i+7]))
				if !ok {
					return "", false
				}
				if r = utf16.DecodeRune(r, lo); r == utf8.RuneError {
					return "", false
				}
				i += 6
			}
			b = utf8.AppendRune(b, r)
		default:
			return "", false
		}
	}
	if !utf8.Valid(b) {
		return "", false
	}
	if len(b) == 0 {
		return "", true
	}
	return unsafe.String(&b[0], len(b)), true // b is not used again
}

// skip passes over any valid JSON value; false when there is none.
func (d *msgDecoder) skip() bool {
	if d.i >= len(d.data) {
		return false
	}
	switch c := d.data[d.i]; {
	case c == '"':
		_, ok := d.str()
		return ok
	case c == '{':
		return d.object(func(string) bool { return d.skip() })
	case c == '[':
		return d.array(d.skip)
	case c == 't', c == 'f', c == 'n':
		lit := jsjson.Literal(d.data, d.i)
		d.i += len(lit)
		return lit != ""
	case c == '-' || c >= '0' && c <= '9':
		var ok bool
		d.i, ok = jsjson.SkipNumber(d.data, d.i)
		return ok
	}
	return false
}
