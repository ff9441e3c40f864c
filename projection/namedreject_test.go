package projection

import "testing"

// An option turned down with its reason in the next sentence while
// another is chosen, in Ukrainian, English and Swedish; the question
// "A чи B?" answered by one name with a reason chooses it.
func TestNamedOptionRejected(t *testing.T) {
	for _, c := range []struct {
		name, script string
		want, never  []string
	}{
		{"uk", `
> user
Налаштуй базу даних для staging у Terraform.
> assistant
Можу зробити Aurora Serverless v2 або звичайний RDS Postgres. Що обираєте?
> user
Aurora не треба. Дорого для staging, беремо звичайний RDS.
> assistant
Добре. Де зберігати пароль: SSM Parameter Store чи Secrets Manager?
> user
SSM, секрети там уже є.
`, []string{
			`decision decision/-/rds-postgres \[active/normative\] = RDS Postgres \(not Aurora Serverless v2\) @2`,
			`negative-knowledge negative/-/aurora-serverless-v2 \[active/normative\] = Aurora Serverless v2 — rejected: Aurora не треба\. Дорого для staging @2`,
			`decision decision/-/ssm-parameter-store \[active/normative\] = SSM Parameter Store \(not Secrets Manager\) @4`,
		}, []string{`negative/-/rds`, `negative/-/ssm`}},

		{"en", `
> user
Set up the staging database in Terraform.
> assistant
I can do Aurora Serverless v2 or plain RDS Postgres. Which one?
> user
No Aurora. Too expensive for staging, we'll take plain RDS.
`, []string{
			`decision decision/-/rds-postgres \[active/normative\] = RDS Postgres \(not Aurora Serverless v2\) @2`,
			`negative/-/aurora-serverless-v2 \[active/normative\] = Aurora Serverless v2 — rejected: No Aurora\. Too expensive for staging @2`,
		}, nil},

		{"sv", `
> user
Sätt upp staging-databasen i Terraform.
> assistant
Jag kan köra Aurora Serverless v2 eller vanlig RDS Postgres. Vilken?
> user
Inte Aurora. För dyrt för staging, vi tar vanlig RDS.
`, []string{
			// the choice read by the message's own words
			`decision .*\[active/normative\] = .*vi tar vanlig RDS\. @2`,
			`negative/-/aurora-serverless-v2 \[active/normative\] = Aurora Serverless v2 — rejected: Inte Aurora\. För dyrt för staging @2`,
		}, nil},

		// near-misses: a choice with nothing said against the other
		// rejects nothing; a clause naming both options rejects neither;
		// a refusal of the one chosen is no choice.
		{"no word against the other", `
> user
Set up the staging database in Terraform.
> assistant
I can do Aurora Serverless v2 or plain RDS Postgres. Which one?
> user
plain RDS.
`, []string{`decision/-/rds-postgres`}, []string{`negative-knowledge`}},

		{"both named in the refusing clause", `
> user
Set up the staging database in Terraform.
> assistant
I can do Aurora Serverless v2 or plain RDS Postgres. Which one?
> user
not sure between Aurora and RDS. so RDS.
`, nil, []string{`negative-knowledge`}},

		{"refusal with no choice", `
> user
Налаштуй базу даних для staging у Terraform.
> assistant
Можу зробити Aurora Serverless v2 або звичайний RDS Postgres. Що обираєте?
> user
Aurora не треба.
`, nil, []string{`negative-knowledge`, `decision/-/rds`}},
	} {
		t.Run(c.name, func(t *testing.T) { expect(t, reduceAll(t, c.script), c.want, c.never) })
	}
}

// Names side by side are one option; a version tag goes on the name
// before it; the plain words beside an option are kept for the choice.
func TestNamedOptionsNear(t *testing.T) {
	for _, c := range []struct {
		s    string
		opts []string
		near []string
	}{
		{"Можу зробити Aurora Serverless v2 або звичайний RDS Postgres.", []string{"Aurora Serverless v2", "RDS Postgres"}, []string{"зробити", "звичайний"}},
		{"Where should the password live: SSM Parameter Store or Secrets Manager?", []string{"SSM Parameter Store", "Secrets Manager"}, nil},
		{"I looked at Roundcube, SOGo and SnappyMail", []string{"Roundcube", "SOGo", "SnappyMail"}, []string{"at"}},
	} {
		opts, _, near := namedOptionsNear(c.s)
		if !equalStrings(opts, c.opts) || !equalStrings(near, c.near) {
			t.Errorf("namedOptionsNear(%q) = %q, %q; want %q, %q", c.s, opts, near, c.opts, c.near)
		}
	}
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
