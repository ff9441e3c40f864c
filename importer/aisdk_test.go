package importer_test

import (
	"reflect"
	"testing"

	"github.com/epistemicfold/ef/importer"
)

// Vercel AI SDK UI messages (what useChat keeps and apps store: v4's
// tool-invocation parts, v3's toolInvocations, v5's tool-NAME and
// dynamic-tool parts) hold each call and its result in one part of the
// assistant's message: the call is a call, its outcome a result (an
// output-error a failed one), a call with no outcome yet gets none, and
// the text after a step's results follows them. Before, a v4 message read
// as its "content" alone (every call and result lost) and a v5 list was
// 'no session in file'.
func TestImportAISDKUIMessages(t *testing.T) {
	im := importOne(t, "aisdk-ui-v4.json", importer.FormatOpenAIChat, []string{
		"user: Wie groß ist /data? Screenshot anbei.\n[attachment omitted: image/png, df.png, 34 bytes of data URL]",
		"assistant: df first\nIch prüfe das.\nbash {\"command\":\"df -h /data\"}",
		"user: {\"stdout\":\"/dev/sdb1 500G 431G 69G 87% /data\",\"exitCode\":0}",
		"assistant: /data ist zu 87 % belegt.\nbash {\"command\":\"du -sh /data/tmp\"}",
		"user: " + importer.NoResultText,
		"user: Und /var?",
		"assistant: Checking /var.\nbash {\"command\":\"df -h /var\"}",
		"user: /dev/sda2 50G 12G 38G 24% /var",
	})
	if st := im.Stats; st.ToolCalls != 3 || st.ToolResults != 2 || st.Unpaired != 1 || st.Orphans != 0 {
		t.Errorf("v4: stats %+v", st)
	}
	im = importOne(t, "aisdk-ui-v5.jsonl", importer.FormatOpenAIChat, []string{
		"user: Read the config\n[file omitted: application/pdf, spec.pdf, https://example.com/spec.pdf]",
		"assistant: two files\nreadFile {\"path\":\"app.yaml\"}\nmcp_db {\"q\":\"port\"}",
		"user: ENOENT: app.yaml",
		"user: {\"port\":5432}",
		"assistant: [source: DB docs https://docs.example.com/db]\napp.yaml is missing; the database listens on 5432.",
	})
	if failed := failedResults(t, im); !reflect.DeepEqual(failed, []string{"c1"}) {
		t.Errorf("v5: failed results %v, want the output-error one (c1)", failed)
	}
	if st := im.Stats; st.ToolResults != 2 || st.Skipped != 1 {
		t.Errorf("v5: stats %+v, want 2 results and the empty user message skipped", st)
	}
}

// A chat message whose "parts" are not typed is no UI message: its content
// is read (it read as '[untyped part omitted]', the content lost).
func TestImportUntypedPartsKeepContent(t *testing.T) {
	data := `[{"role":"user","content":"Wie spät ist es?","parts":[{"text":"Wie spät ist es?"}]},{"role":"assistant","content":"Zehn Uhr.","parts":[{"text":"Zehn Uhr."}]}]`
	ims, err := importer.ImportBytes("x.json", []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := messageTexts(t, ims[0]), []string{"user: Wie spät ist es?", "assistant: Zehn Uhr."}; !reflect.DeepEqual(got, want) {
		t.Errorf("messages %q, want %q", got, want)
	}
}
