package projection

import (
	"reflect"
	"strings"
	"testing"
)

// A column's type or default a database client's ALTER TABLE set is a
// value of the column; a statement only shown, written, rolled back or
// run by no client sets none (trial 9 A8).
func TestAlterValues(t *testing.T) {
	for _, c := range []struct {
		cmd  string
		want []string // "key=value"
	}{
		{`bash -lc 'psql "$PROD_DSN" -c "alter table analytics.fct_orders alter column status type varchar(32)"'`,
			[]string{"value/analytics.fct_orders/status.type=varchar(32)"}},
		{`psql -h db.prod -d shop -c 'ALTER TABLE orders ALTER COLUMN total SET DATA TYPE NUMERIC (12, 2) USING total::numeric'`,
			[]string{"value/orders/total.type=numeric(12,2)"}},
		{`mysql -u app -e "ALTER TABLE users MODIFY COLUMN email VARCHAR(320) NOT NULL" shop`,
			[]string{"value/users/email.type=varchar(320)"}},
		{`sqlcmd -S db -Q "ALTER TABLE dbo.Orders ALTER COLUMN Note nvarchar(max) NULL"`,
			[]string{"value/dbo.orders/note.type=nvarchar(max)"}},
		{`psql -c "alter table jobs alter column retries set default 5, alter column state type text"`,
			[]string{"value/jobs/retries.default=5", "value/jobs/state.type=text"}},
		{`docker exec -i pg psql -U postgres -c "alter table events alter column payload type jsonb using payload::jsonb"`,
			[]string{"value/events/payload.type=jsonb"}},
		{"psql \"$DSN\" <<'SQL'\nalter table orders alter column status type varchar(32);\nSQL",
			[]string{"value/orders/status.type=varchar(32)"}},
		{`echo "alter table orders alter column status type varchar(32);" | psql "$DSN"`,
			[]string{"value/orders/status.type=varchar(32)"}},
		// near misses: shown, written, undone, no client, no type
		{`grep -rn "alter column status type varchar(32)" migrations/`, nil},
		{`cat migrations/0042_widen_status.sql`, nil},
		{`echo "alter table orders alter column status type varchar(32);" > migrations/0042.sql`, nil},
		{`psql -c "begin; alter table orders alter column status type varchar(32); rollback;"`, nil},
		{`psql -c "alter table orders add column note text"`, nil},
		{`psql -c "alter table orders rename column status to state"`, nil},
		{`psql -c "alter table orders alter column status drop not null"`, nil},
		{`psql -c "select status from orders limit 1"`, nil},
		{`python manage.py sqlmigrate shop 0042`, nil},
	} {
		var got []string
		for _, p := range alterValues(c.cmd) {
			if !strings.Contains(c.cmd, p.Quote) {
				t.Errorf("%q: quote %q is not in the command", c.cmd, p.Quote)
			}
			got = append(got, p.Key+"="+p.Value)
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: got %q, want %q", c.cmd, got, c.want)
		}
	}
}

// The column's type set by a passing command is current, the agent's
// later change replaces it, and a statement that failed or was only read
// holds nothing; whatever language the talk is in (trial 9 A8).
func TestAlterValueScript(t *testing.T) {
	alter := func(text, sql, result string) string {
		cmd := `psql \"$PROD_DSN\" -c \"alter table analytics.fct_orders alter column status type ` + sql + `\"`
		return "\n> assistant\n" + text + "\n> call shell {\"command\":\"" + cmd + "\"}\n> result" + result + "\n"
	}
	cases := []scriptCase{
		{"en: widened, then widened again",
			"\n> user\nBackfill November into fct_orders on prod.\n" +
				alter("Widening status.", "varchar(32)", "\nALTER TABLE") + alter("Wider still.", "varchar(64)", "\nALTER TABLE"),
			[]string{`value/analytics.fct_orders/status.type \[current/empirical\] = varchar\(64\) \(was varchar\(32\)\)`}, nil},
		{"en: a statement that failed sets nothing",
			"\n> user\nBackfill November into fct_orders on prod.\n" +
				alter("Widening status.", "varchar(32)", " error\nERROR:  permission denied for table fct_orders"),
			nil, []string{`value/analytics.fct_orders/status.type`}},
		{"ja: 型を広げた",
			"\n> user\n11月分を本番の fct_orders にバックフィルして。\n" +
				alter("status を varchar(32) に広げます。", "varchar(32)", "\nALTER TABLE"),
			[]string{`value/analytics.fct_orders/status.type \[current/empirical\] = varchar\(32\)`}, nil},
		{"a migration only read holds no value",
			"\n> user\nBackfill November into fct_orders on prod.\n> assistant\nReading the migration.\n> call shell {\"command\":\"cat migrations/0042.sql\"}\n> result\nalter table analytics.fct_orders alter column status type varchar(32);\n",
			nil, []string{`value/analytics.fct_orders/status.type`}},
	}
	runScriptCases(t, cases)
}
