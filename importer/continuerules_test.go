package importer_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/importer"
)

// What a Continue user item carries besides the typed text is never the
// user's words: a rules file (under .continue/rules, named by an applied
// rule, an item of the rules provider) is the project's instructions,
// between the client's fence lines; another attached file is chatter; an
// applied rule's recorded text no item carries is instructions once; the
// same rules file attached again is chatter; the typed text is the user's
// own message, after them. Near misses: a file outside .continue/rules
// that no applied rule names, and a rule from Continue's default system
// message, are no instructions.
func TestContinueAttachedRules(t *testing.T) {
	for _, c := range []struct{ lang, rules, typed string }{
		{"en", "- Always run `./vendor/bin/pest` before every commit\n- Never edit composer.lock", "we have double bookings of the same table, fix it"},
		{"pl", "- Przed każdym commitem uruchom `./vendor/bin/pest`\n- Nigdy nie ruszaj composer.lock", "mamy podwójne rezerwacje tego samego stolika. napraw to"},
	} {
		t.Run(c.lang, func(t *testing.T) {
			ruleFile := "```.continue/rules/projekt.md\n---\nname: projekt\nalwaysApply: true\n---\n" + c.rules + "\n```"
			item := func(content, desc, provider string) map[string]any {
				return map[string]any{"content": content, "name": filepath.Base(desc), "description": desc,
					"uri": map[string]any{"type": "file", "value": "file:///p/" + desc}, "id": map[string]any{"providerTitle": provider, "itemId": "x"}}
			}
			user := func(text string, items []any, rules []any) map[string]any {
				return map[string]any{"message": map[string]any{"role": "user", "content": []any{map[string]any{"type": "text", "text": text}}},
					"contextItems": items, "appliedRules": rules}
			}
			applied := map[string]any{"name": "projekt", "source": "rules-block", "sourceFile": "file:///p/.continue/rules/projekt.md"}
			s := map[string]any{"sessionId": "s1", "title": "t", "workspaceDirectory": "file:///p", "history": []any{
				user(c.typed, []any{item(ruleFile, ".continue/rules/projekt.md", "file"), item("```app/Models/Booking.php\nclass Booking {}\n```", "app/Models/Booking.php", "file")},
					[]any{applied, map[string]any{"source": "default-agent", "rule": "You are in agent mode."}, map[string]any{"source": "colocated-markdown", "rule": "Use strict types."}}),
				map[string]any{"message": map[string]any{"role": "assistant", "content": "ok"}},
				user("ok", []any{item(ruleFile, ".continue/rules/projekt.md", "file"), item("Keep PRs small.", "team", "rules")}, []any{applied}),
				map[string]any{"message": map[string]any{"role": "assistant", "content": "ok"}},
			}}
			b, _ := json.Marshal(s)
			p := filepath.Join(t.TempDir(), "s1.json")
			if err := os.WriteFile(p, b, 0o600); err != nil {
				t.Fatal(err)
			}
			ims, err := importer.Import(p)
			if err != nil || len(ims) != 1 {
				t.Fatalf("%v, %d sessions", err, len(ims))
			}
			var got []string
			for _, m := range messages(t, ims[0]) {
				k := string(m.Role)
				if m.Source != nil && m.Source.Injected != "" {
					k += "/" + m.Source.Injected
				}
				got = append(got, k+": "+m.Text())
			}
			u, ch, in := "user: ", "user/"+hostshim.InjectedChatter+": ", "user/"+hostshim.InjectedInstructions+": "
			want := []string{
				ch + "```.continue/rules/projekt.md\n",
				in + "---\nname: projekt\nalwaysApply: true\n---\n" + c.rules + "\n",
				ch + "```\n",
				ch + "```app/Models/Booking.php\nclass Booking {}\n```\n",
				in + "Use strict types.\n",
				u + c.typed,
				"assistant: ok",
				ch + ruleFile + "\n",
				in + "Keep PRs small.\n",
				u + "ok",
				"assistant: ok",
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("messages:\n%q\nwant:\n%q", got, want)
			}
		})
	}
}
