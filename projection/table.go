package projection

import (
	"slices"
	"strings"
)

// Settings given as a table.
//
// A user may give values as a markdown table ("| setting | value |",
// "|---|---|", "| late fee | 5% |"): each row below the header names a
// thing in its first cell and gives the value of the attribute its
// second column heads ("| Sprinter | 3 |" under "| type | count |" is the
// Sprinter count; under "| setting | value |" the setting is named by
// its first cell alone). A cell is read when it is short (six words at
// most) and the table has two columns: a wider table's columns are
// attributes a change may name apart ("one Sprinter less" is the count,
// not the capacity), left to the model's reading. The quote is
// the row as written. A header's rule is tableRuleRE (modelpropvalue.go).

// tableRowRE is a markdown table row.
var tableRowRE = mustPattern(`^\s*\|(.+)\|\s*$`)

// valueColumnHeads are the headers of a two-column table's value column that
// name no attribute: the row's first cell is the setting's whole name.
var valueColumnHeads = wordSet(`value values setting val wert werte valor valeur valore значение wartość 值 値 数值 設定値 값`)

// tableValues adds to out the settings of the markdown tables of text
// that no proposal of out quotes already.
func tableValues(text string, out []Proposal) []Proposal {
	if !strings.Contains(text, "|") || !strings.Contains(text, "--") {
		return out
	}
	lines := strings.Split(text, "\n")
	for i := 1; i < len(lines); i++ {
		if !tableRuleRE.MatchString(lines[i]) || !tableRowRE.MatchString(lines[i-1]) {
			continue
		}
		head := tableCells(lines[i-1])
		if len(head) != 2 {
			continue
		}
		for j := i + 1; j < len(lines) && tableRowRE.MatchString(lines[j]); j++ {
			cells := tableCells(lines[j])
			if len(cells) != len(head) || cells[0] == "" || len([]rune(cells[0])) > 60 {
				continue
			}
			row := strings.TrimSpace(lines[j])
			if slices.ContainsFunc(out, func(p Proposal) bool { return p.Quote == row }) {
				continue
			}
			for c := 1; c < len(cells); c++ {
				if cells[c] == "" || len(strings.Fields(cells[c])) > 6 {
					continue
				}
				name := strings.Trim(cells[0], "*`_ ")
				if col := strings.Trim(head[c], "*`_ "); col != "" && !valueColumnHeads[strings.ToLower(col)] {
					// "| Sprinter | 3 |" under "| type | count |"
					name += " " + col
				}
				out = append(out, Proposal{Op: OpState, Kind: KindValue, Key: "value/-/" + strings.ToLower(strings.Join(strings.Fields(name), "_")), Name: name,
					Value: strings.Trim(cells[c], "*` "), Quote: row})
			}
		}
	}
	return out
}

// tableCells are the cells of a table row, trimmed.
func tableCells(row string) []string {
	row = strings.TrimSpace(row)
	row = strings.TrimSuffix(strings.TrimPrefix(row, "|"), "|")
	cells := strings.Split(row, "|")
	for i := range cells {
		cells[i] = strings.TrimSpace(cells[i])
	}
	return cells
}
