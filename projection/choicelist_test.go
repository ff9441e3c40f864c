package projection

import (
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
		var ds []string
		for _, a := range userSays(tc.msgs...).Heads() {
			if a.Kind == KindDecision {
				ds = append(ds, a.Value)
			}
		}
		switch {
		case tc.want == "" && len(ds) > 0:
			t.Errorf("%q: decisions %q, want none", tc.msgs, ds)
		case tc.want != "" && (len(ds) != 1 || !strings.Contains(ds[0], tc.want)):
			t.Errorf("%q: decisions %q, want one holding %q", tc.msgs, ds, tc.want)
		}
	}
}
