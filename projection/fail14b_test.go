package projection

import (
	"strings"
	"testing"
)

// fail14bScript builds a script of one user message and calls, each a
// command with its result ("error " before the output marks the host's
// error flag).
func fail14bScript(user string, runs ...[2]string) string {
	var b strings.Builder
	b.WriteString("> user\n" + user + "\n")
	for _, r := range runs {
		b.WriteString("> assistant\nrunning\n> call run_in_terminal {\"command\": " + jsonQuote(r[0]) + "}\n")
		out := r[1]
		if rest, ok := strings.CutPrefix(out, "error "); ok {
			b.WriteString("> result error\n" + rest + "\n")
		} else {
			b.WriteString("> result\n" + out + "\n")
		}
	}
	return b.String()
}

func jsonQuote(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\t", `\t`)
	return `"` + r.Replace(s) + `"`
}

// A run's directory is part of the run: a plan of one Terraform stack
// passing fixes nothing of another stack's failure; the same stack's
// does; a run naming no directory is not told apart.
func TestRunDirectory(t *testing.T) {
	lock := "error │ Error: Error acquiring the state lock\n│\n│ Lock Info:\n│   ID: 7f3c\n\nCommand exited with code 1"
	ok := "Acquiring state lock. This may take a few moments...\nNo changes. Your infrastructure matches the configuration.\nReleasing state lock. This may take a few moments..."
	for _, c := range []struct {
		name, user, failed, passed string
		resolved                   bool
	}{
		{"another stack", "plan the network stack", "cd stacks/staging/network && terraform plan -out=tfplan -input=false", "cd stacks/staging/data && terraform plan -out=tfplan -input=false", false},
		{"another stack ko", "network 스택 plan 떠줘", "cd stacks/staging/network && terraform plan -out=tfplan -input=false", "cd stacks/staging/data && terraform plan -out=tfplan -input=false", false},
		{"same stack", "plan the network stack", "cd stacks/staging/network && terraform plan -out=tfplan -input=false", "cd stacks/staging/network/ && terraform plan -out=tfplan -input=false", true},
		{"same stack in two steps", "plan the network stack", "cd stacks/staging/network && terraform plan -out=tfplan -input=false", "cd stacks && cd staging/network && terraform plan -out=tfplan -input=false", true},
		{"no directory named", "plan the network stack", "cd stacks/staging/network && terraform plan -out=tfplan -input=false", "terraform plan -out=tfplan -input=false", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, fail14bScript(c.user, [2]string{c.failed, lock}, [2]string{c.passed, ok}))
			want, never := []string{`failure command/-/cd stacks/staging/network && terraform plan .*\[open/`}, []string{`\[resolved/`}
			if c.resolved {
				want, never = []string{`failure command/-/cd stacks/staging/network && terraform plan .*\[resolved/`}, []string{`\[open/`}
			}
			expect(t, out, want, never)
		})
	}
}

// A status echoed after a run ("; echo \"exit=$?\"") above 0 fails it
// when the host records none; 0 does not, nor grep's 1 (no match).
func TestEchoedStatus(t *testing.T) {
	for _, c := range []struct {
		user, cmd, out string
		failed         bool
	}{
		{"check the 72% target", `python scripts/check_metric.py run.log --min-top1 72; echo "exit=$?"`, "best top1 68.05 < 72.00\nexit=1", true},
		{"vérifie la cible de 72%", `python scripts/check_metric.py run.log --min-top1 72; echo "exit=$?"`, "best top1 68.05 < 72.00\nexit=1", true},
		{"run the smoke check", `./smoke.sh; echo "rc: $?"`, "checking api... down\nrc: 3", true},
		{"run the smoke check", `./smoke.sh; echo $?`, "checking api... down\n2", true},
		// near misses
		{"vérifie la cible de 72%", `python scripts/check_metric.py run.log --min-top1 72; echo "exit=$?"`, "best top1 72.64 >= 72.00\nexit=0", false},
		{"is it imported?", `grep -q torch requirements.txt; echo "exit=$?"`, "exit=1", false},
		{"run the smoke check", `./smoke.sh; echo "done"`, "checking api... ok\ndone", false},
		{"run the smoke check", `./smoke.sh; echo "exit=$?"`, "retries: 1\nexit=0", false},
	} {
		out := reduceAll(t, fail14bScript(c.user, [2]string{c.cmd, c.out}))
		if c.failed {
			expect(t, out, []string{`failure command/-/.*\[open/`}, nil)
		} else {
			expect(t, out, nil, []string{`failure `})
		}
	}
}

// A checker's count of failed checks above 0 fails its run, whatever the
// status says; a count of 0 passes it and resolves the failure.
func TestCheckerSummary(t *testing.T) {
	checkov := "terraform scan results:\n\nPassed checks: 21, Failed checks: 5, Skipped checks: 0\n\nCheck: CKV_AWS_16: \"Ensure all data stored in the RDS is securely encrypted at rest\"\n\tFAILED for resource: aws_db_instance.main"
	for _, c := range []struct {
		user, cmd, out string
		failed         bool
	}{
		{"run checkov", "checkov -d stacks/staging/data --framework terraform --compact --quiet", checkov, true},
		{"checkov 돌려봐", "checkov -d stacks/staging/data --framework terraform --compact --quiet", checkov, true},
		{"run tflint", "tflint --recursive", "Warning: terraform_unused_declarations\n\n1 issue(s) found:\n", true},
		{"run tfsec", "tfsec .", "Result #1 HIGH Bucket does not have encryption enabled\n\n  2 potential problems detected.", true},
		{"scan the config", "trivy config .", "main.tf (terraform)\n\nTests: 12 (SUCCESSES: 10, FAILURES: 2)\nFailures: 2 (UNKNOWN: 0, LOW: 0, MEDIUM: 1, HIGH: 1, CRITICAL: 0)", true},
		// near misses
		{"run checkov", "checkov -d stacks --framework terraform --compact --quiet", "Passed checks: 114, Failed checks: 0, Skipped checks: 2", false},
		{"run tflint", "tflint --recursive", "", false},
		{"show the report", "cat reports/checkov.txt", checkov, false},
		{"run tfsec", "tfsec .", "No problems detected!", false},
	} {
		out := reduceAll(t, fail14bScript(c.user, [2]string{c.cmd, c.out}))
		if c.failed {
			expect(t, out, []string{`failure command/-/.*\[open/`}, nil)
		} else {
			expect(t, out, nil, []string{`failure `})
		}
	}
	out := reduceAll(t, fail14bScript("run checkov", [2]string{"checkov -d stacks/staging/data --quiet", checkov}, [2]string{"checkov -d stacks/staging/data --quiet", "Passed checks: 28, Failed checks: 0, Skipped checks: 1"}))
	expect(t, out, []string{`failure command/-/checkov .*\[resolved/`}, nil)
}

// A status a program answers with by its flags is no failure:
// "terraform plan -detailed-exitcode" exits 2 for changes present,
// "kubectl diff" and "git diff --exit-code" 1 for a diff; the same
// status without the flag, or another status, fails.
func TestAnswerStatus(t *testing.T) {
	plan := "error Terraform will perform the following actions:\n\n  # aws_db_instance.main will be updated in-place\n  ~ resource \"aws_db_instance\" \"main\" {\n      ~ instance_class = \"db.t3.medium\" -> \"db.r6g.large\"\n    }\n\nPlan: 0 to add, 1 to change, 0 to destroy.\n\nCommand exited with code 2"
	for _, c := range []struct {
		user, cmd, out string
		failed         bool
	}{
		{"plan it", "cd stacks/staging/data && terraform plan -detailed-exitcode -out=tfplan -input=false", plan, false},
		{"plan 떠봐", "cd stacks/staging/data && terraform plan -detailed-exitcode -out=tfplan -input=false", plan, false},
		{"plan it", "tofu plan --detailed-exitcode", plan, false},
		{"diff it", "kubectl diff -f deploy.yaml", "error diff -u -N /tmp/LIVE/apps.v1.Deployment.api /tmp/MERGED/apps.v1.Deployment.api\n-  replicas: 2\n+  replicas: 3\nexit status 1", false},
		{"any changes?", "git diff --exit-code src/", "error diff --git a/src/a.go b/src/a.go\n-x\n+y\nCommand exited with code 1", false},
		// near misses
		{"plan it", "terraform plan -out=tfplan", plan, true},
		{"plan it", "terraform plan -detailed-exitcode", "error │ Error: Invalid reference\n\nCommand exited with code 1", true},
		{"diff it", "kubectl diff -f deploy.yaml", "error error: the server doesn't have a resource type \"deploy\"\nexit status 2", true},
	} {
		out := reduceAll(t, fail14bScript(c.user, [2]string{c.cmd, c.out}))
		if c.failed {
			expect(t, out, []string{`failure command/-/.*\[open/`}, nil)
		} else {
			expect(t, out, nil, []string{`failure `})
		}
	}
}

// A failure the user saw outside the session, told in French, Spanish,
// Korean or English, is an open failure; one set aside in the same or a
// later sentence, or a sentence that says nothing failed, is none.
func TestReportedOutside(t *testing.T) {
	for _, c := range []struct {
		text string
		want string // the key's slug, "" for none
	}{
		{"au fait, le job de nuit sur le cluster a planté : 'NCCL error: unhandled system error' dans slurm-88213.out, je l'ai vu ce matin. tu peux regarder ?", "nccl-error-unhandled-system-error"},
		{"el test_export_async es flaky, lo sabemos. Marta me pasó que anoche en prod el worker murió con SoftTimeLimitExceeded en exportar_pedidos", "softtimelimitexceeded"},
		{"근데 어젯밤 GitHub Actions에서 terraform fmt -check 실패했다는 알림이 왔었어. 그것도 봐줘.", "github-actions"},
		{"by the way, last night's job on the cluster crashed with 'NCCL error: unhandled system error'.", "nccl-error-unhandled-system-error"},
		// near misses
		{"si le job de nuit a planté, relance-le.", ""},
		{"le job de nuit sur le cluster a planté : 'NCCL error'. c'est un problème connu, ignore.", ""},
		{"si el worker murió con SoftTimeLimitExceeded, súbele el límite.", ""},
		{"GitHub Actions에서 실패하면 알려줘.", ""},
		{"the job ran on the cluster and printed 'no error found'.", ""},
	} {
		got := reportedFailures(c.text, nil, nil)
		switch {
		case c.want == "" && len(got) > 0:
			t.Errorf("%q: reported %s", c.text, got[0].Key)
		case c.want != "" && (len(got) == 0 || got[0].Key != reportedPrefix+c.want):
			t.Errorf("%q: got %v, want %s", c.text, got, c.want)
		}
	}
}
