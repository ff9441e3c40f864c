package projection

import "testing"

// A Terraform plan's changed attributes are the resource's settings; a
// user's "let's keep going" chooses nothing.
func TestPlanValuesAndCarryOn(t *testing.T) {
	cases := []struct {
		name, script string
		want, never  []string
	}{
		{"attributes a plan changes", `
> user
Shrink the reporting database as the reviewers asked.
> assistant
> call shell {"command": "terraform plan -no-color"}
> result
Terraform will perform the following actions:

  # aws_db_instance.reporting will be updated in-place
  ~ resource "aws_db_instance" "reporting" {
      ~ allocated_storage       = 100 -> 200
      ~ backup_retention_period = 7 -> 14
      ~ instance_class          = "db.t3.large" -> "db.t3.medium"
        id                      = "reporting"
      ~ endpoint                = "reporting.x.rds.amazonaws.com" -> (known after apply)
    }

  # module.vpc.aws_subnet.private["a"] must be replaced
-/+ resource "aws_subnet" "private" {
      ~ cidr_block = "10.0.1.0/24" -> "10.0.8.0/24" # forces replacement
    }

  # aws_s3_bucket.logs will be created
  + resource "aws_s3_bucket" "logs" {
      + bucket = "acme-logs"
      + arn    = (known after apply)
    }

Plan: 1 to add, 1 to change, 0 to destroy.
`, []string{
			`value/aws_db_instance.reporting/allocated_storage \[current/empirical\] = 200 \(was 100\)`,
			`value/aws_db_instance.reporting/instance_class \[current/empirical\] = db.t3.medium \(was db.t3.large\)`,
			`value/module.vpc.aws_subnet.private\["a"\]/cidr_block \[current/empirical\] = 10.0.8.0/24 \(was 10.0.1.0/24\)`,
		}, []string{`endpoint`, `bucket`, `/arn`, `value/aws_s3`}},
		{"arrows in other output", `
> user
Rename the columns.
> assistant
> call shell {"command": "python rename.py"}
> result
# renamed columns
~ user_name = name -> full_name
`, nil, []string{`value/`}},
		{"carrying on is no decision", `
> user
Let's keep working on the project.
`, []string{`objective`}, []string{`decision/`}},
		{"picking up", `
> user
Add the export endpoint.
> user
ok, let's pick up where we left off.
`, nil, []string{`decision/`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, c.script), c.want, c.never)
		})
	}
	for s, want := range map[string]bool{
		"Let's keep working on the project.":              true,
		"ok, let's pick up where we left off.":            true,
		"Let's continue with the migration.":              true,
		"Let's continue with Redis instead of memcached.": false,
		"Let's keep the old schema.":                      false,
		"Let's use Redis.":                                false,
	} {
		if got := carryOn(s); got != want {
			t.Errorf("carryOn(%q) = %v, want %v", s, got, want)
		}
	}
}
