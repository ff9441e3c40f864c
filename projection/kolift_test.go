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

// A permission for the thing a rule forbids is an exception when it is
// scoped ("for …", "only …"), read in the gloss when the user writes
// another language, and lifts the rule when it is not (trial 6's m02:
// the French scoped permission had lifted the Cargo.lock rule).
func TestScopedPermissionInAnotherLanguage(t *testing.T) {
	rule := `
> user
règles: tu touches pas à Cargo.lock sans me demander.
> assistant
ok
> user
`
	expect(t, reduceAll(t, rule+"et tu peux toucher Cargo.lock pour mettre criterion en 0.5.1, seulement ça.\n"),
		[]string{`touches-cargo.lock-sans-demander \[active`}, []string{`\[lifted`})
	expect(t, reduceAll(t, rule+"ok, tu peux toucher Cargo.lock maintenant.\n"),
		[]string{`touches-cargo.lock-sans-demander \[lifted`}, nil)
}
