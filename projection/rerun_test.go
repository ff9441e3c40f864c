package projection

import "testing"

func TestRerunOf(t *testing.T) {
	for _, tc := range []struct {
		failed, passed, because string
		want                    bool
	}{
		// An option added.
		{"mvn -pl billing test", "mvn -pl billing -Dskip.integration=false -Pci test", "[ERROR] BUILD FAILURE", true},
		{"dotnet test src/Api.Tests", "dotnet test src/Api.Tests --framework net8.0", "error NETSDK1045", true},
		// A configuration given: a file or an address.
		{"./mvnw -q test", "./mvnw -s ~/.m2/settings-aliyun.xml -q test", "[ERROR] Could not resolve dependencies", true},
		{"npm ci", "npm ci --registry=https://registry.npmmirror.com", "npm ERR! network timeout", true},
		{"cargo test", "cargo test -p other", "error[E0432]", false},
		{"npm ci", "npm ci --registry=https://registry.npmmirror.com && npm run lint", "npm ERR! network timeout", true},
		// An option's value changed, the script and its path options kept.
		{"python bench.py --config conf/big.yaml --workers 16", "python bench.py --config conf/big.yaml --workers 4", "MemoryError", true},
		// The name the error blamed, corrected.
		{"docker logs api-gatewy", "docker logs api-gateway", "Error response from daemon: No such container: api-gatewy", true},
		{"ls /srv/dat/exports", "ls /srv/data/exports", "ls: cannot access '/srv/dat/exports': No such file or directory", true},
		// A drop-in for the same subcommand, on the same target.
		{"cargo build --release --target aarch64-unknown-linux-musl", "cargo zigbuild --release --target aarch64-unknown-linux-musl", "error: linker `aarch64-linux-musl-gcc` not found", true},
		{"cargo build --release --target aarch64-unknown-linux-musl", "cargo zigbuild --release --target x86_64-unknown-linux-musl", "error: linker not found", false},
		// Another subcommand is another run.
		{"python manage.py migrate", "python manage.py runserver", "django.db.utils.OperationalError", false},
		{"helm template web charts/web -f values/a.yaml", "helm lint charts/web -f values/a.yaml", "Error: template: nil pointer", false},
		{"kubectl apply -f deploy/a.yaml", "kubectl apply -f deploy/b.yaml", "error validating", false},
		// One changed word the error did not blame, or no not-found error.
		{"pytest tests/test_a.py", "pytest tests/test_b.py", "FAILED tests/test_a.py::test_x", false},
		{"docker logs api-1", "docker logs api-2", "Error: connection refused", false},
		// A run that only pretends, or a program with one word.
		{"terraform apply plan.out", "terraform apply plan.out -dry-run", "Error: lock", false},
		{"cargo test", "cargo test --release -p other", "error[E0432]", false},
		// Another program.
		{"npm test", "yarn test", "npm ERR!", false},
	} {
		if got := rerunOf(tc.failed, tc.passed, tc.because); got != tc.want {
			t.Errorf("rerunOf(%q, %q) = %v, want %v", tc.failed, tc.passed, got, tc.want)
		}
	}
}
