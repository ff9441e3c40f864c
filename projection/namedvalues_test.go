package projection

import "testing"

// A setting named and valued with no verb: a code identifier anywhere in
// a clause's start, Chinese names in a sentence labelled as settings or
// naming two; a result told ("不错，回撤 11.3%") or an amount of an event
// ("已经跑了 40 分钟") is none. Two settings of one message stay two
// even where their head words translate alike.
func TestNamedValues(t *testing.T) {
	for _, c := range []struct {
		text string
		want map[string]string // key → value
	}{
		{"参数：心跳间隔 60s，不对，300s，桩多了扛不住。", map[string]string{"value/-/心跳间隔": "300s"}},
		{"MeterValueSampleInterval 60s。", map[string]string{"value/-/meter_value_sample_interval": "60s"}},
		{"超时 30s，重试 3 次。", map[string]string{"value/-/超时": "30s", "value/-/重试": "3 次"}},
		{"分片数 5个 不对 3个，副本 1。", map[string]string{"value/-/分片数": "3个", "value/-/副本": "1"}},
		{"热词缓存放 redis，redis 超时 800ms。", map[string]string{"value/-/redis_超时": "800ms"}},
		{"分片数 3个，bulk 每批 1000 条。", map[string]string{"value/-/分片数": "3个", "value/-/bulk_每批": "1000 条"}},
		{"参数：每天跑 3 次。", nil},
		{"不错，回撤 11.3%，在限额里面了。", nil},
		{"任务 1，步骤 2。", nil},
		{"参数：已经跑了 40 分钟。", nil},
		{"the VALIDATE step may use lock_timeout 10s, since it only takes a SHARE lock.", nil},
	} {
		got := map[string]string{}
		for _, p := range (Deterministic{}).Propose(&Event{Seq: 1, Role: RoleUser, Text: c.text}, &Context{}) {
			if p.Kind == KindValue {
				got[p.Key] = p.Value
			}
		}
		if len(got) != len(c.want) {
			t.Errorf("%q: values %v, want %v", c.text, got, c.want)
			continue
		}
		for k, v := range c.want {
			if got[k] != v {
				t.Errorf("%q: %s = %q, want %q", c.text, k, got[k], v)
			}
		}
	}
	r := New(Options{SessionID: "s"})
	r.Apply(Event{Seq: 0, Role: RoleUser, Text: "参数：心跳间隔 300s。MeterValueSampleInterval 60s。"})
	n := 0
	for _, a := range r.Heads() {
		if a.Kind == KindValue {
			n++
		}
	}
	if n != 2 {
		t.Errorf("one message's two interval settings: %d current values, want 2", n)
	}
}

// A bare number the user takes from the agent's suggestion is the
// suggested setting's value, not the setting named last.
func TestSuggestedValueTaken(t *testing.T) {
	for _, c := range []struct {
		suggest, take, wantKey string
	}{
		{"平均 8432 / 3 ≈ 2,811 台；留 1.5 倍余量 ≈ 4,216，取整建议 max-connections-per-node = 4500。", "行，就 4500。压测吧。", "value/-/max_connections_per_node"},
		{"With 8 cores and 3 workers each, I'd set pool_size to 24.", "sure, 24 then.", "value/-/pool_size"},
		{"With 8 cores and 3 workers each, I'd set pool_size to 24.", "make it 32 then.", "value/-/metervaluesampleinterval"},
	} {
		r := New(Options{SessionID: "s"})
		r.Apply(Event{Seq: 0, Role: RoleUser, Text: "MeterValueSampleInterval 60s。"})
		r.Apply(Event{Seq: 1, Role: RoleAssistant, Text: c.suggest})
		r.Apply(Event{Seq: 2, Role: RoleUser, Text: c.take})
		got := ""
		for _, a := range r.Heads() {
			if a.Kind == KindValue && a.Seq() == 2 {
				got = a.Key
			}
		}
		if got != c.wantKey && !(c.wantKey == "value/-/metervaluesampleinterval" && got == "value/-/meter_value_sample_interval") {
			t.Errorf("%q after %q: value set on %q, want %q", c.take, c.suggest, got, c.wantKey)
		}
	}
}
