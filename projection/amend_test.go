package projection

import (
	"regexp"
	"testing"
)

func TestValueAmendment(t *testing.T) {
	cases := []struct {
		s, k, v, was string
	}{
		{"The default attempts should be 5, not 3.", "default attempts", "5", "3"},
		{"Worker count is 12, not 10.", "Worker count", "12", "10"},
		{"Make the pool size 16 instead of 8.", "pool size", "16", "8"},
		{"retries: 4 (not 2)", "retries", "4", "2"},
		{"The cache TTL should be 10m rather than 5m.", "cache TTL", "10m", "5m"},
		{"重试次数应该是 5 而不是 3。", "重试次数", "5", "3"},
		{"端口不是 8080，而是 9090。", "端口", "9090", "8080"},
		// Not amendments: no value stated against another.
		{"The default attempts should be 5.", "", "", ""},
		{"It is not a bug, not a feature.", "", "", ""},
		{"Do not use mocks, not even in tests.", "", "", ""},
	}
	for _, c := range cases {
		k, v, was, ok := valueAmendment(c.s)
		if ok != (c.k != "") || k != c.k || v != c.v || was != c.was {
			t.Errorf("valueAmendment(%q) = %q, %q, %q, %v; want %q, %q, %q", c.s, k, v, was, ok, c.k, c.v, c.was)
		}
	}
}

func TestRepins(t *testing.T) {
	cases := []struct {
		old, nu string
		want    bool
	}{
		{"Use Go 1.21 only.", "The constraint is now Go 1.22", true},
		{"Target Python 3.11.", "Switch to python 3.12 for everything.", true},
		{"Build with Node 18.", "Use Node 20 from now on.", true},
		{"只能用 Go 1.21。", "改用 Go 1.22。", true},
		// Same version, another thing, or the other polarity: no restatement.
		{"Use Go 1.21 only.", "Keep Go 1.21 everywhere.", false},
		{"Use Go 1.21 only.", "Use Python 3.12 for the scripts.", false},
		{"Use Go 1.21 only.", "Never use Go 1.20 features.", false},
		{"Use Go 1.21 only.", "Test with Go 1.21 and Go 1.22.", false},
		{"Use at most 3 retries.", "Use at most 5 retries now.", false},
	}
	for _, c := range cases {
		if got := repins(c.old, c.nu); got != c.want {
			t.Errorf("repins(%q, %q) = %v, want %v (pins %v / %v)", c.old, c.nu, got, c.want, pins(c.old), pins(c.nu))
		}
	}
}

func TestExcepts(t *testing.T) {
	cases := []struct {
		rule, perm string
		want       bool
	}{
		{"Do not add any new dependencies.", "you MAY use golang.org/x/sync for the worker group", true},
		{"Never pull in third-party packages.", "You can add github.com/google/uuid.", true},
		{"No new npm packages.", "it's okay to add @types/node", true},
		{"Don't touch any files in testdata/.", "you may edit testdata/big.json", true},
		{"不要引入新的依赖。", "可以用 golang.org/x/sync。", true},
		// A permission of another class, or no prohibition: no exception.
		{"Do not add any new dependencies.", "you may edit config/app.yaml", false},
		{"Use Go 1.21 only.", "you may use golang.org/x/sync", false},
		{"Do not add any new dependencies.", "you may use the existing helpers", false},
	}
	for _, c := range cases {
		x := permission(c.perm)
		if got := x != "" && excepts(c.rule, c.perm, x); got != c.want {
			t.Errorf("rule %q, permission %q (object %q): excepts = %v, want %v", c.rule, c.perm, x, got, c.want)
		}
	}
}

// A permission told with what stays as it was is an exception to the
// rule the remainder names, said in one sentence or in the next.
func TestKeptElsewhereExcepts(t *testing.T) {
	for _, tc := range []struct{ rule, permit, want string }{
		{"Never drive faster than 0.8 m/s anywhere in the warehouse.", "On the highway lane robots may do 1.1 m/s; the 0.8 cap stays everywhere else.", `0.8 m/s anywhere in the warehouse — except: On the highway lane`},
		{"Never deploy on Fridays to production.", "Hotfixes can go out on Friday this week, but production deploys stay frozen for everything else on Fridays.", `Never deploy on Fridays to production — except: Hotfixes can go out`},
		{"SSH to the gateways only from the management VLAN.", "You can let the VPN subnet reach SSH on gw-02 now. gw-01 stays management VLAN only.", `management VLAN — except: You can let the VPN subnet`},
	} {
		out := reduceAll(t, "> user\nGoal: tune the fleet.\n> user\n"+tc.rule+"\n> user\n"+tc.permit+"\n")
		expect(t, out, []string{regexp.QuoteMeta(tc.want)}, nil)
	}
	// No permission beside it: the rule stays as it was.
	out := reduceAll(t, "> user\nGoal: tune the fleet.\n> user\nNever drive faster than 0.8 m/s anywhere in the warehouse.\n> user\nthe 0.8 cap stays everywhere, no matter what ops says.\n")
	expect(t, out, nil, []string{`except:`})
}

// A file the user permits by name inside a part of the code a rule keeps
// off-limits by name ("payment 模块里 refund.service.ts 你可以改") is an
// exception to that rule, said object-first in Chinese too.
func TestModuleFileException(t *testing.T) {
	for _, c := range [][2]string{
		{"payment 模块先别动，那块是老王写的", "payment 模块里 refund.service.ts 你可以改，退积分要加在那，其他文件还是别碰"},
		{"don't touch the payment module, that's Lao Wang's code", "you can change refund.service.ts in the payment module, but leave the other files alone"},
	} {
		expect(t, reduceAll(t, "> user\nToday: points.\n"+c[0]+"\n> assistant\nOK.\n> user\n"+c[1]),
			[]string{`\[active/normative\] = .*(?:payment 模块先别动|don't touch the payment module) — except: .*refund\.service\.ts`}, nil)
	}
}

// A permission of a file a rule names itself is about that rule, before
// any rule of its class: scoped ("but only the divider") it is the rule's
// exception, unscoped it lifts it. "the audio path" is no file class.
func TestPermissionOfTheFileARuleNames(t *testing.T) {
	rules := "mara (hw, she owns the board) says dont touch Core/Src/clock.c, the pll setup is tuned for adc jitter. also no malloc/calloc anywhere in the audio path, static buffers only."
	for _, c := range []struct {
		rules, permit string
		want, never   []string
	}{
		{rules, "she also said you can touch clock.c BUT only the sdmmc kernel clock divider (PLL2R), the rest of that file stays hers.",
			[]string{`constraint .*\[active/normative\] = mara \(hw, she owns the board\) says dont touch Core/Src/clock.c — except: she also said you can touch`},
			[]string{`malloc.* — except`, `clock.c.*\[lifted`}},
		{rules, "you can touch clock.c now.",
			[]string{`constraint .*\[lifted/normative\] = mara \(hw`, `constraint .*\[active/normative\] = also no malloc`}, []string{`except`}},
		{"never touch clock.c.", "ok you may touch clock.c",
			[]string{`\[lifted/normative\] = never touch clock.c`}, nil},
		{"no malloc anywhere in the audio path.", "you can touch clock.c now.",
			[]string{`\[active/normative\] = no malloc anywhere in the audio path.`}, []string{`except`}},
		{"dont touch any files under src/core.", "you can edit src/core/clock.c.",
			[]string{`\[active/normative\] = dont touch any files under src/core — except: you can edit src/core/clock.c`}, nil},
	} {
		expect(t, reduceAll(t, "> user\nwe work on the logger today.\n"+c.rules+"\n> assistant\nOK.\n> user\n"+c.permit), c.want, c.never)
	}
}

// A rule relayed after an aside on who says it is a rule; "never mind"
// is none.
func TestRuleRelayedAfterAnAside(t *testing.T) {
	for _, c := range []struct {
		says        string
		want, never []string
	}{
		{"mara, our hw lead, says dont touch Core/Src/clock.c.", []string{`constraint .*dont touch Core/Src/clock.c`}, nil},
		{"mara (hw, she owns the board) says dont touch Core/Src/clock.c.", []string{`constraint .*dont touch Core/Src/clock.c`}, nil},
		{"Tom, who owns the API, insists: never bump the major version without a changelog.", []string{`constraint .*never bump the major version`}, nil},
		{"mara, our hw lead, says only 3 people came yesterday.", nil, []string{`constraint `}},
		{"never mind the LEDs.", nil, []string{`constraint `}},
		{"mara said never mind the LEDs.", nil, []string{`constraint `}},
	} {
		expect(t, reduceAll(t, "> user\nwe work on the logger today.\n> assistant\nOK.\n> user\n"+c.says), c.want, c.never)
	}
}
