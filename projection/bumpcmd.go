package projection

import (
	"path"
	"strings"
)

// Settings a command changes and confirms in its output.
//
// A version bump or a dependency change is made by a command as often as
// by an edit, and the command prints the new value: "pnpm version minor"
// prints "v1.5.0" (the package's version, in the package.json of the
// directory it ran in), "poetry version minor" "Bumping version from
// 1.4.0 to 1.5.0", "cargo set-version --bump minor" "Upgrading app from
// 0.4.0 to 0.5.0"; "composer require laravel/framework:^11.31" prints
// "Upgrading laravel/framework (v11.9.2 => v11.31.0)", "go get
// x@v0.23.0" "go: upgraded x v0.17.0 => v0.23.0", "pip install -U x"
// "Successfully installed x-2.32.3", "pnpm add x" "+ x 18.3.1", "cargo
// update -p x" "Updating x v1.0.1 -> v1.0.2", "bundle update x"
// "Installing x 7.1.3 (was 7.1.2)". Each is the value the passing
// command set: a package's own version (value/<dir>/package.json/version),
// a dependency's installed version (value/installed/<name>, as a version
// query's). Only the packages the command names are read: an install of
// everything prints every transitive package, none of them asked for.

var (
	// versionBumpRE is a stage bumping the package's own version: npm,
	// pnpm and yarn "version", poetry "version", cargo "set-version",
	// bump2version, bumpversion, bump-my-version.
	versionBumpRE = mustPattern(`^(?:(npm|pnpm|yarn)\s+version|(poetry)\s+version|(cargo)\s+set-version|(bump2version|bumpversion|bump-my-version))\s+(?:--?[\w-]+(?:=\S+)?\s+)*(major|minor|patch|premajor|preminor|prepatch|prerelease|bump\s+\w+|\d+\.\d+\.\d+[\w.+-]*)\b`)
	// bumpedLineRE is the new version a bump printed: npm's and pnpm's
	// "v1.5.0", yarn's "info New version: 1.5.0", poetry's and cargo's
	// "… from 1.4.0 to 1.5.0".
	bumpedLineRE = mustPattern(`(?m)^\s*(?:v(\d+\.\d+\.\d+[\w.+-]*)|(?:info )?New version: v?(\d+\.\d+\.\d+[\w.+-]*)|.*\bfrom v?(\d+\.\d+\.\d+[\w.+-]*) to v?(\d+\.\d+\.\d+[\w.+-]*))\s*$`)
	// depCmdRE is a stage changing dependencies and the packages it names;
	// a workspace's package manager names the package it runs in first
	// ("pnpm --filter @shopline/db add prisma@5.22.0", "yarn workspace
	// web add react").
	// pnpmRemovedRE is pnpm's "- prisma 6.1.0", the version a "+" line
	// replaced.
	pnpmRemovedRE = mustPattern(`(?m)^\s*-\s+(@?[\w./-]+)\s+\^?(\d\S*)\s*$`)
	depCmdRE      = mustPattern(`^(?:composer\s+(?:require|update|upgrade)|(?:npm|pnpm|yarn|bun)(?:\s+(?:-w|-W|--workspace-root|--filter[= ]\S+|-F\s+\S+|--prefix[= ]\S+|-C\s+\S+|--dir[= ]\S+|--workspace[= ]\S+|workspace\s+\S+))*\s+(?:add|install|i|update|up|upgrade)|go\s+get|(?:python3?\s+-m\s+)?(?:pip3?|uv\s+pip)\s+install|uv\s+add|poetry\s+add|cargo\s+(?:add|update)|bundle\s+(?:update|add)|gem\s+install)\s+(.+)$`)
	// depChangeREs are the lines that say a named package's version
	// changed; groups: name, old version (maybe empty), new version.
	depChangeREs = []*pattern{
		// composer: "  - Upgrading laravel/framework (v11.9.2 => v11.31.0)", "Installing x (v1.2.0)"
		mustPattern(`(?m)^\s*-\s*(?:Upgrading|Downgrading|Installing)\s+(\S+)\s+\((?:(\S+)\s+=>\s+)?(\S+)\)\s*$`),
		// go: "go: upgraded golang.org/x/net v0.17.0 => v0.23.0", "go: added x v1.2.0"
		mustPattern(`(?m)^go: (?:upgraded|downgraded|added)\s+(\S+)\s+(?:(\S+)\s+=>\s+)?(v\S+)\s*$`),
		// cargo: "    Updating serde v1.0.196 -> v1.0.197", "Adding serde v1.0.197 to dependencies"
		mustPattern(`(?m)^\s*(?:Updating|Downgrading|Adding)\s+(\S+)\s+(?:(v\d\S*)\s+->\s+)?(v\d\S*)(?:\s+to\s+.*)?\s*$`),
		// bundler: "Installing rails 7.1.3 (was 7.1.2)"
		mustPattern(`(?m)^\s*Installing\s+(\S+)\s+(\d\S*)\s+\(was\s+()(\d\S*)\)\s*$`),
		// pnpm: "+ react 18.3.1" (with "- react 18.2.0" before it)
		mustPattern(`(?m)^\s*\+\s+(@?[\w./-]+)\s+()\^?(\d\S*)\s*$`),
		// yarn: "└─ react@18.3.1"
		mustPattern(`(?m)^\s*[└├]─\s+(@?[\w./-]+)@()(\d\S*)\s*$`),
	}
	// pipInstalledRE is pip's "Successfully installed a-1.2 b-3.4".
	pipInstalledRE = mustPattern(`(?m)^Successfully installed (.+)$`)
)

// bumpValues are the values a passing command cmd set and confirmed in
// its output text: the version it bumped, the dependencies it changed.
func bumpValues(cmd, text string) []Proposal {
	if cmd == "" || text == "" {
		return nil
	}
	if in, ok := shellScript(cmd); ok {
		cmd = in
	}
	var out []Proposal
	dir := ""
	for _, st := range splitStages(cmd) {
		st = strings.Join(strings.Fields(st), " ")
		if d, ok := strings.CutPrefix(st, "cd "); ok {
			dir = path.Join(dir, strings.Trim(d, `"'`))
			continue
		}
		if m := versionBumpRE.FindStringSubmatch(st); m != nil {
			out = append(out, bumpedVersion(m, dir, text)...)
			continue
		}
		if m := depCmdRE.FindStringSubmatch(st); m != nil {
			out = append(out, depChanges(depNames(m[1]), text)...)
		}
	}
	return out
}

// bumpedVersion is the package's own version a bump stage m (run in dir)
// printed, in its manifest.
func bumpedVersion(m []string, dir, text string) []Proposal {
	manifest := ""
	switch {
	case m[1] != "":
		manifest = "package.json"
	case m[2] != "":
		manifest = "pyproject.toml"
	case m[3] != "":
		manifest = "Cargo.toml"
	default:
		manifest = "-"
	}
	b := lastMatch(bumpedLineRE, text)
	if b == nil {
		return nil
	}
	nu, was := b[1]+b[2]+b[4], b[3]
	if manifest != "-" {
		manifest = path.Join(dir, manifest)
	}
	return []Proposal{{Op: OpState, Kind: KindValue, Key: "value/" + manifest + "/version", Name: "version", Value: nu, Was: was, Quote: strings.TrimSpace(b[0])}}
}

// depNames are the package names the arguments args of a dependency
// command name, lower case, without their versions or constraints
// ("laravel/framework:^11.31", "react@18.3.1", "requests==2.32.3",
// "golang.org/x/net@v0.23.0"); options are left out.
func depNames(args string) map[string]bool {
	names := map[string]bool{}
	for _, w := range strings.Fields(args) {
		w = strings.Trim(w, `"'`)
		if w == "" || strings.HasPrefix(w, "-") || strings.ContainsAny(w, "<>|&;") && !strings.ContainsAny(w, "=~^") {
			continue
		}
		if i := strings.IndexAny(w, ":=<>~!^ "); i > 0 {
			w = w[:i]
		}
		if i := strings.LastIndex(w, "@"); i > 0 {
			w = w[:i]
		}
		if i := strings.Index(w, "["); i > 0 {
			// "uvicorn[standard]"
			w = w[:i]
		}
		if w != "" && !strings.HasPrefix(w, ".") && !strings.HasPrefix(w, "/") {
			names[strings.ReplaceAll(strings.ToLower(w), "_", "-")] = true
		}
	}
	return names
}

// depChanges are the installed versions text says the packages names
// changed to.
func depChanges(names map[string]bool, text string) []Proposal {
	if len(names) == 0 {
		return nil
	}
	var out []Proposal
	seen := map[string]bool{}
	add := func(name, was, nu, quote string) {
		k := strings.ReplaceAll(strings.ToLower(name), "_", "-")
		if !names[k] || seen[k] || len(out) >= 8 {
			return
		}
		seen[k] = true
		out = append(out, Proposal{Op: OpState, Kind: KindValue, Key: "value/installed/" + k, Name: "installed " + k, Value: nu, Was: was, Quote: strings.TrimSpace(quote)})
	}
	removed := map[string]string{}
	for _, m := range pnpmRemovedRE.FindAllStringSubmatch(text, -1) {
		removed[m[1]] = m[2]
	}
	for _, re := range depChangeREs {
		for _, m := range re.FindAllStringSubmatch(text, -1) {
			was := m[2]
			if was == "" && strings.HasPrefix(strings.TrimSpace(m[0]), "+") && removed[m[1]] != m[3] {
				// "- prisma 6.1.0" above "+ prisma 5.22.0"
				was = removed[m[1]]
			}
			add(m[1], was, m[3], m[0])
		}
	}
	for _, m := range pipInstalledRE.FindAllStringSubmatch(text, -1) {
		for _, nv := range strings.Fields(m[1]) {
			// "requests-2.32.3": the name up to the last "-" before a digit
			if i := strings.LastIndex(nv, "-"); i > 0 && i+1 < len(nv) && nv[i+1] >= '0' && nv[i+1] <= '9' {
				add(nv[:i], "", nv[i+1:], m[0])
			}
		}
	}
	return out
}
