package projection

import "strings"

// An edit is one replacement an edit call made: the text it found and
// the text it put in its place. whole is a file written from nothing
// (no old text, the new one given as the file's content).
type edit struct {
	old, new string
	whole    bool
	// content is the new text given as a file's content, not as a
	// replacement of some old text
	content bool
}

// edits are the replacements call arguments args make: the old and new
// strings of a str_replace, Edit or replace_string_in_file, or each
// block of a SEARCH/REPLACE diff (Cline's replace_in_file, Roo's
// apply_diff), so that every edit tool sets the values its lines hold.
func edits(args map[string]any) []edit {
	_, oldS := argString(args, oldArgKeys)
	k, newS := argString(args, newArgKeys)
	if oldS != "" || newS != "" {
		whole := k == "content" || k == "contents"
		return []edit{{old: oldS, new: newS, whole: oldS == "" && whole, content: whole}}
	}
	_, d := argString(args, []string{"diff", "patch"})
	if b := searchReplaceBlocks(d); len(b) > 0 {
		return b
	}
	// a unified diff's removed and added lines (lineedit.go)
	return diffLineEdits(d)
}

// searchReplaceBlocks are the blocks of a SEARCH/REPLACE diff:
//
//	<<<<<<< SEARCH
//	CELERY_TASK_TIME_LIMIT = 300
//	=======
//	CELERY_TASK_TIME_LIMIT = 60
//	>>>>>>> REPLACE
//
// also with Cline's newer markers ("------- SEARCH", "+++++++ REPLACE")
// and Roo's line hints (":start_line:12" and a "-------" line after
// SEARCH). A block left unclosed is not read.
func searchReplaceBlocks(d string) []edit {
	var out []edit
	var old, cur []string
	state := 0 // 0 outside a block, 1 in its search part, 2 in its replacement
	for l := range strings.Lines(d) {
		l = strings.TrimRight(l, "\r\n")
		t := strings.TrimSpace(l)
		switch {
		case state == 0 && diffMarker(t, "<-", "SEARCH"):
			state, cur = 1, nil
		case state == 1 && len(cur) == 0 && (strings.HasPrefix(t, ":start_line:") || strings.HasPrefix(t, ":end_line:") || t != "" && strings.Trim(t, "-") == ""):
			// Roo's hints before the searched text
		case state == 1 && t != "" && strings.Trim(t, "=") == "" && len(t) >= 3:
			state, old, cur = 2, cur, nil
		case state == 2 && diffMarker(t, ">+", "REPLACE"):
			out = append(out, edit{old: strings.Join(old, "\n"), new: strings.Join(cur, "\n")})
			state = 0
		case state != 0:
			cur = append(cur, l)
		}
	}
	return out
}

// diffMarker reports whether line t is a marker of a SEARCH/REPLACE
// block: three or more of one of the characters in signs, then word.
func diffMarker(t, signs, word string) bool {
	rest, ok := strings.CutSuffix(t, word)
	if !ok {
		return false
	}
	rest = strings.TrimSpace(rest)
	return len(rest) >= 3 && strings.ContainsRune(signs, rune(rest[0])) && strings.Trim(rest, rest[:1]) == ""
}
