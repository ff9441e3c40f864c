package projection

import "testing"

// In Korean plain speech only "may use" lifts a ban ("지금은 print 써도
// 돼"); "may do it there" says where something goes and lifts no rule,
// also one that shares a word with it (trial 6's session C: "test 관련
// 설정은 settings/test.py에 해도 돼" had lifted "테스트는 pytest로만").
func TestKoreanPlainPermissionLiftsOnlyUse(t *testing.T) {
	expect(t, reduceAll(t, `
> user
규칙: 테스트는 pytest로만.
> assistant
네.
> user
test 관련 설정은 settings/test.py에 해도 돼.
`), []string{`constraint/-/테스트는-pytest로만 \[active`}, []string{`\[lifted`})
	expect(t, reduceAll(t, `
> user
규칙: print 디버깅 금지, logging 써
> assistant
네.
> user
지금은 print 써도 돼
`), []string{`\[lifted`}, nil)
}
