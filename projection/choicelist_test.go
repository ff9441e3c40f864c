package projection

import (
	"fmt"
	"strings"
	"testing"
)

// Options listed after a word announcing them, or marked "a) … b) …",
// in the user's own message are chosen by a verb of choosing and the
// option's name or letter; a clause ruling an option out chooses none.
func TestChoiceAmongListedOptions(t *testing.T) {
	for _, tc := range []struct {
		msgs []string
		want string // a decision holding this, "" for none
	}{
		{[]string{"for the log shipper we've got three options, fluentd, vector or promtail. fluentd is heavy, promtail only does loki. go with vector"}, "vector"},
		{[]string{"for the staging db we've got three options, 14, 15 or 16. 14 is end of life soon. go with 16"}, "staging db: 16"},
		{[]string{"we can either a) shard by tenant, b) shard by region or c) not shard at all. let's do c, the data is small"}, "not shard at all"},
		{[]string{"Bom dia! Hoje a gente mexe no cache do checkout, o código está em app/cache/ e não tem testes.", "pro cache temos três opções: memcached, redis ou nada. o time já conhece redis, então vamos de redis"}, "redis"},
		{[]string{"the options are fluentd, vector or promtail. fluentd is heavy, let me think about the rest."}, ""},
	} {
		wantDecision(t, fmt.Sprintf("%q", tc.msgs), userSays(tc.msgs...), tc.want)
	}
}

// wantDecision checks that r holds one decision whose value holds want,
// or none when want is "".
func wantDecision(t *testing.T, what string, r *Reducer, want string) {
	t.Helper()
	var ds []string
	for _, a := range r.Heads() {
		if a.Kind == KindDecision {
			ds = append(ds, a.Value)
		}
	}
	switch {
	case want == "" && len(ds) > 0:
		t.Errorf("%s: decisions %q, want none", what, ds)
	case want != "" && (len(ds) != 1 || !strings.Contains(ds[0], want)):
		t.Errorf("%s: decisions %q, want one holding %q", what, ds, want)
	}
}

// Options the agent labels "A) … B) …" (capital letters, or the Arabic
// list's (أ) (ب)) are chosen by a user clause that opens with the label
// and its comma, the rest of the sentence being the reason, or with the
// label alone as the first clause of a longer sentence, or with the
// option's own first words after it; a message listing
// two sets of the same labels offers nothing a bare label could choose.
func TestChoiceByLabelAndComma(t *testing.T) {
	for _, tc := range []struct {
		offer, reply string
		want         string // a decision holding this, "" for none
	}{
		{"For 100k sockets: A) one c6i.8xlarge with 16 workers; B) three c6i.2xlarge behind the nginx upstream.",
			"good morning. B, if one box dies the whole match is gone.", "three c6i.2xlarge"},
		{"Voor de ritlijsten zie ik drie opties: A) een CSV per busje, B) een PDF per chauffeur, C) rechtstreeks naar Webfleet.",
			"A, CSV per busje; de chauffeurs printen het toch, en PDF's opmaken is gedoe.", "een CSV per busje"},
		{"للتخزين خياران: (أ) قرص محلي، (ب) حاوية S3.",
			"(ب)، أرخص وأسهل.", "حاوية S3"},
		{"Encoder: (a) h264_nvenc on the GPU, (b) libx264 on CPU. Segments: (a) MPEG-TS, (b) fMP4.",
			"(a), the GPU is paid for anyway.", ""},
		{"For 100k sockets: A) one c6i.8xlarge with 16 workers; B) three c6i.2xlarge behind the nginx upstream.",
			"A and B both look expensive to me.", ""},
		// Chinese: the choosing clause before its comma (the reason's 没
		// is no negation of the choice), the label with the option's
		// own first words, fullwidth punctuation before the labels.
		{"触发方式有两个选项：A) 在 mount 点上跑一个 inotify watcher daemon；B) Airflow DAG 定时 polling NAS。",
			"触发用 B，Airflow 我们本来就有在跑，不想多养一个 daemon。", "Airflow DAG 定时 polling NAS"},
		{"库：A) 自己写，Spring 裸 WebSocketHandler + 自己解析 OCPP-J 帧；B) 用 ChargeTimeEU 的 Java-OCA-OCPP 库。",
			"库用 A 自己写，那个库好久没人维护了。", "自己写"},
		// The label and a particle ("A 吧"), with what is put off after
		// the comma.
		{"分词方案有三个：\nA) 索引用 ik_max_word，查询用 ik_smart\nB) ngram 分词（2-3 gram），索引会大很多\nC) IK + 拼音插件，mapping 复杂",
			"A 吧，拼音以后再说。今天食堂的麻辣烫不错哈哈", "索引用 ik_max_word"},
		{"分词方案有三个：\nA) 索引用 ik_max_word，查询用 ik_smart\nB) ngram 分词（2-3 gram），索引会大很多",
			"B 的话索引太大了。", ""},
	} {
		r := New(Options{SessionID: "s"})
		r.Apply(Event{Seq: 0, Role: RoleUser, Text: "Let's size the websocket tier for the match."})
		r.Apply(Event{Seq: 1, Role: RoleAssistant, Text: tc.offer})
		r.Apply(Event{Seq: 2, Role: RoleUser, Text: tc.reply})
		wantDecision(t, fmt.Sprintf("%q", tc.reply), r, tc.want)
	}
}

// A later choice among the same options replaces the earlier one: the
// user who answered "A, websocket only." and then, the options offered
// again, says "go with B after all" holds one decision, B, and the
// clause restating option A is not left behind as a rule of its own.
func TestLabelChoiceReplacesEarlierChoice(t *testing.T) {
	offer := "Transport: A) websocket only; B) websocket with a long-polling fallback for the corporate proxies."
	r := New(Options{SessionID: "s"})
	r.Apply(Event{Seq: 0, Role: RoleUser, Text: "We need live updates on the dashboard."})
	r.Apply(Event{Seq: 1, Role: RoleAssistant, Text: offer})
	r.Apply(Event{Seq: 2, Role: RoleUser, Text: "A, websocket only."})
	wantDecision(t, "first choice", r, "websocket only")
	r.Apply(Event{Seq: 3, Role: RoleAssistant, Text: "Two customers report the dashboard frozen behind their proxy. " + offer})
	r.Apply(Event{Seq: 4, Role: RoleUser, Text: "Go with B after all, keep the polling fallback for those customers."})
	wantDecision(t, "second choice", r, "long-polling fallback")
	for _, a := range r.Heads() {
		if a.Kind == KindConstraint && strings.Contains(a.Value, "websocket only") {
			t.Errorf("the choosing clause became constraint %q", a.Value)
		}
	}
}

// A Chinese choice of a 方案 is a decision ("路由用 Redis 方案"); going back
// ("那路由还是改回 Redis 方案吧，粘性的不要了") replaces the choice it went
// back from, and the agent's decision carrying that one out goes with it.
func TestChoiceOfSchemeGoesBack(t *testing.T) {
	r := New(Options{SessionID: "s"})
	r.Apply(Event{Seq: 0, Role: RoleUser, Text: "新需求：充电桩接入迁到 OCPP 1.6J。"})
	r.Apply(Event{Seq: 1, Role: RoleAssistant, Text: "会话路由：方案一 Redis 存 chargePointId→节点；方案二 nginx ip_hash 粘性会话。"})
	r.Apply(Event{Seq: 2, Role: RoleUser, Text: "路由用 Redis 方案。"})
	wantDecision(t, "first choice", r, "Redis")
	r.Apply(Event{Seq: 3, Role: RoleUser, Text: "路由那个 运维说 Redis 集群要下周才有，先改成 nginx ip_hash 粘性那个方案吧，连接信息存内存"})
	r.Apply(Event{Seq: 4, Role: RoleAssistant, Text: "改成方案二：SessionRegistry 换成进程内 ConcurrentHashMap 实现，nginx 上游加 ip_hash。"})
	r.Apply(Event{Seq: 5, Role: RoleUser, Text: "刚才运维又说有个 Redis sentinel 现在就能用，那路由还是改回 Redis 方案吧，粘性的不要了。"})
	wantDecision(t, "back to Redis", r, "改回 Redis")
}

// A preference the user says is no rule is kept as a preference (a
// decision), never as a rule; one said without that is read as before.
func TestPreferenceIsNoRule(t *testing.T) {
	for _, c := range []struct {
		says string
		pref bool
	}{
		{"On the style side, I'd rather the conversion pipeline be Python than a pile of shell scripts, but that's my preference and not a rule.", true},
		{"数据清洗我倾向于用 polars，不是硬性规定，pandas 也行。", true},
		{"另外我个人比较喜欢 early return 的写法，少点嵌套，不强制哈", true},
		{"I like it when functions return early, not enforced though.", true},
		{"Prefiero funciones cortas, pero no es obligatorio.", true},
		{"Ich mag lieber kleine Commits, ist aber kein Muss.", true},
		{"Je préfère des noms courts, mais ce n'est pas obligatoire.", true},
		{"Preferisco funzioni corte, ma non è obbligatorio.", true},
		{"Prefiro funções curtas, mas não é obrigatório.", true},
		{"and fwiw i'd rather you run single test classes while iterating and the whole suite only before pushing. not a big deal though", true},
		{"ah, prefiro que vc me mostre o dry-run antes de mandar coisa grande pro cluster, mas se for coisa pequena pode mandar direto, tranquilo", true},
		{"I'd rather you didn't touch the billing module at all.", false},
		{"我比较喜欢 early return 的写法。", false},
	} {
		r := userSays("We're putting the ship plans online.", c.says)
		pref := false
		for _, a := range r.Heads() {
			if a.Kind == KindDecision && strings.HasPrefix(a.Key, "decision/preference/") {
				pref = true
			}
			if a.Kind == KindConstraint && c.pref {
				t.Errorf("%q: rule %q", c.says, a.Value)
			}
		}
		if pref != c.pref {
			t.Errorf("%q: preference %v, want %v", c.says, pref, c.pref)
		}
	}
}

// A decision told as made, by the user or relayed from whoever made it,
// is a decision; a value fixed, a lift, a condition or a question told
// with the same words is none.
func TestMadeDecision(t *testing.T) {
	for _, c := range []struct {
		says     string
		decision bool
	}{
		{"Venkat sir (architect) has finalised that local storage goes to Room. Not raw SQLiteOpenHelper, not Realm.", true},
		{"the architect decided we use Room for local storage, not Realm.", true},
		{"we've settled on Room for local storage.", true},
		{"decision: Room for local storage.", true},
		{"local storage will be Room, final call from the architect.", true},
		{"架构师拍板了，本地存储用 Room。", true},
		{"Cow base rate is finalised at Rs 40.50, union sent the circular.", false},
		{"Data team signed off on the new rating curve, so the ELO formula is fair game now.", false},
		{"if the architect decided we use Room, tell me before you migrate.", false},
		{"has the architect finalised the storage choice?", false},
		{"Then reply with the subagent's final answer verbatim.", false},
	} {
		r := userSays("Today we move the collection app to the new storage.", c.says)
		got := false
		for _, a := range r.Heads() {
			got = got || a.Kind == KindDecision && a.Authority == Normative
		}
		if got != c.decision {
			t.Errorf("%q: decision %v, want %v", c.says, got, c.decision)
		}
	}
}

// A bare label chosen "for now" (in several languages) chooses it; an
// option's label as an English article does not.
func TestLabelChosenForNow(t *testing.T) {
	opts := "For the trigger I see three options:\nA) band energy: mean square over each half-buffer. Cheapest (~3 % CPU).\nB) Goertzel on a few bins: more selective, ~8 % CPU.\nC) 1024-point FFT + spectral flux: most robust, ~20 % CPU."
	for _, c := range []struct {
		says        string
		want, never []string
	}{
		{"A for now, simplest, we can revisit if rain clicks turn out to be a problem.", []string{`decision .*= band energy: .*\(A for now`}, []string{`Goertzel`, `FFT`}},
		{"B for now", []string{`decision .*= Goertzel on a few bins`}, []string{`band energy`}},
		{"C por ahora, es lo más robusto.", []string{`decision .*= 1024-point FFT`}, nil},
		{"A for the moment.", []string{`decision .*= band energy`}, nil},
		{"A friend of mine says B is overkill.", nil, []string{`decision `}},
	} {
		expect(t, reduceAll(t, "> user\nwe work on the logger today.\n> assistant\n"+opts+"\n> user\n"+c.says), c.want, c.never)
	}
}

// An option too long to be one is cut to its head before its
// explanation, so the list it stands in is still offered; a retraction
// naming something else ("drop the dark mode thing") takes back no
// choice.
func TestLongOptionsAreOffered(t *testing.T) {
	opts := "Three ways out:\nA) add the keep rules ourselves to `app/proguard-rules.pro` (`-keep,allowobfuscation,allowshrinking interface retrofit2.Call`, same for `class retrofit2.Response` and `class kotlin.coroutines.Continuation`): small, no dependency change;\nB) bump Retrofit to 2.11.0, which ships those rules in its consumer ProGuard file: clean, but it's a version bump during the freeze;\nC) turn full mode off with `android.enableR8.fullMode=false`: fixes it, but changes shrinking for the whole app right before a release.\nWhich one?"
	out := reduceAll(t, "> user\nwe work on the app today.\n> assistant\n"+opts+"\n> user\nA. freeze, so not B, and C changes too much at once\n> assistant\nOK.\n> user\ndrop the dark mode thing, design isn't final after all")
	expect(t, out, []string{"decision .*\\[active/normative\\] = add the keep rules ourselves to `app/proguard-rules.pro` \\(A\\.\\)"}, []string{`\(was add the keep rules`})
}
