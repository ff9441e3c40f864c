package projection

import (
	"path"
	"strings"
)

// An edit of several lines of code changes the settings its lines hold
// as an edit of one line does: Roo's apply_diff of
//
//	CELERY_TASK_TIME_LIMIT = 300
//	CELERY_TASK_SOFT_TIME_LIMIT = 270
//
// into 900 and 870 sets both. Only a setting's line is read: a constant
// at the top of a module (unindented, its name in capitals:
// "PAGE_SIZE = 50", "export const MAX_RETRIES = 5;"), or a line of a
// Terraform/HCL block, named by its block ("var.backup_retention_period.
// default", "module.vpc.version"), so that two defaults of one file are
// two settings. A variable of a function's body ("    retries = 3") or a
// name of one letter is code, not a setting. Each line of the new text is
// paired with the line of the old one that sets the same key in the same
// block.

// hclBlockRE is a line that opens a Terraform/HCL block: its type and
// its labels (`variable "instance_class" {`, `resource "aws_db_instance"
// "main" {`, `locals {`).
var hclBlockRE = mustPattern(`^\s*(variable|module|resource|data|output|provider|locals|terraform)\s*(?:"([^"]+)"\s*)?(?:"([^"]+)"\s*)?\{\s*$`)

// hclOwner is the name Terraform gives the block line l opens
// ("var.instance_class", "module.vpc", "aws_db_instance.main"), "" when
// l opens none.
func hclOwner(l string) string {
	m := hclBlockRE.FindStringSubmatch(l)
	if m == nil {
		return ""
	}
	switch {
	case m[1] == "variable" && m[2] != "":
		return "var." + m[2]
	case m[1] == "resource" && m[3] != "":
		return m[2] + "." + m[3]
	case m[1] == "data" && m[3] != "":
		return "data." + m[2] + "." + m[3]
	case m[1] == "locals":
		return "local"
	case m[1] == "terraform":
		return "terraform"
	case m[2] != "":
		return m[1] + "." + m[2]
	}
	return ""
}

// ownedLine is one line of an edit's text and the block that holds it.
type ownedLine struct{ owner, text string }

// ownedLines are the lines of text, each with the HCL block it is in
// ("" outside one, or in a block the text does not open).
func ownedLines(text string) []ownedLine {
	var out []ownedLine
	var stack []string
	for l := range strings.Lines(text) {
		l = strings.TrimRight(l, "\r\n")
		t := strings.TrimSpace(l)
		switch {
		case hclOwner(l) != "":
			stack = append(stack, hclOwner(l))
			continue
		case strings.HasSuffix(t, "{"):
			// a nested block or a map ("tags = {"): its lines are no
			// settings of the block around it
			stack = append(stack, "")
			continue
		case t == "}" || t == "},":
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
			continue
		}
		owner := ""
		if len(stack) > 0 {
			owner = stack[len(stack)-1]
		}
		out = append(out, ownedLine{owner, l})
	}
	return out
}

// constLineOK reports whether line l, outside any block, reads as a
// setting of a module: unindented, and its name in capitals of two
// characters or more, or declared a constant.
func constLineOK(l string) bool {
	if l == "" || l[0] == ' ' || l[0] == '\t' {
		return false
	}
	if m := declRE.FindStringSubmatch(codeTailCut(l)); m != nil {
		return strings.Contains(l, "const ") || isUpperName(m[1])
	}
	name := strings.TrimSpace(l)
	if i := strings.IndexAny(name, "=:"); i > 0 {
		name = strings.TrimSpace(name[:i])
	}
	return isUpperName(name)
}

// isUpperName reports whether name is a constant's: two characters or
// more, capitals, digits and underscores, a capital first.
func isUpperName(name string) bool {
	if len(name) < 2 || name[0] < 'A' || name[0] > 'Z' {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// blockLineChanges are the settings file's edit from text old to text
// new changes, when either holds several lines (an edit of one line is
// lineChange's).
func blockLineChanges(file, old, new string) []Proposal {
	olds, news := ownedLines(old), ownedLines(new)
	used := make([]bool, len(olds))
	var out []Proposal
	for _, n := range news {
		if n.owner == "" && !constLineOK(n.text) {
			continue
		}
		for i, o := range olds {
			if used[i] || o.owner != n.owner {
				continue
			}
			p, ok := lineChange(file, strings.TrimSpace(o.text), strings.TrimSpace(n.text), strings.TrimSpace(n.text))
			if !ok {
				continue
			}
			used[i] = true
			if n.owner != "" {
				p.Name = n.owner + "." + p.Name
				p.Key = "value/" + path.Clean(file) + "/" + strings.ToLower(p.Name)
			}
			out = append(out, p)
			break
		}
	}
	return out
}
