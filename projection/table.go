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
	markdownTables(text, func(head []string, rows []string) {
		if len(head) != 2 {
			return
		}
		for _, line := range rows {
			cells := tableCells(line)
			if len(cells) != len(head) || cells[0] == "" || len([]rune(cells[0])) > 60 {
				continue
			}
			row := strings.TrimSpace(line)
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
	})
	return out
}

// tableRowNamed reports whether property prop is the first cell alone of
// the table row value a was read from: "preview agora é https://…"
// after "| preview | https://api-staging… |" under "| ambiente |
// EXPO_PUBLIC_API_URL |" names the row's setting, "preview
// EXPO_PUBLIC_API_URL", by its row. Another row, or a name that only
// begins like the row's ("preview_build"), is not it.
func tableRowNamed(a *Anchor, prop string) bool {
	if prop == "" || !strings.HasPrefix(property(a.Key), prop+"_") || !tableRowRE.MatchString(a.Quote) || strings.Contains(a.Quote, "\n") {
		return false
	}
	cells := tableCells(a.Quote)
	return len(cells) == 2 && strings.ToLower(strings.Join(strings.Fields(strings.Trim(cells[0], "*`_ ")), "_")) == prop
}

// markdownTables calls fn for each markdown table of text: its header's
// cells and the lines of its rows below the rule.
func markdownTables(text string, fn func(head []string, rows []string)) {
	if !strings.Contains(text, "|") || !strings.Contains(text, "--") {
		return
	}
	lines := strings.Split(text, "\n")
	for i := 1; i < len(lines); i++ {
		if !tableRuleRE.MatchString(lines[i]) || !tableRowRE.MatchString(lines[i-1]) {
			continue
		}
		j := i + 1
		for j < len(lines) && tableRowRE.MatchString(lines[j]) {
			j++
		}
		fn(tableCells(lines[i-1]), lines[i+1:j])
	}
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

// A task list given as a table.
//
// Meeting minutes and plans list their tasks as a table with the one who
// does each and when ("| 事项 | 负责人 | 截止 |", "| Task | Owner | Due |"):
// each row is a task (an obligation, held by its first cell's head so the
// row restated in amended minutes is the same task), whatever its words
// ("同一类告警不要重复刷屏" describes the task, it states no rule). A row
// whose owner or date is still open ("待定", "TBD") is left to the other
// readings (an open point, not a task set).

// taskColumnRE names a table's owner or due column.
var taskColumnRE = mustPattern(`(?i)^(?:owner|owners|assignee|assigned to|who|responsible|due|deadline|by when|when|负责人|责任人|截止|截止日期|截止时间|期限|担当|担当者|期日|締切|담당|담당자|마감|verantwortlich|fällig|frist|responsable|échéance|fecha límite|prazo)$`)

// openCellRE is a cell left open.
var openCellRE = mustPattern(`(?i)^(?:待定|未定|tbd|tba|\?+|-|—|n/?a|offen|à définir|por definir|미정)$`)

// taskTable replaces, for each row of a task table of text, what the
// other readings made of the row with the task it lists.
func taskTable(text string, out []Proposal) []Proposal {
	markdownTables(text, func(head []string, rows []string) {
		cols := 0
		for _, h := range head[1:] {
			if taskColumnRE.MatchString(strings.Trim(h, "*`_ ")) {
				cols++
			}
		}
		if len(head) < 2 || cols == 0 {
			return
		}
		for _, line := range rows {
			cells := tableCells(line)
			if len(cells) != len(head) || cells[0] == "" {
				continue
			}
			open := false
			for c := 1; c < len(cells); c++ {
				open = open || openCellRE.MatchString(strings.Trim(cells[c], "*`_ "))
			}
			if open {
				continue
			}
			row := strings.TrimSpace(line)
			out = slices.DeleteFunc(out, func(p Proposal) bool { return p.Quote == row || strings.Contains(row, p.Quote) && p.Quote != "" })
			task := strings.Trim(cells[0], "*`_ ")
			name, _, _ := strings.Cut(strings.ReplaceAll(task, "：", ":"), ":")
			v := task + " (" + strings.Join(cells[1:], ", ") + ")"
			out = append(out, Proposal{Op: OpState, Kind: KindObligation, Key: "obligation/-/" + slug(name), Value: oneLine(v, valueRunes), Quote: row, Links: mentions(task)})
		}
	})
	return out
}
