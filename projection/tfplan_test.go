package projection

import "testing"

// A Terraform plan's changed attributes are the resource's settings; a
// user's "let's keep going" chooses nothing.
func TestPlanValuesAndCarryOn(t *testing.T) {
	cases := []struct {
		name, script string
		want, never  []string
	}{
		{"attributes an apply changed", `
> user
Shrink the reporting database as the reviewers asked.
> assistant
> call shell {"command": "terraform apply -auto-approve -no-color"}
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
aws_db_instance.reporting: Modifying... [id=reporting]
Apply complete! Resources: 1 added, 1 changed, 0 destroyed.
`, []string{
			`value/aws_db_instance.reporting/allocated_storage \[current/empirical\] = 200 \(was 100\)`,
			`value/aws_db_instance.reporting/instance_class \[current/empirical\] = db.t3.medium \(was db.t3.large\)`,
			`value/module.vpc.aws_subnet.private\["a"\]/cidr_block \[current/empirical\] = 10.0.8.0/24 \(was 10.0.1.0/24\)`,
		}, []string{`endpoint`, `bucket`, `/arn`, `value/aws_s3`}},
		{"a plan alone sets nothing", `
> user
Shrink the reporting database.
> assistant
> call shell {"command": "terraform plan -no-color"}
> result
  # aws_db_instance.reporting will be updated in-place
      ~ instance_class          = "db.t3.medium" -> "db.t3.large"
      ~ storage_encrypted       = false -> true # forces replacement
Plan: 0 to add, 1 to change, 0 to destroy.
`, nil, []string{`value/aws_db_instance`}},
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
		{"a bare revert is no decision", `
> user
Use the time crate, not chrono.
> user
try a 256K read chunk
> user
ok, actually go back to what it was, 412MB RSS would OOM the 512MB ARM boxes
`, []string{`decision/-/\S*time-crate\S* \[active`}, []string{`decision/-/\S*go-back`}},
		{"a bare revert is no decision, Chinese", `
> user
学习率调成一半。
> user
学习率还是回到原来的吧
`, nil, []string{`decision/`}},
		{"going back to a named course is one", `
> user
Use memcached for the sessions.
> user
Actually, go back to Redis for the sessions.
`, []string{`decision/`}, nil},
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
