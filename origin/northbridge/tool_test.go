package northbridge_test

import (
	"testing"

	"github.com/epistemicfold/ef/internal/testutil"
	"github.com/epistemicfold/ef/origin/northbridge"
)

// TestToolUsesTheHostSubset: context_request's parameters use only the
// JSON Schema subset the DSH tool runtime accepts, checked here without
// node (cmd/ef's TestContextRequestPlugin has the real host check it).
func TestToolUsesTheHostSubset(t *testing.T) {
	tool := northbridge.Tool()
	if tool.Name != northbridge.ToolName {
		t.Errorf("tool named %q, want %q", tool.Name, northbridge.ToolName)
	}
	testutil.CheckHostSchema(t, tool.Name, tool.Parameters)
}
