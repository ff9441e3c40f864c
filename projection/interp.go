package projection

import (
	"path"
	"regexp"
	"slices"
	"strings"
)

// The program a command stage runs when an interpreter or a package
// runner starts it.
//
// "php -d memory_limit=1024M vendor/bin/rector process app/Http" runs
// rector, as "vendor/bin/rector process app/Http" does: the interpreter,
// its options and their values are how the script was started, not what
// ran. A failure of the one is resolved by a success of the other, and a
// rerun of "python manage.py migrate" is a rerun of "manage.py migrate".
// Likewise a runner ("npx jest", "bundle exec fastlane", "uv run
// pytest") runs the program named after it. An interpreter given its code
// inline ("python -c …", "bash -lc …", "node -e …") stays the program:
// there is no script to name.

// interpreter is how an interpreter's options are read: the options that
// take the next word as their value, and those that run code given inline.
type interpreter struct {
	withValue []string
	inline    []string
}

var interpreters = map[string]interpreter{
	"php":    {withValue: []string{"-d", "-c", "-z"}, inline: []string{"-r", "-R", "-B", "-E", "-a"}},
	"python": {withValue: []string{"-X", "-W", "-Q"}, inline: []string{"-c"}},
	"node":   {withValue: []string{"-r", "--require", "--import", "--loader", "--experimental-loader", "--env-file", "-C", "--conditions"}, inline: []string{"-e", "--eval", "-p", "--print", "-i", "--interactive"}},
	"ruby":   {withValue: []string{"-I", "-r", "-C", "-E"}, inline: []string{"-e"}},
	"perl":   {withValue: []string{"-I", "-M", "-m"}, inline: []string{"-e", "-E"}},
	"sh":     {withValue: []string{"-o", "+o", "-O", "+O"}},
}

// interpreterNameRE is an interpreter's name with its version
// ("python3.12", "php8.3", "node22").
var interpreterNameRE = regexp.MustCompile(`^(php|python|node|nodejs|ruby|perl|bash|sh|zsh|dash|ksh)[0-9.]*$`)

// runners start the program named after them (their own options
// dropped): "npx jest", "bundle exec rspec", "uv run pytest".
// delegates are the subcommands a program hands to another program's
// same subcommand, over the same project: Flutter's tool runs the Dart
// SDK's analyzer, formatter and package manager ("flutter analyze" is
// "dart analyze", "flutter pub get" "dart pub get"), so a failure of one
// is resolved by the other passing. "flutter test" is not "dart test"
// (it runs widget tests on the Flutter engine) and is left apart.
var delegates = map[string]map[string]string{
	"flutter": {"analyze": "dart", "pub": "dart", "format": "dart"},
}

var runners = map[string][]string{
	"npx":      nil,
	"bunx":     nil,
	"pnpx":     nil,
	"pnpm":     {"exec", "dlx"},
	"yarn":     {"exec", "dlx"},
	"bundle":   {"exec"},
	"uv":       {"run"},
	"poetry":   {"run"},
	"pipenv":   {"run"},
	"pdm":      {"run"},
	"hatch":    {"run"},
	"rye":      {"run"},
	"uvx":      nil,
	"pipx":     {"run"},
	"dotenv":   nil,
	"xvfb-run": nil,
}

// runnerValued are runners' options that take the next word as their
// value ("npx -p typescript tsc", "uv run --with pandas …").
var runnerValued = []string{"-p", "--package", "--with", "--with-requirements", "--python", "--project", "--directory", "--env-file", "-C", "--cwd", "--from", "--spec", "--extra", "--group"}

// interpreterOf is the interpreter a program word names ("" for none):
// "/usr/bin/python3.12" is python, "bash" is sh.
func interpreterOf(prog string) (string, interpreter) {
	m := interpreterNameRE.FindStringSubmatch(path.Base(prog))
	if m == nil {
		return "", interpreter{}
	}
	name := m[1]
	switch name {
	case "bash", "zsh", "dash", "ksh":
		name = "sh"
	case "nodejs":
		name = "node"
	}
	return name, interpreters[name]
}

// scriptRun is the words of a stage from the program it runs: f itself
// when f[0] is no interpreter or runner, or when its code is inline.
func scriptRun(f []string) []string {
	if len(f) < 2 {
		return f
	}
	if to, ok := delegates[path.Base(f[0])][f[1]]; ok {
		// "flutter analyze" runs "dart analyze": one check
		return append([]string{to}, f[1:]...)
	}
	if subs, ok := runners[path.Base(f[0])]; ok {
		i := 1
		if subs != nil {
			if !slices.Contains(subs, f[1]) {
				return f
			}
			i = 2
		}
		// the runner's own options, "npx --yes jest", "uv run --frozen
		// pytest", "uv run --with pandas python x.py"
		for i < len(f) && strings.HasPrefix(f[i], "-") {
			if slices.Contains(runnerValued, f[i]) {
				i++
			}
			i++
		}
		if i < len(f) {
			return scriptRun(f[i:])
		}
		return f
	}
	name, in := interpreterOf(f[0])
	if name == "" {
		return f
	}
	for i := 1; i < len(f); i++ {
		w := f[i]
		if !strings.HasPrefix(w, "-") && !strings.HasPrefix(w, "+") {
			return f[i:]
		}
		opt, _, _ := strings.Cut(w, "=")
		switch {
		case w == "--":
			if i+1 < len(f) {
				return f[i+1:]
			}
			return f
		case slices.Contains(in.inline, opt) || name == "sh" && inlineShell(w):
			return f
		case name == "python" && w == "-m":
			// "python -m pytest": the module is the program
			if i+1 < len(f) {
				return f[i+1:]
			}
			return f
		case name == "php" && w == "-f":
			// the script follows
		case slices.Contains(in.withValue, w):
			i++
		}
	}
	return f
}

// inlineShell reports whether a shell option runs the next word as code:
// "-c", "-lc", "-ec" (single-dash letters holding c).
func inlineShell(w string) bool {
	return len(w) > 1 && w[0] == '-' && w[1] != '-' && strings.ContainsRune(w[1:], 'c')
}

// interpreted reports whether a stage runs a script through an
// interpreter ("python train.py", "php -d x=1 artisan migrate").
func interpreted(st string) bool {
	f := dropEnv(strings.Fields(st))
	if len(f) < 2 {
		return false
	}
	name, _ := interpreterOf(f[0])
	return name != "" && scriptRun(f)[0] != f[0]
}

// dropEnv is a stage's words without its leading variable assignments
// ("CUDA_VISIBLE_DEVICES=0 python train.py").
func dropEnv(f []string) []string {
	for len(f) > 0 && envAssign.MatchString(f[0]) {
		f = f[1:]
	}
	return f
}
