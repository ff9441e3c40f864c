package projection

import (
	"strings"
	"testing"
)

// A failure the agent gives up on as "this one", named by the message in
// another sentence, is superseded; the work it hands the user is the
// user's open task (giveupthis.go, usertaskgiven.go).
func TestGivenUpThisAndHandedToUser(t *testing.T) {
	const it = "mvn verify -Dit.test=OrderImportServiceIT"
	const itOut = "[ERROR] OrderImportServiceIT  Time elapsed: 0.8 s  <<< ERROR!\norg.testcontainers.containers.ContainerLaunchException: Permission denied: /var/run/docker.sock"
	cases := []struct {
		name, say  string
		superseded bool
		userTask   string // a pattern of the user's open task, "" for none
	}{
		{"repro zh", "OrderImportServiceIT 在这个环境跑不起来：当前用户不在 docker 组，我没有权限改。我放弃这个，不再折腾，这个用例需要你本地跑一下。", true, `obligation .*这个用例需要你本地跑一下`},
		{"en", "OrderImportServiceIT can't run here: this user is not in the docker group and I can't change that. I give up on this one; you'll need to run it locally.", true, `obligation .*you'll need to run it locally`},
		{"en, we", "The OrderImportServiceIT run needs docker, which this sandbox lacks. We're giving up on it.", true, ""},
		{"es hand-over only", "OrderImportServiceIT necesita docker. Tendrás que correrlo en tu máquina.", false, `obligation .*Tendrás que correrlo`},
		// near misses: negated, asked, no name of the run, a conditional
		// or negated hand-over
		{"negated en", "OrderImportServiceIT needs docker. I won't give up on this one yet; let me try podman.", false, ""},
		{"negated zh", "OrderImportServiceIT 需要 docker。我不放弃这个，换 podman 试试。", false, ""},
		{"asked", "OrderImportServiceIT needs docker. Should I give up on this one?", false, ""},
		{"names another thing", "The docs build is flaky. I give up on this one.", false, ""},
		{"conditional hand-over", "OrderImportServiceIT needs docker. If you need to run it locally, use ./mvnw.", false, ""},
		{"negated hand-over zh", "OrderImportServiceIT 需要 docker。不需要你本地跑一下，我换 podman。", false, ""},
		{"asked hand-over", "OrderImportServiceIT needs docker. Do you have to run it locally?", false, ""},
		{"how-to after a lead-in", "OrderImportServiceIT needs docker. In Maven, to run one IT you need to pass -Dit.test with its class name.", false, ""},
		{"list opener", "OrderImportServiceIT needs docker. You'll need to either:", false, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			script := strings.Join([]string{
				"> user", "fix the order import and the Flyway problem",
				"> assistant", scriptCall("shell", map[string]any{"command": it}),
				"> result error", itOut,
				"> assistant", c.say,
			}, "\n")
			out := reduceAll(t, script)
			open := `failure command/-/mvn verify -Dit.test=OrderImportServiceIT \[(?:open|investigating)/`
			var want, not []string
			if c.superseded {
				not = append(not, open)
			} else {
				want = append(want, open)
			}
			if c.userTask != "" {
				want = append(want, c.userTask)
			} else {
				not = append(not, `obligation `)
			}
			expect(t, out, want, not)
		})
	}
}
