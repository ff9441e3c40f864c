package recall

import (
	"encoding/json"
	"testing"
)

// hostSchemaKeywords is the JSON Schema subset the DSH tool runtime accepts
// for parameters (dsh-tools assertSupportedJsonSchema), plus annotations.
var hostSchemaKeywords = map[string]bool{
	"type": true, "oneOf": true, "properties": true, "required": true, "additionalProperties": true,
	"items": true, "enum": true, "const": true,
	"description": true, "default": true, "title": true, "examples": true,
}

func TestToolParametersUseTheHostSubset(t *testing.T) {
	var walk func(path string, v any)
	walk = func(path string, v any) {
		m, ok := v.(map[string]any)
		if !ok {
			return
		}
		for k, sub := range m {
			if !hostSchemaKeywords[k] {
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
	for _, d := range Tools() {
		var v any
		if err := json.Unmarshal(d.Parameters, &v); err != nil {
			t.Fatalf("%s: %v", d.Name, err)
		}
		walk(d.Name, v)
	}
}
