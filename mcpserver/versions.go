package mcpserver

import (
	"bytes"
	"encoding/json"

	"github.com/epistemicfold/ef/internal/jsjson"
)

// Fields of some protocol versions only. The SDK builds one tools/list
// answer for every version: it carries the tools' annotations (defined
// since 2025-03-26) and titles (since 2025-06-18) whatever the client
// asked for, and ttlMs and cacheScope (defined by 2026-07-28, with
// server/discover) on every list result, under 2025-11-25 too. A client
// ignores members it does not know, but one that checks the answer
// against its version's schema does not, and the answer should say only
// what the version defines. So ServeStdio's writer (lineWriter) rewrites
// the answers to gatedMethods for the version they were asked under: the
// version named in the request's _meta (2026-07-28 and later name it per
// request), else the one initialize agreed on. It is the same place that
// takes batches only under the versions that define them (batchVersions).
//
// outputSchema and structuredContent (2025-06-18) are left as the SDK
// sends them: older clients ignore both, and the text of every answer
// says the same.

// perRequestVersions is the first protocol version whose requests name
// their version in _meta (io.modelcontextprotocol/protocolVersion), as the
// SDK reads it.
const perRequestVersions = "2026-07-28"

// gatedMethods are the methods whose answers forVersion rewrites: those
// whose results the SDK gives ttlMs and cacheScope, tools/list also the
// tools' annotations and titles.
var gatedMethods = map[string]bool{
	"tools/list":               true,
	"prompts/list":             true,
	"resources/list":           true,
	"resources/templates/list": true,
	"resources/read":           true,
}

// gatedRequest is a pending request of one of gatedMethods: its method and
// the version named in its _meta ("" for none).
type gatedRequest struct {
	method, version string
}

// fieldSince is the first protocol version that defines each gated field.
var fieldSince = struct{ cache, annotations, title string }{
	cache:       "2026-07-28",
	annotations: "2025-03-26",
	title:       "2025-06-18",
}

// forVersion returns the answer p to a request of method made under
// protocol version v without the fields v does not define, and whether it
// changed anything. Versions compare as strings (they are dates). An
// unknown version ("": no initialize agreed on one) changes nothing. What
// it re-encodes is written without HTML escaping (jsjson.Marshal), as the
// SDK writes: a description's "<" stays "<".
func forVersion(p []byte, method, v string) ([]byte, bool) {
	if v == "" || !bytes.Contains(p, []byte(`"result"`)) {
		return nil, false
	}
	var msg map[string]json.RawMessage
	if json.Unmarshal(p, &msg) != nil || msg["result"] == nil {
		return nil, false
	}
	var res map[string]json.RawMessage
	if json.Unmarshal(msg["result"], &res) != nil {
		return nil, false
	}
	changed := false
	if v < fieldSince.cache {
		for _, f := range []string{"ttlMs", "cacheScope"} {
			if _, ok := res[f]; ok {
				delete(res, f)
				changed = true
			}
		}
	}
	if method == "tools/list" && v < fieldSince.title {
		var tools []map[string]json.RawMessage
		if json.Unmarshal(res["tools"], &tools) == nil {
			for _, t := range tools {
				for f, since := range map[string]string{"annotations": fieldSince.annotations, "title": fieldSince.title} {
					if _, ok := t[f]; ok && v < since {
						delete(t, f)
						changed = true
					}
				}
			}
			if changed {
				b, err := jsjson.Marshal(tools)
				if err != nil {
					return nil, false
				}
				res["tools"] = b
			}
		}
	}
	if !changed {
		return nil, false
	}
	b, err := jsjson.Marshal(res)
	if err != nil {
		return nil, false
	}
	msg["result"] = b
	q, err := jsjson.Marshal(msg)
	if err != nil {
		return nil, false
	}
	if bytes.HasSuffix(p, []byte("\n")) {
		q = append(q, '\n')
	}
	return q, true
}
