package projection

import "strings"

// Shell operators outside quotes.
//
// A command's "&&", "||", ";" and "|" are operators only outside quotes:
// "sed -i 's/a = 1$/a = 2/; s/b = 4$/b = 10/' conf.toml && python run.py"
// is two stages, not three, and "grep -E 'WARNING|ERROR' app.log" is no
// pipe. The readings of a command (its deciding stage, its leading edits,
// its stages that passed) split it with these helpers, which look at the
// command with its quoted text masked (shellMask) and cut the original at
// the same byte offsets.

// shellMask is s with every byte inside single or double quotes (and
// every byte escaped by a backslash outside single quotes) replaced by
// '_', the quotes themselves kept: the same length, so offsets found in
// it hold in s. Text after a quote that does not close stays masked.
func shellMask(s string) string {
	if !strings.ContainsAny(s, `'"\`) {
		return s
	}
	b := []byte(s)
	quote, esc := byte(0), false
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case esc:
			esc = false
			b[i] = '_'
		case c == '\\' && quote != '\'':
			esc = true
		case quote != 0:
			if c == quote {
				quote = 0
			} else {
				b[i] = '_'
			}
		case c == '\'' || c == '"':
			quote = c
		}
	}
	return string(b)
}

// andStages is cmd split at its "&&" operators outside quotes, each
// stage with the white space around the operator trimmed (as andRE.Split
// gives them).
func andStages(cmd string) []string {
	m := shellMask(cmd)
	locs := andRE.FindAllStringIndex(m, -1)
	if len(locs) == 0 {
		return []string{cmd}
	}
	out := make([]string, 0, len(locs)+1)
	last := 0
	for _, l := range locs {
		out = append(out, cmd[last:l[0]])
		last = l[1]
	}
	return append(out, cmd[last:])
}

// pipeSplit is a stage split at its "|" operators outside quotes (an
// "||" is no pipe and is left in its part).
func pipeSplit(st string) []string {
	m := shellMask(st)
	var out []string
	last := 0
	for i := 0; i < len(m); i++ {
		if m[i] != '|' {
			continue
		}
		if i+1 < len(m) && m[i+1] == '|' {
			i++
			continue
		}
		out = append(out, st[last:i])
		last = i + 1
	}
	return append(out, st[last:])
}

// pipeHead is a stage up to its first pipe outside quotes: the command
// whose output the rest of the pipe read.
func pipeHead(st string) string {
	return pipeSplit(st)[0]
}

// shellHas reports whether s holds sub outside quotes.
func shellHas(s, sub string) bool {
	return strings.Contains(shellMask(s), sub)
}

// shellHasAny reports whether s holds one of chars outside quotes.
func shellHasAny(s, chars string) bool {
	return strings.ContainsAny(shellMask(s), chars)
}

// commandParts are the programs' parts of a command: its stages
// (stagesOf) cut at their pipes, all outside quotes.
func commandParts(cmd string) []string {
	var out []string
	for _, st := range stagesOf(cmd) {
		out = append(out, pipeSplit(st)...)
	}
	return out
}
