package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The records a format's reader skips as the client's bookkeeping (Qwen
// Code's ui_telemetry records) are counted, as docs/formats.md says: ef
// inspect ends with a note of how many (among --json's notes, not its
// warnings), ef state says it on stderr. A recording with none says
// nothing of it.
func TestInspectSaysSkippedRecords(t *testing.T) {
	dir := t.TempDir()
	rec := func(uuid, parent, typ, rest string) string {
		p := `null`
		if parent != "" {
			p = `"` + parent + `"`
		}
		return `{"uuid":"` + uuid + `","parentUuid":` + p + `,"sessionId":"s1","timestamp":"2024-11-20T15:00:41.117Z","type":"` + typ + `",` + rest + `}`
	}
	user := rec("u1", "", "user", `"message":{"role":"user","parts":[{"text":"olá, roda os testes"}]}`)
	tele := rec("t1", "u1", "system", `"subtype":"ui_telemetry","systemPayload":{"uiEvent":{"event.name":"qwen-code.api_response"}}`)
	model := rec("a1", "t1", "assistant", `"message":{"role":"model","parts":[{"text":"Beleza."}]}`)
	log := filepath.Join(dir, "3c8f1e52.jsonl")
	if err := os.WriteFile(log, []byte(user+"\n"+tele+"\n"+model+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI(t, "inspect", log)
	if code != 0 || !strings.Contains(out, "session qwen-code:") || !strings.Contains(out, "note: 1 record of the file skipped: the client's bookkeeping") {
		t.Errorf("inspect: exit %d, stderr %q, stdout %s", code, errs, out)
	}
	code, out, _ = runCLI(t, "inspect", "--json", log)
	var rep struct {
		Notes    []string `json:"notes"`
		Warnings []string `json:"warnings"`
	}
	if err := json.Unmarshal([]byte(out), &rep); code != 0 || err != nil || len(rep.Notes) != 1 || !strings.HasPrefix(rep.Notes[0], "1 record of the file skipped") || len(rep.Warnings) != 0 {
		t.Errorf("inspect --json: exit %d, %v, notes %q, warnings %q", code, err, rep.Notes, rep.Warnings)
	}
	if code, _, errs := runCLI(t, "state", log); code != 0 || !strings.Contains(errs, "ef state: note: "+log+": 1 record of the file skipped") {
		t.Errorf("state: exit %d, stderr %q", code, errs)
	}
	// near miss: no record skipped, no note
	clean := filepath.Join(dir, "clean.jsonl")
	os.WriteFile(clean, []byte(user+"\n"+strings.Replace(model, `"parentUuid":"t1"`, `"parentUuid":"u1"`, 1)+"\n"), 0o644)
	if code, out, errs := runCLI(t, "inspect", clean); code != 0 || strings.Contains(out+errs, "skipped") {
		t.Errorf("clean recording: exit %d: %s %s", code, out, errs)
	}
}
