package projection

import (
	"path"
	"regexp"
	"strings"
)

// A database server's version, as a client asked it.
//
// "psql \"$DEV_DSN\" -tAc \"show server_version\"" printing "14.12
// (Debian 14.12-1.pgdg120+1)" says the server the client reached runs
// PostgreSQL 14.12: a value of that server's (value/postgres@dev_dsn/version
// = 14.12), scoped by the connection the command names (its host, else
// its database or DSN, a variable's name for "$DEV_DSN", never a URL's
// password), so dev and prod are two values and a later answer of the
// same server replaces the first. Asked by PostgreSQL's "show
// server_version" and "select version()", MySQL's and MariaDB's "select
// version()" and "select @@version", SQLite's "select sqlite_version()",
// one statement a stage (versionQueries); the line read is the first
// holding a version past the table's header ("server_version",
// "--------", "| version() |").

var (
	// serverVersionSQLRE is a stage that runs only a version query, as
	// the last word of a client's command line.
	serverVersionSQLRE = regexp.MustCompile(`(?i)(?:^|\s)(?:-[A-Za-z]*[ceq]\s*|--(?:command|execute|query)[=\s]\s*)?['"]?\s*(?:show\s+server_version|select\s+(?:version|sqlite_version)\s*\(\s*\)|select\s+@@version)\s*;?\s*['"]?$`)
	// serverVersionLineRE is a line of output that opens on a version:
	// "14.12 (Debian …)", "PostgreSQL 14.12 on …", "| 8.0.36 |".
	serverVersionLineRE = regexp.MustCompile(`^(?:\|\s*)?(?:PostgreSQL\s+)?v?\d+\.\d+`)
	// serverEngines names the server each client reaches.
	serverEngines = map[string]string{"psql": "postgres", "mysql": "mysql", "mariadb": "mariadb", "sqlite3": "sqlite", "clickhouse-client": "clickhouse", "duckdb": "duckdb"}
	// connValueOpts are a client's options whose value names the
	// connection (host, database) and those whose value is something
	// else (user, port, a format).
	connHostOpts  = map[string]bool{"-h": true, "--host": true}
	connDBOpts    = map[string]bool{"-d": true, "--dbname": true, "-D": true, "--database": true}
	connOtherOpts = map[string]bool{"-U": true, "-u": true, "--user": true, "--username": true, "-p": true, "-P": true, "--port": true, "-F": true, "-R": true, "-v": true, "--set": true, "-f": true, "--file": true, "-o": true}
)

// serverVersionQuery is the version query stage st asks a database
// server, and whether it is one.
func serverVersionQuery(st string) (versionQuery, bool) {
	if !serverVersionSQLRE.MatchString(st) {
		return versionQuery{}, false
	}
	f := strings.Fields(unwrap(st))
	for i, w := range f {
		engine := serverEngines[path.Base(w)]
		if engine == "" {
			continue
		}
		if i > 0 && f[0] != "docker" && f[0] != "podman" && f[0] != "kubectl" && f[0] != "oc" {
			return versionQuery{}, false
		}
		name := engine
		if c := connName(f[i+1:]); c != "" {
			name += "@" + c
		}
		return versionQuery{name: name, server: true}, true
	}
	return versionQuery{}, false
}

// connName is the connection a client's words name: the host, else the
// database or the DSN, lower-cased, a variable without its "$" and
// braces, a URL by its host; "" when none.
func connName(words []string) string {
	host, db := "", ""
	for i := 0; i < len(words); i++ {
		w := strings.Trim(words[i], `'"`)
		opt, val, eq := strings.Cut(w, "=")
		switch {
		case connHostOpts[opt] || connDBOpts[opt]:
			if !eq {
				if i+1 >= len(words) {
					return ""
				}
				i++
				val = strings.Trim(words[i], `'"`)
			}
			if connHostOpts[opt] {
				host = val
			} else if db == "" {
				db = val
			}
		case connOtherOpts[opt] && !eq:
			i++
		case strings.HasPrefix(w, "-"):
			if strings.HasSuffix(w, "c") || strings.HasSuffix(w, "e") {
				// "-tAc 'show server_version'": the statement follows
				return connClean(host, db)
			}
		case db == "":
			db = w
		}
	}
	return connClean(host, db)
}

// connClean is the connection named by host, else by db.
func connClean(host, db string) string {
	c := host
	if c == "" {
		c = db
	}
	if _, rest, ok := strings.Cut(c, "://"); ok {
		// "postgresql://app:secret@db.prod:5432/orders": the host
		if i := strings.LastIndex(rest, "@"); i >= 0 {
			rest = rest[i+1:]
		}
		c, _, _ = strings.Cut(rest, "/")
		c, _, _ = strings.Cut(c, ":")
	}
	c = strings.Trim(strings.TrimPrefix(c, "$"), "{}")
	if strings.ContainsAny(c, " =;") {
		// a DSN of key=value words: no one name
		return ""
	}
	return strings.ToLower(c)
}

// serverVersionOf is the version line l says for a server query, or ""
// for a header line of its table.
func serverVersionOf(l string) string {
	if !serverVersionLineRE.MatchString(l) {
		return ""
	}
	s := strings.TrimPrefix(strings.TrimSpace(strings.TrimPrefix(l, "|")), "PostgreSQL ")
	m := versionTokRE.FindStringSubmatch(" " + s + " ")
	if m == nil {
		return ""
	}
	return m[1]
}
