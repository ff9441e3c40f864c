package projection

import (
	"slices"
	"strings"
)

// A failed database migration, applied by a later command.
//
// A migration tool names the migration it stopped on: sqlx "error: while
// executing migration 20261202103344: …", Rails "== 20261203101500
// AddTrackingNumber: migrating" with no "migrated" line after it, Django
// "Applying shop.0042_index..." without its "OK", Alembic's last "Running
// upgrade a1 -> b2", Prisma "Migration name: 20240101_init", Flyway "to
// version \"2 - add index\" failed", goose "ERROR 00002_idx.sql: failed",
// knex "migration file \"20240101_idx.js\" failed". The failure keeps that
// name as a link (migrationPrefix). A later passing call whose output
// reports the same migration applied resolves it, whatever the command:
// "cargo sqlx database reset" printing "Applied 20261202103344/…", "rails
// db:migrate:up VERSION=…" printing "== … migrated", "Applying …... OK",
// "OK 00002_idx.sql". A listing of migrations ("down 2026…", "…/pending"),
// a rollback ("reverted", "Running downgrade") or a line that fails
// applies nothing.

// migrationPrefix opens the link naming the migration a failed call
// stopped on.
const migrationPrefix = "migration/"

// migrationFailedRE are the lines naming the migration a run failed on,
// its name the last non-empty group.
var migrationFailedRE = []*pattern{
	mustPattern(`(?i)\bwhile executing migration\s+([\w.-]{4,})`),
	mustPattern(`(?i)^Migration name:\s*([\w.-]{4,})`),
	mustPattern("(?i)\\bmigration\\s+[`\"']?([\\w.-]{4,}?)[`\"']?\\s+failed"),
	mustPattern(`(?i)\bmigration file\s+"([\w.-]{4,})"\s+failed`),
	mustPattern(`(?i)\bto version\s+"([^"]{1,80})"\s+failed`),
	mustPattern(`(?i)\bERROR\s+([\w.-]{4,}\.(?:sql|go)):\s+failed`),
}

// migrationStartRE are the lines on which a tool starts a migration: the
// last one started and not finished in a failed output is the one that
// failed.
var migrationStartRE = []*pattern{
	mustPattern(`^==\s+(\d{3,})\s+\w+:\s+migrating\b`),                          // Rails
	mustPattern(`^Applying\s+(\w+\.\w{4,})\.\.\.\s*$`),                          // Django, no OK
	mustPattern(`Running upgrade\s+[\w, ()<>]*->\s+(\w{4,})`),                   // Alembic
	mustPattern("(?i)^Applying migration\\s+[`\"']?([\\w.-]{4,}?)[`\"']?\\s*$"), // Prisma
}

// migrationAppliedRE is a line of output that reports a migration applied.
var migrationAppliedRE = mustPattern(`(?i)\bapplied\b|\bmigrated\b|^applying\s+\S+\.\.\.\s*ok\b|(?:^|\s)ok\s+\S|\brunning upgrade\b|\bmigrating schema\b.*\bto version\b`)

// migrationDoneRE is a line that finishes the migration it names.
var migrationDoneRE = mustPattern(`(?i)\bapplied\b|\bmigrated\b`)

// migrationNotAppliedRE is a line that applies nothing: a listing, a
// rollback or a failure.
var migrationNotAppliedRE = mustPattern(`(?i)\bpending\b|^\s*down\b|\bnot (?:yet )?applied\b|\bfail|\berror\b|\brevert|\brolled back\b|\bdowngrade\b|\bmigrating\s*=*\s*$`)

// migrationListRE heads a list of the migrations a run applied (knex
// "Batch 2 ran the following migrations:", Prisma "The following
// migration(s) have been applied:").
var migrationListRE = mustPattern(`(?i)\bran the following migrations\b|\bfollowing migration\(?s?\)? (?:have|has) been applied\b`)

// failedMigrations are the migrations the output of a failed call names as
// the one it stopped on.
func failedMigrations(out string) []string {
	var names []string
	add := func(s string) {
		s = strings.TrimSpace(s)
		if s != "" && !slices.Contains(names, s) {
			names = append(names, s)
		}
	}
	lines := strings.Split(out, "\n")
	for _, l := range lines {
		l = strings.TrimSpace(l)
		for _, re := range migrationFailedRE {
			if m := re.FindStringSubmatch(l); m != nil {
				add(m[len(m)-1])
			}
		}
	}
	// the last migration started and not reported applied
	last := ""
	for _, l := range lines {
		l = strings.TrimSpace(l)
		for _, re := range migrationStartRE {
			if m := re.FindStringSubmatch(l); m != nil {
				last = m[1]
			}
		}
		if last != "" && wholeWord(l, last) && migrationDoneRE.MatchString(l) {
			last = ""
		}
	}
	add(last)
	return names
}

// migrationAppliedLine reports whether line l of a passing output says a
// migration was applied.
func migrationAppliedLine(l string) bool {
	return migrationAppliedRE.MatchString(l) && !migrationNotAppliedRE.MatchString(l)
}

// migrationApplied reports whether the output of a passing call reports
// applied a migration the links of a failure name.
func migrationApplied(links []string, passedOut string) bool {
	var want []string
	for _, l := range links {
		if n, ok := strings.CutPrefix(l, migrationPrefix); ok {
			want = append(want, n)
		}
	}
	if len(want) == 0 {
		return false
	}
	listed := false
	for _, l := range strings.Split(passedOut, "\n") {
		l = strings.TrimSpace(l)
		if migrationListRE.MatchString(l) {
			listed = true
			continue
		}
		for _, n := range want {
			if !wholeWord(l, n) {
				continue
			}
			if migrationAppliedLine(l) || (listed && !migrationNotAppliedRE.MatchString(l)) {
				return true
			}
		}
	}
	return false
}

// wholeWord reports whether l holds n as a whole word (no letter, digit
// or "_" either side).
func wholeWord(l, n string) bool {
	for i := 0; ; {
		j := strings.Index(l[i:], n)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(n)
		if (j == 0 || !isWordByte(l[j-1])) && (end == len(l) || !isWordByte(l[end])) {
			return true
		}
		i = j + 1
	}
}
