package projection

import (
	"regexp"
	"strings"
	"testing"
)

// A failed migration is resolved by a later passing command whose output
// reports the same migration applied, whatever the command (migrated.go;
// trial 14 A20, C18).
func TestMigrationAppliedByAnotherCommand(t *testing.T) {
	for _, c := range []struct{ name, user, failCmd, failOut, passCmd, passOut, want string }{
		{"sqlx reset, ja", "index の migration 追加して適用してください", "cargo sqlx migrate run",
			"Applied 20261015093011/migrate create invoices (8.112ms)\nerror: while executing migration 20261202103344: error returned from database: relation \"x_idx\" already exists",
			"cargo sqlx database reset -y", "Dropped database\nCreated database\nApplied 20261015093011/migrate create invoices (7.954ms)\nApplied 20261202103344/migrate invoices cursor index (41.377ms)", "resolved"},
		{"rails migrate:up, tr", "migration'ları çalıştır", "bin/rails db:migrate",
			"== 20261203101500 AddTrackingNumberToShipments: migrating ======\n-- add_column(:shipments, :tracking_number, :string)\nbin/rails aborted!\nStandardError: An error has occurred, this and all later migrations canceled: (StandardError)\nPG::DuplicateColumn: ERROR:  column \"tracking_number\" already exists",
			"bin/rails db:migrate:up VERSION=20261203101500", "== 20261203101500 AddTrackingNumberToShipments: migrating ======\n-- column_exists?(:shipments, :tracking_number)\n   -> true\n== 20261203101500 AddTrackingNumberToShipments: migrated (0.0152s) ======", "resolved"},
		{"django, en", "apply the migrations", "python manage.py migrate",
			"Operations to perform:\n  Apply all migrations: shop\nRunning migrations:\n  Applying shop.0041_price... OK\n  Applying shop.0042_order_index...\nTraceback (most recent call last):\ndjango.db.utils.ProgrammingError: relation \"order_idx\" already exists",
			"python manage.py migrate shop 0042 --fake-initial", "Running migrations:\n  Applying shop.0042_order_index... OK", "resolved"},
		{"alembic, en", "run the migrations", "alembic upgrade head",
			"INFO  [alembic.runtime.migration] Running upgrade a1b2c3 -> d4e5f6, add index\nsqlalchemy.exc.ProgrammingError: relation already exists",
			"make db-upgrade", "INFO  [alembic.runtime.migration] Running upgrade a1b2c3 -> d4e5f6, add index", "resolved"},
		{"goose, en", "run the migrations", "goose up",
			"2026/12/03 OK   00001_init.sql (3ms)\n2026/12/03 goose run: ERROR 00002_add_index.sql: failed to run SQL migration: pq: relation exists",
			"goose -dir db up", "2026/12/03 OK   00002_add_index.sql (12.3ms)\n2026/12/03 goose: successfully migrated database to version: 2", "resolved"},
		{"knex, en", "run the migrations", "npx knex migrate:latest",
			"migration file \"20240101_add_index.js\" failed\nmigration failed with error: relation exists",
			"npx knex migrate:up 20240101_add_index.js", "Batch 2 ran the following migrations:\n20240101_add_index.js", "resolved"},
		{"prisma, en", "apply the migration", "npx prisma migrate deploy",
			"Applying migration `20240101_add_index`\nError: P3018\nA migration failed to apply.\nMigration name: 20240101_add_index\nDatabase error: relation exists",
			"npx prisma migrate reset --force", "Applying migration `20240101_add_index`\n\nThe following migration(s) have been applied:\n\nmigrations/\n  └─ 20240101_add_index/\n    └─ migration.sql", "resolved"},
		{"flyway, en", "run the migrations", "flyway migrate",
			"Migrating schema \"public\" to version \"2 - add index\"\nERROR: Migration of schema \"public\" to version \"2 - add index\" failed! Changes successfully rolled back.",
			"flyway repair && flyway migrate", "Migrating schema \"public\" to version \"2 - add index\"\nSuccessfully applied 1 migration to schema \"public\"", "resolved"},
		// near misses: a listing that names the migration pending or
		// down, a rollback, another migration applied, a passing call
		// that only shows the file
		{"rails status", "migration'ları çalıştır", "bin/rails db:migrate",
			"== 20261203101500 AddTrackingNumberToShipments: migrating ======\nStandardError: An error has occurred, this and all later migrations canceled",
			"bin/rails db:migrate:status", "   up     20261115090000  Create shipments\n  down    20261203101500  Add tracking number to shipments", "open"},
		{"sqlx info", "index の migration 適用して", "cargo sqlx migrate run",
			"error: while executing migration 20261202103344: error returned from database",
			"cargo sqlx migrate info", "20261015093011/installed migrate create invoices\n20261202103344/pending migrate invoices cursor index", "open"},
		{"rollback", "run the migrations", "alembic upgrade head",
			"INFO  [alembic.runtime.migration] Running upgrade a1b2c3 -> d4e5f6, add index\nsqlalchemy.exc.ProgrammingError: relation already exists",
			"alembic downgrade -1", "INFO  [alembic.runtime.migration] Running downgrade d4e5f6 -> a1b2c3, add index", "open"},
		{"another migration", "index の migration 適用して", "cargo sqlx migrate run",
			"Applied 20261015093011/migrate create invoices (8.112ms)\nerror: while executing migration 20261202103344: error returned from database",
			"cargo sqlx database reset -y", "Applied 20261015093011/migrate create invoices (7.954ms)", "open"},
		{"the file shown", "migration'ları çalıştır", "bin/rails db:migrate",
			"== 20261203101500 AddTrackingNumberToShipments: migrating ======\nStandardError: An error has occurred, this and all later migrations canceled",
			"ls db/migrate", "20261115090000_create_shipments.rb\n20261203101500_add_tracking_number_to_shipments.rb", "open"},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, strings.Join([]string{"> user", c.user, fail21Run(c.failCmd, c.failOut, true), fail21Run(c.passCmd, c.passOut, false)}, "\n"))
			expect(t, out, []string{`failure command/-/` + regexp.QuoteMeta(c.failCmd) + ` \[` + c.want + `/`}, nil)
		})
	}
}

// "go test ./pkg -run TestX" printing only "ok  pkg" (no per-test line
// without -v) is TestX passing: the package passed with the selected
// test in it (gorunpass.go; trial 14 B22).
func TestGoTestRunSelectedPasses(t *testing.T) {
	fail := "ok  \tgithub.com/x/internal/config\t1.021s\n--- FAIL: TestTTLExpiry (0.06s)\n    ttl_test.go:41: item still present\nFAIL\nFAIL\tgithub.com/x/internal/cache\t2.311s\nFAIL"
	for _, c := range []struct{ name, user, rerun, out, want string }{
		{"en", "run the tests with race", "go test -race ./internal/cache/ -run TestTTLExpiry -count=3", "ok  \tgithub.com/x/internal/cache\t0.412s", "resolved"},
		{"pt, pattern", "roda os testes com race", "go test ./internal/cache/ -run 'TestTTL.*'", "ok  \tgithub.com/x/internal/cache\t0.412s", "resolved"},
		{"-run=", "run the tests", "go test -run=^TestTTLExpiry$ ./internal/cache/", "ok  \tgithub.com/x/internal/cache\t0.412s", "resolved"},
		// near misses: another test selected, the test skipped, another
		// package passing
		{"another test", "run the tests", "go test ./internal/cache/ -run TestGet", "ok  \tgithub.com/x/internal/cache\t0.412s", "open"},
		{"skipped", "roda os testes", "go test ./internal/cache/ -run 'TestTTL' -skip TestTTLExpiry", "ok  \tgithub.com/x/internal/cache\t0.412s", "open"},
		{"another package", "run the tests", "go test ./internal/config/ -run TestTTLExpiry", "ok  \tgithub.com/x/internal/config\t0.412s", "open"},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, strings.Join([]string{"> user", c.user, fail21Run("go test -race ./internal/...", fail, true), fail21Run(c.rerun, c.out, false)}, "\n"))
			expect(t, out, []string{`failure test/-/TestTTLExpiry \[` + c.want + `/`}, nil)
		})
	}
}

// A failure the user calls flaky and tells the agent to ignore is given
// up (superseded, the flaky words kept), never resolved; one the user
// calls flaky and leaves alone stays open, marked flaky
// (TestFlakyAfterPassIsOpen; flakyignore.go; trial 14 B22).
func TestFlakyIgnoredIsGivenUp(t *testing.T) {
	fail := "--- FAIL: TestTTLExpiry (0.06s)\n    ttl_test.go:41: item still present\nFAIL\nFAIL\tgithub.com/x/internal/cache\t2.311s\nFAIL"
	for _, c := range []struct{ name, say, want string }{
		{"pt", "esse é flaky mesmo, com -race o timer atrasa. ignora", "superseded"},
		{"en", "that one is flaky, known issue. ignore it", "superseded"},
		{"es", "es flaky, ignóralo", "superseded"},
		{"ja", "それは flaky なので無視してください", "superseded"},
		// near misses: left alone, a negated ignore, a question
		{"left alone", "it's flaky, leave it", "open"},
		{"don't ignore", "it's flaky but don't ignore it", "open"},
		{"pt, não ignora", "é flaky, mas não ignora", "open"},
		{"asked", "it's flaky. should I ignore it?", "open"},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, strings.Join([]string{"> user", "run the tests",
				fail21Run("go test -race ./internal/...", fail, true),
				fail21Run("go test -race ./internal/cache/ -run TestTTLExpiry", "ok  \tgithub.com/x/internal/cache\t0.412s", false),
				"> user", c.say}, "\n"))
			if c.want == "superseded" {
				expect(t, out, []string{`negative/-/testttlexpiry`}, []string{`failure test/-/TestTTLExpiry \[(?:open|resolved)/`})
				return
			}
			expect(t, out, []string{`failure test/-/TestTTLExpiry \[open/.*flaky`}, []string{`negative/-/testttlexpiry`})
		})
	}
}
