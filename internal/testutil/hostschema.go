package testutil

import (
	"encoding/json"
	"testing"
)

// hostSchemaKeyword reports whether k is in the JSON Schema subset the DSH
// tool runtime accepts for a tool's parameters (dsh-tools
// assertSupportedJsonSchema), annotations included.
func hostSchemaKeyword(k string) bool {
	switch k {
	case "type", "oneOf", "properties", "required", "additionalProperties", "items", "enum", "const",
		"description", "default", "title", "examples":
		return true
	}
	return false
}

// CheckHostSchema reports every keyword of the tool parameters params, at
// any depth, that the DSH tool runtime would refuse. name heads the path
// in each report.
func CheckHostSchema(t testing.TB, name string, params json.RawMessage) {
	t.Helper()
	var schema any
	if err := json.Unmarshal(params, &schema); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var walk func(path string, v any)
	walk = func(path string, v any) {
		m, ok := v.(map[string]any)
		if !ok {
			return
		}
		for k, sub := range m {
			if !hostSchemaKeyword(k) {
				t.Errorf("%s: keyword %q is outside the DSH tool runtime's subset", path, k)
			}
			switch k {
			case "properties":
				for name, p := range sub.(map[string]any) {
					walk(path+".properties."+name, p)
				}
			case "items", "additionalProperties":
				walk(path+"."+k, sub)
			case "oneOf":
				for _, alt := range sub.([]any) {
					walk(path+".oneOf", alt)
				}
			}
		}
	}
	walk(name, schema)
}
