package projection

import (
	"path"
	"slices"
	"strings"
)

// An upgrade given up.
//
// A failed call that moved a package to a version ("pnpm add
// prisma@6.1.0 && pnpm build", "pip install django==5.1", "composer
// require laravel/framework:^11", "flutter pub add dio:5.4.0", "cargo add
// tokio@1.40") is an attempt at that version. The user turning it down
// ("升 6 会把 build 搞挂，别升了", "don't upgrade, it breaks the build",
// "nie aktualizuj", "upgrade mat karo") gives the attempt up: the failure
// is superseded by negative knowledge holding the user's words (as a
// failure given up, abandon.go), never resolved. A passing install of
// another version of the package (the rollback) does not resolve the
// failed attempt either (versionRolledBack): the attempt was left, not
// made to work. A sentence that asks, puts off or negates the refusal
// ("should we not upgrade?", "升级回头再说") gives nothing up.

var (
	// versionArgRE is a package named with the version an install moves
	// it to: "prisma@6.1.0", "django==5.1", "laravel/framework:^11",
	// "dio:5.4.0"; the package in group p, the version in group v.
	versionArgRE = mustPattern(`^(?P<p>@?[A-Za-z][\w.\-/]*?)(?:@|==|:)(?P<v>[\^~<>=]*v?\d[\w.\-+*]*)$`)

	// refuseUpgradeRE refuses an upgrade or a version bump.
	refuseUpgradeRE = mustPattern(`(?i)\b(?:don'?t|do\s+not|never|no\s+need\s+to|stop|let'?s\s+not|we\s+won'?t|not\s+going\s+to)\s+(?:\w+\s+)?(?:upgrad\w*|updat\w*|bump\w*)|\bno\s+(?:more\s+)?(?:upgrade|bump)s?\b|\b(?:forget|drop|skip|abandon)\s+the\s+(?:upgrade|update|bump)\b|` +
		`(?:^|[^\pL])(?:nie\s+(?:aktualizuj\pL*|podbijaj\pL*|podnoś\pL*|upgraduj\pL*)|no\s+(?:actualices|actualicéis|subas)|ne\s+(?:mets|mettez)\s+pas\s+à\s+jour|nicht\s+(?:upgraden|aktualisieren|updaten|hochziehen)|não\s+(?:atualize|atualizes)|non\s+aggiornare)(?:[^\pL]|$)|` +
		`\b(?:upgrade|update|bump)\s+(?:mat|na|nahi|nahin)\s*(?:karo|karna|kar)?\b|` +
		`别(?:再)?(?:升|升级|更新)了?|不要(?:再)?(?:升|升级|更新)|不(?:升|升级)了|先别(?:升|升级)|不用(?:升|升级)了|升级(?:就)?算了|アップグレードしない|업그레이드\s*하지\s*마`)
)

// installVerbs are the subcommands that install or move a package;
// packageManagers the programs that run them.
var (
	installVerbs    = wordSet(`add install i require upgrade update`)
	packageManagers = wordSet(`npm pnpm yarn bun pip pip3 uv poetry pdm composer cargo go gem bundle dart flutter dotnet mix`)
)

// installedVersions are the packages failed call text moved to a
// version, each "pkg@version" read apart: package → version.
func installedVersions(call string) map[string]string {
	var out map[string]string
	for _, st := range andStages(call) {
		f := runFields(unwrap(pipeHead(st)))
		// the install's verb after the program's own options ("pnpm
		// --filter @app/db add", "flutter pub add")
		i := slices.IndexFunc(f, func(w string) bool { return installVerbs[w] })
		if i < 1 || !packageManagers[path.Base(f[0])] {
			continue
		}
		for _, w := range f[i+1:] {
			m := versionArgRE.FindStringSubmatch(strings.Trim(w, `'"`))
			if m == nil {
				continue
			}
			if out == nil {
				out = map[string]string{}
			}
			out[strings.ToLower(m[1])] = m[2]
		}
	}
	return out
}

// versionRolledBack reports whether passing call passed installs a
// package failed call text moved to a version at another version.
func versionRolledBack(failed, passed string) bool {
	was := installedVersions(failed)
	if len(was) == 0 {
		return false
	}
	for p, v := range installedVersions(passed) {
		if w, ok := was[p]; ok && w != v {
			return true
		}
	}
	return false
}

// upgradeRefused gives up the newest open failure of a call that moved a
// package to a version when a sentence of user message ev refuses the
// upgrade; it reports whether one was given up.
func (r *Reducer) upgradeRefused(ev *Event, ref EventRef) bool {
	if ev.Role != RoleUser {
		return false
	}
	for _, s := range sentences(ev.Text) {
		if !refuseUpgradeRE.MatchString(s) || questionRE.MatchString(s) || dropDeferredRE.MatchString(s) {
			continue
		}
		var f *Anchor
		for _, a := range r.hot {
			if a.Kind != KindFailure || !a.IsHead() || !r.answers(a, ev) {
				continue
			}
			if failed, ok := linkWith(a.Links, callPrefix); ok && len(installedVersions(failed)) > 0 && (f == nil || newer(a, f)) {
				f = a
			}
		}
		if f != nil {
			r.giveUpFailure(f, s, ev, ref, 0)
			return true
		}
	}
	return false
}
