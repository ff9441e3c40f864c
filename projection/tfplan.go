package projection

import (
	"strings"
)

// An apply of Terraform (or OpenTofu) lists each attribute it changes as
// "~ allocated_storage = 100 -> 200" under the resource it changes ("#
// aws_db_instance.reporting will be updated in-place") and, once done,
// says "Apply complete!": each is then a setting of that resource, the
// old value what it replaced. A plan alone sets nothing: it shows what
// the configuration would do at that moment, and a user trial's agent
// planned an encryption change and an instance class that were then
// rejected and edited back, which a plan read as settings left current.
// Only changed attributes count: a resource created lists every
// attribute it has, decided or not, and a value "(known after apply)" is
// no value yet.

// maxPlanValues bounds the settings one apply states.
const maxPlanValues = 24

// planValues are the settings the apply in text changed.
func planValues(cmd, text string) []Proposal {
	if !strings.Contains(text, " -> ") || !strings.Contains(text, "# ") || !strings.Contains(text, "Apply complete!") ||
		!strings.Contains(cmd, "terraform") && !strings.Contains(cmd, "tofu") && !strings.Contains(text, "Terraform will perform") {
		return nil
	}
	var out []Proposal
	addr := ""
	for _, l := range strings.Split(text, "\n") {
		t := strings.TrimSpace(l)
		if m := tfResourceRE.FindStringSubmatch(t); m != nil {
			addr = m[1]
			continue
		}
		if addr == "" {
			continue
		}
		m := tfChangeRE.FindStringSubmatch(t)
		if m == nil {
			continue
		}
		attr, was, v := m[1], cleanValue(m[2]), cleanValue(m[3])
		if v == "" || strings.HasPrefix(v, "(") || strings.HasSuffix(v, "{") || strings.HasSuffix(v, "[") || was == v {
			continue
		}
		if strings.HasPrefix(was, "(") {
			was = ""
		}
		out = append(out, Proposal{Op: OpState, Kind: KindValue, Key: "value/" + addr + "/" + strings.ToLower(attr), Name: attr, Value: v, Was: was, Quote: t})
		if len(out) == maxPlanValues {
			break
		}
	}
	return out
}

var (
	// tfResourceRE heads a resource's changes in a plan.
	tfResourceRE = mustPattern(`^#\s+((?:module\.[\w\-]+(?:\[[^\]]*\])?\.)*(?:data\.)?[\w\-]+\.[\w\-]+(?:\[[^\]]*\])?)\s+(?:will be updated in-place|must be replaced|will be replaced)`)
	// tfChangeRE is one attribute changed: "~ name = old -> new", with
	// "# forces replacement" after it or not.
	tfChangeRE = mustPattern(`^~\s+([\w\-]+)\s*=\s*(.+?)\s+->\s+(.+?)(?:\s+#.*)?$`)
)
