package action_test

import (
	"encoding/json"
	"reflect"
	"sort"
	"testing"

	"github.com/epistemicfold/ef/internal/testutil"
	"github.com/epistemicfold/ef/origin/action"
)

// TestToolSchemaMatchesIntent: the tool's parameters name exactly the
// fields of Intent, and use only the DSH tool runtime's schema subset.
func TestToolSchemaMatchesIntent(t *testing.T) {
	var schema map[string]any
	if err := json.Unmarshal(action.Tool().Parameters, &schema); err != nil {
		t.Fatal(err)
	}
	var props []string
	for k := range schema["properties"].(map[string]any) {
		props = append(props, k)
	}
	var fields []string
	rt := reflect.TypeOf(action.Intent{})
	for i := 0; i < rt.NumField(); i++ {
		tag := rt.Field(i).Tag.Get("json")
		for j := range tag {
			if tag[j] == ',' {
				tag = tag[:j]
				break
			}
		}
		fields = append(fields, tag)
	}
	sort.Strings(props)
	sort.Strings(fields)
	if !reflect.DeepEqual(props, fields) {
		t.Errorf("schema properties %v, Intent fields %v", props, fields)
	}
	testutil.CheckHostSchema(t, action.ToolName, action.Tool().Parameters)
}
