package projection

import (
	"encoding/json"
	"strings"

	"github.com/epistemicfold/ef/hostshim"
)

// hostAborted reports whether tool/result event e is the DSH host's
// record of a call it cancelled: its error an AbortError ("Error: tool
// call aborted", code ABORTED or ABORTED_BEFORE_DISPATCH), the user
// stopping the turn. The call did not fail, it was stopped: an
// interruption, as other clients' "[Request interrupted by user]" is;
// nothing is left to run again.
func hostAborted(e hostshim.Event) bool {
	if e.Type != hostshim.TypeToolResult || len(e.Data) == 0 {
		return false
	}
	var d struct {
		Error *struct {
			Name string `json:"name"`
			Code string `json:"code"`
		} `json:"error"`
	}
	if json.Unmarshal(e.Data, &d) != nil || d.Error == nil {
		return false
	}
	return d.Error.Name == "AbortError" || strings.HasPrefix(d.Error.Code, "ABORTED")
}
