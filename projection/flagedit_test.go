package projection

import "testing"

// An edit that changes a long flag's value sets the flag's setting; one
// that adds or drops a flag, keeps its value, or passes a switch and an
// argument sets none.
func TestFlagChanges(t *testing.T) {
	for _, c := range []struct {
		name, old, new string
		want           map[string]string // flag: value (was)
	}{
		{"compose command", "--concurrency=4", "--concurrency=8", map[string]string{"concurrency": "8 (was 4)"}},
		{"in its line", "command: celery -A app worker -l info --concurrency=4", "command: celery -A app worker -l info --concurrency=6", map[string]string{"concurrency": "6 (was 4)"}},
		{"a number after a space", `CMD ["gunicorn", "--workers", "2", "app:app"]`, `CMD ["gunicorn", "--workers", "4", "app:app"]`, nil},
		{"space form", "uvicorn app:app --workers 2 --port 8000", "uvicorn app:app --workers 4 --port 8000", map[string]string{"workers": "4 (was 2)"}},
		{"a name value", "--log-level=info", "--log-level=debug", map[string]string{"log-level": "debug (was info)"}},
		{"added", "celery worker", "celery worker --concurrency=8", nil},
		{"dropped", "celery worker --concurrency=8", "celery worker", nil},
		{"kept", "--concurrency=8 --loglevel=info", "--concurrency=8 --loglevel=debug", map[string]string{"loglevel": "debug (was info)"}},
		{"a switch before an argument", "pytest --verbose tests/", "pytest --verbose tests/unit", nil},
		{"set twice", "--x=1 --x=2", "--x=3 --x=4", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := map[string]string{}
			for _, p := range flagChanges("deploy/docker-compose.yml", edit{old: c.old, new: c.new}) {
				got[p.Name] = p.Value + " (was " + p.Was + ")"
			}
			if len(got) != len(c.want) {
				t.Fatalf("got %v, want %v", got, c.want)
			}
			for k, v := range c.want {
				if got[k] != v {
					t.Errorf("%s = %q, want %q", k, got[k], v)
				}
			}
		})
	}
}
