package projection

import (
	"strings"
	"testing"
)

// anchorsAfter is every anchor after the user messages msgs, one line
// each: "<kind> <lifecycle> <value>".
func anchorsAfter(msgs ...string) []string {
	var out []string
	for _, a := range userSays(msgs...).Anchors() {
		out = append(out, string(a.Kind)+" "+a.Lifecycle+" "+a.Value)
	}
	return out
}

// hasAnchor reports whether a line of anchorsAfter opens with prefix and
// holds sub.
func hasAnchor(lines []string, prefix, sub string) bool {
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) && strings.Contains(l, sub) {
			return true
		}
	}
	return false
}

// TestKoreanRules: a Korean rule is read by its verb's ending, whatever
// the verb ("-지 마세요", "-지 말아 주세요", "-지 말 것", "-면 안 돼요",
// "-야 합니다", a nominalized "-ㄹ 것"), and quoted in the user's words;
// a thing that does not work ("빌드가 안 돼요"), an absolute path and a
// guess ("… 것 같아요") are no rules.
func TestKoreanRules(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"이번 주에는 결제 서비스 로그를 정리할 거예요. 운영 DB에는 절대 직접 쿼리하지 마세요.", "운영 DB에는 절대 직접 쿼리하지 마세요"},
		{"배포 스크립트는 건드리지 말아 주세요.", "배포 스크립트는 건드리지 말아 주세요"},
		{"그리고 커밋 메시지는 영어로 써야 합니다.", "커밋 메시지는 영어로 써야 합니다"},
		{"main 브랜치에 바로 푸시하면 안 돼요.", "main 브랜치에 바로 푸시하면 안 돼요"},
		{"공유 폴더의 원본 이미지는 삭제하지 말 것.", "원본 이미지는 삭제하지 말 것"},
		{"배포 전에는 항상 스테이징에서 먼저 확인해 주세요.", "항상 스테이징에서 먼저 확인해 주세요"},
		{"앞으로는 마이그레이션 파일을 직접 수정하지 않도록 해 주세요.", "마이그레이션 파일을 직접 수정하지 않도록"},
		{"평가 지표는 정확도 말고 F1으로 봐 주세요.", "정확도 말고 F1"},
		{"스키마 변경 전에 백업을 떠 둘 것.", "백업을 떠 둘 것"},
		{"이 문제가 해결될 때까지 main에 푸시하지 마세요.", "main에 푸시하지 마세요"},
	} {
		if got := rulesAfter(c.text); !has(got, "active", c.want) {
			t.Errorf("%q: %q", c.text, got)
		}
	}
	for _, s := range []string{"빌드가 안 돼요. 로그 좀 봐 주세요.", "야간 배치가 항상 새벽 3시에 실패해요.", "저는 내일 오전에 발표해야 해요.", "이 방법은 금지된 건 아니에요.", "경로는 절대 경로로 적어 주세요.", "이 함수는 곧 없어질 것 같아요.", "점심 먹고 올게요 ㅎㅎ", "objective를 huber로 바꿔볼까요?"} {
		if got := rulesAfter(s); len(got) != 0 {
			t.Errorf("%q: no rule, got %q", s, got)
		}
	}
}

// TestKoreanSettings: a setting told with its value before its verb
// ("X를 V로 바꿔 주세요"), its particles glued on, is the setting's
// value; a relative change of it ("절반으로", "두 배로", "N초 더 늘려",
// "N% 줄여") is computed, a revert ("원래대로") takes it back, and a
// number corrected by another ("3번 말고 5번") is the second; a
// question about a change sets nothing.
func TestKoreanSettings(t *testing.T) {
	checkValues(t, "", []valueCase{
		{[]string{"타임아웃은 30초로 바꿔 주세요.", "타임아웃을 절반으로 줄여 주세요."}, "15 s"},
		{[]string{"캐시 TTL을 60초로 해 주세요.", "TTL을 20초 더 늘려 주세요."}, "80 s"},
		{[]string{"batch_size를 64로 바꿔 주세요.", "batch_size를 25% 줄여 주세요."}, "48"},
		{[]string{"worker 수를 8로 설정해 주세요.", "worker 수를 두 배로 늘려 주세요."}, "16"},
		{[]string{"worker 수를 8로 설정해 주세요.", "worker 수를 두 배로 늘려 주세요.", "아 별로네요. 원래대로 돌려 주세요."}, "8"},
		{[]string{"재시도 횟수는 3번 말고 5번이면 돼요."}, "5"},
	})
	if got := valuesAfter("objective를 huber로 바꿔볼까요?"); len(got) != 0 {
		t.Errorf("a question set %q", got)
	}
	// A change undone with no value known leaves no unresolved change
	// shown as current, in any language.
	for _, msgs := range [][]string{
		{"min_leaf를 두 배로 올려 보세요.", "오히려 나빠졌네요. 원래대로 돌려 주세요."},
		{"double the min_leaf", "worse. put it back"},
	} {
		r := New(Options{SessionID: "s"})
		r.Apply(Event{Seq: 0, Role: RoleAssistant, Text: "ok", Calls: []Call{{ID: "c1", Name: "bash", Args: map[string]any{"cmd": "python train.py"}}}})
		r.Apply(Event{Seq: 1, Role: RoleTool, Result: &Result{CallID: "c1"}, Text: "done"})
		for i, m := range msgs {
			r.Apply(Event{Seq: 2 + i, Role: RoleUser, Text: m})
		}
		for _, a := range r.Heads() {
			if a.Kind == KindValue {
				t.Errorf("%q: %s = %q still current", msgs, a.Key, a.Value)
			}
		}
	}
}

// TestKoreanDecisionsTasksQuestions: a choice said before its verb
// ("Redis로 가죠", "REST를 쓰기로 했어요") is a decision; a task with
// its moment ("PR 올리기 전에", "금요일까지") or "잊지 말고" is an
// obligation; not knowing yet ("아직 모르겠어요", "아직 답을 안
// 주셨어요") is an open question; an attempt with its verdict is
// negative knowledge; a permission said with "이제" lifts the rule it
// names, and a thing said to be excepted from the rule named before it
// restates the rule with the exception.
func TestKoreanDecisionsTasksQuestions(t *testing.T) {
	got := anchorsAfter("후보는 Redis, Memcached, 인메모리 캐시인데요, Memcached는 운영팀이 싫어하고 인메모리는 인스턴스 간 공유가 안 돼요. 그러니까 Redis로 가죠.")
	if !hasAnchor(got, "decision active", "Redis로 가죠") {
		t.Errorf("choice: %q", got)
	}
	if got := anchorsAfter("결국 gRPC 대신 REST를 쓰기로 했어요."); !hasAnchor(got, "decision active", "REST를 쓰기로 했어요") {
		t.Errorf("decided: %q", got)
	}
	if got := anchorsAfter("안녕하세요, 오늘은 큐를 바꿀 거예요.", "후보가 RabbitMQ랑 NATS인데 그냥 NATS 쓰죠."); !hasAnchor(got, "decision active", "NATS 쓰죠") {
		t.Errorf("let's use: %q", got)
	}
	if got := anchorsAfter("안녕하세요, 오늘은 큐를 바꿀 거예요.", "NATS를 쓰자고 했던 건 팀장님이 싫어하셨어요."); hasAnchor(got, "decision", "") {
		t.Errorf("a proposal told is no choice: %q", got)
	}
	for _, c := range []struct{ text, want string }{
		{"PR 올리기 전에 CHANGELOG 업데이트해 주세요.", "CHANGELOG 업데이트해 주세요"},
		{"금요일까지 마이그레이션 스크립트 리뷰해 주세요.", "마이그레이션 스크립트 리뷰해 주세요"},
		{"잊지 말고 README에 설정 방법 적어 주세요.", "README에 설정 방법"},
		{"아 참, 대시보드 캡처는 내일까지 슬랙에 올려 주세요.", "슬랙에 올려 주세요"},
	} {
		if got := obligationsAfter(c.text); len(got) != 1 || !strings.Contains(got[0], c.want) {
			t.Errorf("task %q: %q", c.text, got)
		}
	}
	// what the user needs, with a deadline in the short sentence after
	// it, is a task; a need with no deadline is none
	if got := obligationsAfter("안녕하세요, 오늘은 검색 API 튜닝을 할 거예요.", "다음 주 발표용 성능 비교 표가 필요해요. 수요일까지 보내 주세요."); !has(prefixed(got), "task", "성능 비교 표가 필요해요") {
		t.Errorf("need with a deadline: %q", got)
	}
	if got := obligationsAfter("안녕하세요, 오늘은 검색 API 튜닝을 할 거예요.", "에러 로그가 좀 더 필요해요."); len(got) != 0 {
		t.Errorf("need: %q", got)
	}
	for _, s := range []string{"스테이징 DB를 써도 되는지는 아직 모르겠어요.", "로그 보관 기간을 90일로 할지는 보안팀이 아직 답을 안 주셨어요.", "TTL을 길게 가져가도 되는지 확실하지 않아요."} {
		if got := questionsAfter(s); !has(got, "open", strings.Fields(s)[0]) {
			t.Errorf("question %q: %q", s, got)
		}
	}
	got = anchorsAfter("작년에 Kafka로 바꿔봤는데 효과가 없었어요. 그건 다시 하지 마세요.")
	if !hasAnchor(got, "negative-knowledge active", "Kafka로 바꿔봤는데 효과가 없었어요") {
		t.Errorf("attempt: %q", got)
	}
	got = rulesAfter("infra/ 디렉터리는 수정하지 마세요.", "infra/ 디렉터리는 이제 수정해도 돼요.")
	if !has(got, "lifted", "infra/ 디렉터리는 수정하지 마세요") {
		t.Errorf("lift: %q", got)
	}
	got = rulesAfter("외부 라이브러리는 쓰지 마세요.", "외부 라이브러리 금지라고 했는데 팀장님이 날짜 처리 라이브러리는 예외로 허용하셨어요.")
	if !has(got, "active", "외부 라이브러리는 쓰지 마세요 — except:") {
		t.Errorf("exception: %q", got)
	}
}

// TestDetectKorean: Hangul names Korean; the gloss maps back to the
// user's words.
func TestDetectKorean(t *testing.T) {
	text := "운영 DB에는 절대 직접 쿼리하지 마세요. timeout을 30초로 바꿔 주세요."
	if l := detectLang(text, langNone); l != langKO {
		t.Fatalf("detectLang = %s", langCodes[l])
	}
	g := glossOf(text, langKO)
	if g == nil || !strings.Contains(g.text, "不要") || !strings.Contains(g.text, "改成 30 s") {
		t.Fatalf("gloss = %v", g)
	}
	if back, ok := g.back(g.text); !ok || back != text {
		t.Errorf("back = %q, %v", back, ok)
	}
}

// prefixed marks each line "task " for has.
func prefixed(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = "task " + l
	}
	return out
}

// valueCase is messages and the one value they must leave, first.
type valueCase struct {
	msgs []string
	want string
}

// checkValues checks each case after an intro message (none when "").
func checkValues(t *testing.T, intro string, cases []valueCase) {
	t.Helper()
	for _, c := range cases {
		msgs := c.msgs
		if intro != "" {
			msgs = append([]string{intro}, msgs...)
		}
		got := valuesAfter(msgs...)
		if len(got) != 1 || !strings.HasPrefix(got[0], c.want+" ") {
			t.Errorf("%q: %q, want %s", c.msgs, got, c.want)
		}
	}
}
