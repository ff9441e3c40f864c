package projection

import "testing"

// A task put off by a pro-form ("let's pick this up tomorrow", "明天再弄
// 这个") is an open obligation shown with the failure it points at; one
// the speaker keeps ("I'll look at it tomorrow") is none.
func TestDeferredProForm(t *testing.T) {
	failing := `
> user
Fix the refund notify today.
> assistant
Running the notify test.
> call bash {"command": "node scripts/sandbox-refund-notify.js --order T1"}
> result error
WechatPayVerifyError: signature verification failed, serial 5157F09E not found
> assistant
The platform certificate expired on 30 Nov; I can't download a new one. Can you?
> user
`
	for _, c := range []struct {
		says        string
		want, never []string
	}{
		{"only Lao Wang has access, he's back tomorrow. let's pick this up tomorrow",
			[]string{`\[open/normative\] = let's pick this up tomorrow \(re: failed: WechatPayVerifyError`}, nil},
		{"证书要找老王，只有他有商户平台权限，他明天才回来，明天再弄这个",
			[]string{`\[open/normative\] = 证书要找老王.*明天再弄这个 \(re: failed: WechatPayVerifyError`}, nil},
		{"tomorrow, fix it", []string{`\[open/normative\] = tomorrow, fix it \(re: failed: WechatPayVerifyError`}, nil},
		{"I'll look at it tomorrow.", nil, []string{`obligation`}},
	} {
		expect(t, reduceAll(t, failing+c.says), c.want, c.never)
	}
}
