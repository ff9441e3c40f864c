package projection

import (
	"regexp"
	"strings"
)

// A setting applied by a command.
//
// Besides editing a file, an agent sets things with a command whose verb
// says so: "postconf -e message_size_limit=26214400", "sysctl -w
// vm.swappiness=10", "kubectl set env deploy/api LOG_LEVEL=debug",
// "heroku config:set WORKERS=4", "pvesh set /cluster/backup/job-1 --storage bk-dump", "qm set 102
// --scsi1 …". When the command passed, each setting it names is that
// thing's current value, an empirical one (setValues): the KEY=VALUE
// words after the verb, and, after a verb that is a subcommand ("set"),
// its options with their values. The value's key is scoped by the program
// and the operands between it and the verb ("pvesh
// /cluster/backup/job-1", "qm 102"), so a later setting of the same key of
// the same thing replaces it ("26214400 (was 52428800)") and the same key
// of another thing (another VM) does not, and no user's value is
// replaced by a command's. A value is one plain word: one holding a
// variable, a glob, quotes or spaces is left out, and so is every
// setting of a command that only pretends (pretendRE). An option that
// overrides a setting for one run ("train.py --set lr=0.025", "helm
// template --set …") sets nothing that lasts, and is not read.

// setVerbRE is a word after which a command's words are settings; "-e"
// only after postconf and "-w" only after sysctl (setValues).
var setVerbRE = regexp.MustCompile(`^(?:set|config:set|setenv|set-env|-e|-w)$`)

// settingWordRE is a KEY=VALUE word.
var settingWordRE = regexp.MustCompile(`^([A-Za-z_][\w.\-]{1,60})=([\w.\-:/@%+,]{0,59}[\w.\-:/@%+])$`)

// optionKeyRE is an option naming a setting after a "set" subcommand.
var optionKeyRE = regexp.MustCompile(`^--([A-Za-z][\w\-]{1,40})$`)

// plainValueRE is a value that is one plain word.
var plainValueRE = regexp.MustCompile(`^[\w.\-:/@%+,=]{0,79}[\w.\-:/@%+=]$`)

// setValues are the settings the passing command cmd applied (see above).
func setValues(cmd string) []Proposal {
	if !strings.Contains(cmd, "set") && !strings.Contains(cmd, "postconf") && !strings.Contains(cmd, "sysctl") || pretendRE.MatchString(cmd) || strings.ContainsAny(cmd, "\n()") {
		// A script (a line break, brackets) is no shell command line.
		return nil
	}
	var out []Proposal
	for _, st := range stageSplitRE.Split(cmd, -1) {
		f := strings.Fields(unwrap(st))
		for i, raw := range f {
			v := strings.Trim(raw, `'"`)
			if !setVerbRE.MatchString(v) || i == 0 || i > 1 && !strings.HasPrefix(f[i-1], "'") && !strings.HasPrefix(f[i-1], `"`) {
				// The verb follows the stage's program ("qm set"), or a
				// program opening a quoted remote command ("ssh h
				// 'postconf -e …'").
				continue
			}
			prog := strings.Trim(f[i-1], `'"`)
			if v == "-e" && prog != "postconf" || v == "-w" && prog != "sysctl" {
				continue
			}
			sub := v == "set" || v == "setenv" || v == "set-env"
			scope := prog
			j := i + 1
			if sub {
				// "pvesh set /cluster/backup/job-1 --storage x": the
				// operands up to the first option name the thing.
				for j < len(f) && !strings.HasPrefix(f[j], "-") && !strings.Contains(f[j], "=") {
					scope += ":" + strings.Trim(f[j], `'"`)
					j++
				}
			}
			for ; j < len(f) && len(out) < 8; j++ {
				w := strings.Trim(f[j], `'"`)
				if m := settingWordRE.FindStringSubmatch(w); m != nil {
					out = append(out, setProposal(scope, m[1], m[2], w))
					continue
				}
				if m := optionKeyRE.FindStringSubmatch(w); sub && m != nil && j+1 < len(f) {
					val := f[j+1]
					if strings.HasPrefix(val, "-") || !plainValueRE.MatchString(val) {
						continue
					}
					q := w + " " + val
					if !strings.Contains(cmd, q) {
						q = val
					}
					out = append(out, setProposal(scope, m[1], val, q))
					j++
				}
			}
			break
		}
	}
	return out
}

// stageSplitRE cuts a command at "&&", "||", ";" and pipes.
var stageSplitRE = regexp.MustCompile(`\s*(?:&&|\|\||[;|])\s*`)

// setProposal is the value proposal of setting key of scope to v, quoted
// by q.
func setProposal(scope, key, v, q string) Proposal {
	return Proposal{Op: OpState, Kind: KindValue, Key: "value/" + strings.ToLower(scope) + "/" + strings.ToLower(key), Name: key, Value: v, Quote: q}
}
