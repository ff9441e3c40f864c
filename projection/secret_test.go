package projection

import "testing"

// A value named a key, token, secret or password whose text looks like
// one is held masked with its length, and the same text is masked when it
// comes again (in the agent's command writing it to .env); a setting
// named so whose value is a number or a word ("token budget", "password
// length"), and a long identifier named otherwise, are shown.
func TestSecretsMasked(t *testing.T) {
	out := reduceAll(t, `> user
接入微信支付。
> assistant
Ok.
> user
微信支付 APIv3 key: 7fQm2LrX9vTz4KpW8nYc3HsJ6dBg1EaR，千万别提交。
> assistant
写进 .env。
> call bash {"command": "printf 'WECHAT_PAY_APIV3_KEY=%s\\n' '7fQm2LrX9vTz4KpW8nYc3HsJ6dBg1EaR' >> .env && git check-ignore -v .env"}
> result
.gitignore:3:.env	.env
> assistant
Ok.`)
	expect(t, out, []string{`APIv3 key: •••• \(secret, 32 characters`, `'•••• \(secret, 32 characters, not repeated here\)' >> .env`}, []string{`7fQm2LrX`, `7fqm2lrx`})
	out = reduceAll(t, "> user\nStart.\n> assistant\nOk.\n> user\nthe db password: hunter2!x, don't log it\n> assistant\nOk.")
	expect(t, out, nil, []string{`hunter2`})
	if got := secretsIn("in the meeting: do the audit logs (logins, password changes, the admin actions) go to the SIEM?"); len(got) != 0 {
		t.Errorf("a password named in passing gave secrets %q", got)
	}
	for _, c := range []struct {
		name, v string
		mask    bool
	}{
		{"db password", "hunter2!x", true},
		{"STRIPE_SECRET_KEY", "sk_live_51HxYzAbCdEfGhIjKlMnOp", true},
		{"token budget", "8000", false},
		{"min password length", "12", false},
		{"commit", "4696d9bfe3a1c2d4e5f60718293a4b5c6d7e8f90", false},
		{"api key", "same as staging", false},
	} {
		if _, _, ok := maskSecret(c.name, c.v, ""); ok != c.mask {
			t.Errorf("maskSecret(%q, %q) masked %v, want %v", c.name, c.v, ok, c.mask)
		}
	}
}
