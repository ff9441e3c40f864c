package projection

import (
	"reflect"
	"strings"
	"testing"
)

// A database server's version a client asked is a value of that server,
// scoped by the connection the command names; a query that asks anything
// else, a client's own version and an output with no version give none
// (trial 9 A9).
func TestServerVersions(t *testing.T) {
	for _, c := range []struct {
		cmd, out string
		want     []string // "key=value"
	}{
		{`bash -lc 'psql "$DEV_DSN" -tAc "show server_version"; psql "$PROD_DSN_RO" -tAc "show server_version"'`,
			"14.12 (Debian 14.12-1.pgdg120+1)\n14.12 (Debian 14.12-1.pgdg120+1)\n",
			[]string{"value/postgres@dev_dsn/version=14.12", "value/postgres@prod_dsn_ro/version=14.12"}},
		{`psql -h db.prod.internal -U app -d orders -c "show server_version"`,
			" server_version \n----------------\n 15.6\n(1 row)\n",
			[]string{"value/postgres@db.prod.internal/version=15.6"}},
		{`psql postgresql://app:s3cret@pg-staging:5432/shop -c 'select version()'`,
			"                          version\n-------------------------------------------\n PostgreSQL 16.2 on x86_64-pc-linux-gnu, compiled by gcc\n(1 row)\n",
			[]string{"value/postgres@pg-staging/version=16.2"}},
		{`mysql -h mysql-1 -u root -e "SELECT VERSION();"`,
			"+-----------+\n| VERSION() |\n+-----------+\n| 8.0.36    |\n+-----------+\n",
			[]string{"value/mysql@mysql-1/version=8.0.36"}},
		{`psql -c "select version()"`, "PostgreSQL 14.12 on x86_64-pc-linux-gnu",
			[]string{"value/postgres/version=14.12"}},
		// near misses
		{`psql --version`, "psql (PostgreSQL) 14.12", []string{"value/installed/psql=14.12"}},
		{`psql -c "select count(*) from orders"`, " count\n-------\n 14.12\n", nil},
		{`psql -c "show server_version"`, "psql: error: connection to server failed", nil},
		{`cat pg_version.txt`, "14.12", nil},
		{`echo "show server_version"`, "show server_version", nil},
	} {
		vs, _ := versionValues(c.cmd, c.out)
		var got []string
		for _, v := range vs {
			if !strings.Contains(c.out, v.Quote) {
				t.Errorf("%q: quote %q not in the output", c.cmd, v.Quote)
			}
			got = append(got, v.Key+"="+v.Value)
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: got %q, want %q", c.cmd, got, c.want)
		}
		if strings.Contains(strings.Join(got, " "), "s3cret") {
			t.Errorf("%q: a password in a key: %q", c.cmd, got)
		}
	}
}

// Two servers asked in one command hold one version each, and asking one
// again replaces only its own; the talk's language does not matter.
func TestServerVersionScript(t *testing.T) {
	ask := func(text, dsn, out string) string {
		return "\n> assistant\n" + text + "\n> call shell {\"command\":\"psql \\\"$" + dsn + "\\\" -tAc \\\"show server_version\\\"\"}\n> result\n" + out + "\n"
	}
	cases := []scriptCase{
		{"en: dev upgraded, prod not",
			"\n> user\nCan we use MERGE in fct_orders?\n" + ask("Checking dev.", "DEV_DSN", "14.12 (Debian)") + ask("And prod.", "PROD_DSN", "14.12 (Debian)") +
				ask("Dev again after the upgrade.", "DEV_DSN", "15.6 (Debian)"),
			[]string{`value/postgres@dev_dsn/version \[current/empirical\] = 15.6 \(was 14.12\)`, `value/postgres@prod_dsn/version \[current/empirical\] = 14.12`},
			[]string{`value/postgres@prod_dsn/version .* = 15.6`}},
		{"ja: 確認",
			"\n> user\nfct_orders で MERGE 使える？\n" + ask("dev のバージョンを確認します。", "DEV_DSN", "14.12 (Debian)"),
			[]string{`value/postgres@dev_dsn/version \[current/empirical\] = 14.12`}, nil},
	}
	runScriptCases(t, cases)
}
