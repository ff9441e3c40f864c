package projection

import "testing"

func TestSameWork(t *testing.T) {
	for _, tc := range []struct {
		name            string
		failed, because string
		passed          string
		want            bool
	}{
		// The stage that wrote what a viewer showed failed, and runs again.
		{"viewer of a report", "./gen_config.sh staging && vale --output=line docs/ > lint.txt && tail -3 lint.txt", "docs/intro.md:4:1: error: Use 'email'",
			"vale --minAlertLevel=error --output=line docs/ > lint.txt && cat lint.txt", true},
		{"viewer, another tool run", "./gen_config.sh staging && vale --output=line docs/ > lint.txt && tail -3 lint.txt", "docs/intro.md:4:1: error: Use 'email'",
			"markdownlint docs/ > lint.txt && cat lint.txt", false},
		{"the viewer itself failed", "make report -o out.txt && head out.txt", "head: cannot open 'out.txt' for reading",
			"make report -o out.txt", false},
		// A service started and its log shown: the start failed, and a
		// later chain starting it again passes.
		{"log of what was started", "cd ~/app && docker compose -f docker/es-dev.yml up -d && sleep 20 && docker logs es-dev 2>&1 | tail -3", "ERROR: Elasticsearch did not exit normally",
			"cd ~/app && docker compose -f docker/es-dev.yml up -d && sleep 20 && curl -s localhost:9200/_cluster/health?pretty", true},
		{"log of what was started, another service started", "docker compose -f docker/es-dev.yml up -d && sleep 20 && docker logs es-dev 2>&1 | tail -3", "ERROR: Elasticsearch did not exit normally",
			"docker compose -f docker/kafka.yml up -d && docker ps", false},
		// The same invocation with one setting changed, or a flag added.
		{"one value changed, a flag added", "bin/crawl --site courts --since 2021-05-01 --out data/c.db --rate 5", "HTTP 429 at page 12",
			"bin/crawl --site courts --since 2021-05-01 --out data/c.db --rate 1 --continue", true},
		{"python module, uri changed", "python -m pipeline.fit --config cfg/a.yaml --tracking http://track.lan:8080 --name demand", "ConnectionError: 502 Bad Gateway",
			"python -m pipeline.fit --config cfg/a.yaml --tracking file:./runs --name demand", true},
		{"blamed name kept and extended", "mbsync-copy --src imap.old --login carla@firm.it --secret /etc/s1 --dst imap.new --login2 carla@firm.it --secret2 /etc/s2 --rate 100", "Login failed for [carla@firm.it]",
			"mbsync-copy --src imap.old --login carla@firm.it*admin --secret /etc/admin --dst imap.new --login2 carla@firm.it*admin --secret2 /etc/admin2 --rate 100", true},
		{"another target of a loop", "mbsync-copy --src imap.old --login carla@firm.it --secret /etc/s1 --dst imap.new --login2 carla@firm.it --secret2 /etc/s2 --rate 100", "Login failed for [carla@firm.it]",
			"mbsync-copy --src imap.old --login dario@firm.it --secret /etc/s1 --dst imap.new --login2 dario@firm.it --secret2 /etc/s2 --rate 100", false},
		{"another module", "python -m pipeline.fit --config cfg/a.yaml --seed 3 --name demand", "KeyError: 'store'",
			"python -m pipeline.score --config cfg/a.yaml --seed 3 --name demand", false},
		{"another statement", "psql -d gis -v ON_ERROR_STOP=1 -c 'CREATE TABLE t AS SELECT slow()'", "ERROR: canceling statement due to statement timeout",
			"psql -d gis -v ON_ERROR_STOP=1 -c 'SELECT count(*) FROM t'", false},
		{"too many values changed", "bin/crawl --site courts --since 2021-05-01 --rate 5", "HTTP 429 at page 12",
			"bin/crawl --site registry --since 2019-01-01 --rate 5", false},
		{"option dropped", "bin/crawl --site courts --since 2021-05-01 --out data/c.db --rate 5", "HTTP 429 at page 12",
			"bin/crawl --site courts --out data/c.db --rate 1", false},
		// Run where it could not be reached from: inside the container,
		// the pod or over ssh.
		{"mysql inside its container", `mysql -h 127.0.0.1 -u tea -p"$DEV_DB_PASS" tea_dev -e 'SELECT COUNT(*) AS members, MAX(points) AS max_points FROM member'`, "ERROR 1045 (28000): Access denied for user 'tea'@'172.18.0.1' (using password: YES)",
			`docker exec tea-mysql mysql -u tea -p"$DEV_DB_PASS" tea_dev -e 'SELECT COUNT(*) AS members, MAX(points) AS max_points FROM member; SHOW COLUMNS FROM member' 2>/dev/null`, true},
		{"psql in the pod", "psql -h 10.0.3.7 -U app -d orders -c 'select count(*) from orders'", "psql: error: connection to server at \"10.0.3.7\", port 5432 failed: Connection refused",
			"kubectl -n prod exec -it pg-0 -- psql -U app -d orders -c 'select count(*) from orders'", true},
		{"another query inside", `mysql -h 127.0.0.1 -u tea tea_dev -e 'SELECT COUNT(*) FROM member'`, "ERROR 1045 (28000): Access denied",
			`docker exec tea-mysql mysql -u tea tea_dev -e 'DELETE FROM sessions'`, false},
		{"not an error of reaching", `mysql -h 127.0.0.1 -u tea tea_dev -e 'SELECT COUNT(*) FROM membr'`, "ERROR 1146 (42S02): Table 'tea_dev.membr' doesn't exist",
			`docker exec tea-mysql mysql -u tea tea_dev -e 'SELECT COUNT(*) FROM membr'`, false},
	} {
		if got := resolvedBy(tc.failed, tc.because, nil, tc.passed, "ok"); got != tc.want {
			t.Errorf("%s: resolved = %v, want %v", tc.name, got, tc.want)
		}
	}
}
