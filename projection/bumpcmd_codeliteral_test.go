package projection

import "testing"

// A revert, a cherry-pick or a merge is a new commit: the last commit is
// the one git printed last, whatever the command that made it. A git
// command that makes no commit (show, log with a path) printing a line of
// that shape moves nothing.
func TestGitLastCommitRevertCherryPick(t *testing.T) {
	for _, tc := range []struct{ name, ask, cmd, out, want string }{
		{"revert en", "revert that commit", `git revert --no-edit 4e8a1d2`,
			`[fix/sms-queue 91c0b7e] Revert "fix: prevent double booking of tables"`,
			`value/-/git_last_commit \[current/empirical\] = 91c0b7e Revert "fix: prevent double booking of tables" \(on fix/sms-queue\) \(was 4e8a1d2`},
		{"revert pl", "git revert tego commita", `git revert --no-edit 4e8a1d2`,
			`[fix/sms-queue 91c0b7e] Revert "fix: prevent double booking of tables"`,
			`value/-/git_last_commit \[current/empirical\] = 91c0b7e Revert`},
		{"cherry-pick", "przenieś ten commit na release", `git cherry-pick 4e8a1d2`,
			"[release/2.1 5c6d7e8] fix: prevent double booking of tables\n Date: Mon Dec 1 10:00:00 2026 +0100",
			`value/-/git_last_commit \[current/empirical\] = 5c6d7e8 fix: prevent double booking of tables \(on release/2.1\)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := reduceAll(t, `
> user
commit
> assistant
> call bash {"command":"git commit -am \"fix: prevent double booking of tables\""}
> result
[fix/double-booking 4e8a1d2] fix: prevent double booking of tables
> user
`+tc.ask+`
> assistant
> call bash {"command":"`+tc.cmd+`"}
> result
`+tc.out)
			expect(t, out, []string{tc.want}, nil)
		})
	}
	// Near miss: a file shown from git's history holding such a line.
	out := reduceAll(t, `
> user
commit
> assistant
> call bash {"command":"git commit -am \"fix: prevent double booking of tables\""}
> result
[fix/double-booking 4e8a1d2] fix: prevent double booking of tables
> assistant
> call bash {"command":"git show HEAD~3:NOTES.md"}
> result
[main 1a2b3c4] release notes draft`)
	expect(t, out, []string{`value/-/git_last_commit \[current/empirical\] = 4e8a1d2 `}, []string{`= 1a2b3c4`})
}

// Continue's find-and-replace and new-file tools name their file
// "filepath" and write it as an Edit does: the setting they change is a
// value. A read of the same file sets none.
func TestContinueEditToolsSetValues(t *testing.T) {
	for _, tc := range []struct{ name, ask string }{
		{"en", "double the redis retry window in .env.production.example"},
		{"pl", "w .env.production.example ustaw REDIS_QUEUE_RETRY_AFTER na 180"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := reduceAll(t, `
> user
`+tc.ask+`
> assistant
> call single_find_and_replace {"filepath":".env.production.example","old_string":"REDIS_QUEUE_RETRY_AFTER=90","new_string":"REDIS_QUEUE_RETRY_AFTER=180"}
> result
Successfully edited .env.production.example`)
			expect(t, out, []string{`value/.env.production.example/redis_queue_retry_after \[current/empirical\] = 180 .*\(was 90`}, nil)
		})
	}
	out := reduceAll(t, `
> user
add a config for the worker
> assistant
> call create_new_file {"filepath":"config/worker.yml","contents":"concurrency: 4\ntimeout: 30\n"}
> result
Created config/worker.yml`)
	expect(t, out, []string{`file/config/worker.yml/content`}, nil)
	// Near miss: a read of the file shows its settings, sets none.
	out = reduceAll(t, `
> user
what is REDIS_QUEUE_RETRY_AFTER now?
> assistant
> call read_file {"filepath":".env.production.example"}
> result
REDIS_QUEUE_RETRY_AFTER=90`)
	expect(t, out, nil, []string{`value/.env.production.example/redis_queue_retry_after`, `file/.env.production.example/content`})
}

// A command that bumps a version or changes a dependency and prints the
// new version sets it; a command that only names a package, or prints
// versions of packages it was not asked about, sets nothing.
func TestBumpCommandValues(t *testing.T) {
	for _, tc := range []struct{ name, ask, cmd, out, want string }{
		{"pnpm version zh", "api 版本号升一下 minor", `cd apps/api && pnpm version minor --no-git-tag-version`, "v1.5.0",
			`value/apps/api/package.json/version \[current/empirical\] = 1.5.0 @`},
		{"npm version en", "bump the minor version", `npm version minor`, "v1.5.0",
			`value/package.json/version \[current/empirical\] = 1.5.0 @`},
		{"poetry", "bump the version", `poetry version minor`, "Bumping version from 1.4.0 to 1.5.0",
			`value/pyproject.toml/version \[current/empirical\] = 1.5.0 .*\(was 1.4.0`},
		{"composer pl", "podbij laravel/framework do ^11.31", `composer require laravel/framework:^11.31 -W`,
			"./composer.json has been updated\nLock file operations: 0 installs, 2 updates, 0 removals\n  - Upgrading laravel/framework (v11.9.2 => v11.31.0)\n  - Upgrading symfony/console (v7.0.1 => v7.1.8)",
			`value/installed/laravel/framework \[current/empirical\] = v11.31.0 .*\(was v11.9.2`},
		{"go get", "upgrade x/net", `go get golang.org/x/net@v0.23.0`, "go: upgraded golang.org/x/net v0.17.0 => v0.23.0",
			`value/installed/golang.org/x/net \[current/empirical\] = v0.23.0 .*\(was v0.17.0`},
		{"pip", "upgrade requests", `pip install -U requests`, "Successfully installed certifi-2024.2.2 requests-2.32.3",
			`value/installed/requests \[current/empirical\] = 2.32.3 @`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := reduceAll(t, `
> user
`+tc.ask+`
> assistant
> call bash {"command":"`+tc.cmd+`"}
> result
`+tc.out)
			expect(t, out, []string{tc.want}, []string{`symfony/console`, `installed/certifi`})
		})
	}
	// Near misses: a version asked, not bumped; an install of everything.
	for _, tc := range []struct{ cmd, out string }{
		{`npm version`, "{ api: '1.4.0', npm: '10.2.4' }"},
		{`composer install`, "  - Installing laravel/framework (v11.9.2)"},
		{`echo v1.5.0`, "v1.5.0"},
	} {
		out := reduceAll(t, `
> user
check it
> assistant
> call bash {"command":"`+tc.cmd+`"}
> result
`+tc.out)
		expect(t, out, nil, []string{`package.json/version`, `installed/laravel`})
	}
}

// A sed substitution of a version with its build number ("version:
// 2.4.1+41" in pubspec.yaml) sets it as any other anchored key.
func TestSedVersionWithBuildNumber(t *testing.T) {
	for _, ask := range []string{"bump the minor version for the release", "version bump kar do minor, release ke liye"} {
		out := reduceAll(t, `
> user
`+ask+`
> assistant
> call Bash {"command":"sed -i 's/^version: 2.4.1+41$/version: 2.5.0+42/' pubspec.yaml && grep -n '^version' pubspec.yaml"}
> result
4:version: 2.5.0+42`)
		expect(t, out, []string{`value/pubspec.yaml/version \[current/empirical\] = 2.5.0\+42 .*\(was 2.4.1\+41`}, nil)
	}
	// Near miss: an expression, not a value.
	out := reduceAll(t, `
> user
fix the count
> assistant
> call Bash {"command":"sed -i 's/total = a+b/total = a+b+c/' calc.py"}
> result
`)
	expect(t, out, nil, []string{`value/calc.py/total`})
}

// A map entry or a constant of one word edited in code is a value; a
// test's fixture, a key of text for people, a log call set none.
func TestCodeLiteralValues(t *testing.T) {
	for _, ask := range []string{"set the banner variant back to diwali", "winter nahi, diwali hi rakho"} {
		out := reduceAll(t, `
> user
`+ask+`
> assistant
> call Edit {"file_path":"lib/core/remote_config/remote_config_service.dart","old_string":"      'promo_banner_variant': 'winter',","new_string":"      'promo_banner_variant': 'diwali',"}
> result
The file lib/core/remote_config/remote_config_service.dart has been updated.`)
		expect(t, out, []string{`value/lib/core/remote_config/remote_config_service.dart/promo_banner_variant \[current/empirical\] = diwali `}, nil)
	}
	out := reduceAll(t, `
> user
use the v2 checkout flow
> assistant
> call Edit {"file_path":"shop/settings.py","old_string":"CHECKOUT_FLOW = \"legacy\"","new_string":"CHECKOUT_FLOW = \"modern\""}
> result
ok`)
	expect(t, out, []string{`value/shop/settings.py/checkout_flow \[current/empirical\] = modern .*\(was legacy`}, nil)
	for _, tc := range []struct{ file, old, new string }{
		{"test/remote_config_test.dart", "'promo_banner_variant': 'winter',", "'promo_banner_variant': 'diwali',"},
		{"lib/ui/home.dart", "'title': 'winter',", "'title': 'diwali',"},
		{"lib/ui/home.dart", "log.info('variant: winter');", "log.info('variant: diwali');"},
	} {
		out := reduceAll(t, `
> user
change it
> assistant
> call Edit {"file_path":"`+tc.file+`","old_string":"`+tc.old+`","new_string":"`+tc.new+`"}
> result
ok`)
		expect(t, out, nil, []string{`value/` + tc.file})
	}
}

// A value is keyed on the setting, never on the place it is in (".env
// 里"); settings said in two messages, the second naming its own with its
// number now, never replace each other.
func TestValueKeyNotAPlace(t *testing.T) {
	out := reduceAll(t, `
> user
批大小 500 太小了，.env 里改成 1000
> assistant
好的。
> user
还有导出超时配置，config/default.json 里 exportTimeoutMs 现在 30000，改成 120000`)
	expect(t, out, []string{
		`value/-/批大小 \[current/normative\] = 1000 `,
		`value/-/exporttimeoutms \[current/normative\] = 120000 `,
	}, []string{`env_里`, `批大小 .*= 120000`})
	out = reduceAll(t, `
> user
the batch size is too small
> assistant
ok
> user
also exportTimeoutMs is now 30000, change it to 120000`)
	expect(t, out, []string{`value/-/exporttimeoutms \[current/normative\] = 120000 `}, nil)
	// Near miss: a place with no setting named before it sets nothing.
	out = reduceAll(t, `
> user
.env 里改成 1000`)
	expect(t, out, nil, []string{`env_里`})
}
