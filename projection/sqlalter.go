package projection

import (
	"path"
	"regexp"
	"strings"
)

// A column changed by a schema statement a database client ran.
//
// "psql \"$PROD_DSN\" -c \"alter table analytics.fct_orders alter column
// status type varchar(32)\"" that passed sets the column's type: the
// value analytics.fct_orders.status type = varchar(32), the database's
// state after the command (an empirical value, as a setting command's:
// setcmd.go), so a later change of the same column replaces it and a
// user's value is not replaced by it. Read: a column's type (PostgreSQL's
// "ALTER [COLUMN] c [SET DATA] TYPE t", MySQL's and Oracle's "MODIFY
// [COLUMN] c t", SQL Server's "ALTER COLUMN c t") and its default ("ALTER
// [COLUMN] c SET DEFAULT v"), only in a statement a client program runs
// (psql, mysql, sqlite3, sqlcmd, duckdb, clickhouse-client, …, in the
// stage that names it or fed to it by a heredoc or a pipe). A statement a
// command only shows or writes ("grep -rn 'alter column' migrations/",
// "cat 002.sql", "echo … > fix.sql") changed nothing; one in a
// transaction rolled back or a dry run changed nothing either.

var (
	// sqlClientRE is a database client program.
	sqlClientRE = regexp.MustCompile(`^(?:psql|mysql|mariadb|sqlite3|sqlcmd|duckdb|clickhouse-client|clickhouse|snowsql|mysqlsh|usql|cockroach|bq|trino|presto|spark-sql|beeline|vsql|isql|osql)$`)
	// alterTableRE is the head of an ALTER TABLE statement and the table
	// it changes.
	alterTableRE = regexp.MustCompile(`(?i)\balter\s+table\s+(?:if\s+exists\s+)?(?:only\s+)?((?:[\w$]+|"[^"]+"|` + "`[^`]+`" + `|\[[^\]]+\])(?:\.(?:[\w$]+|"[^"]+"|` + "`[^`]+`" + `|\[[^\]]+\])){0,2})\s*\*?\s+`)
	// columnTypeRE is a clause of ALTER TABLE that sets a column's type.
	columnTypeRE = regexp.MustCompile(`(?is)^(?:alter\s+(?:column\s+)?(?P<c>[\w$]+|"[^"]+"|` + "`[^`]+`" + `|\[[^\]]+\])\s+(?:set\s+data\s+)?type\s+|modify\s+(?:column\s+)?(?P<m>[\w$]+|"[^"]+"|` + "`[^`]+`" + `|\[[^\]]+\])\s+|alter\s+column\s+(?P<s>[\w$]+|\[[^\]]+\])\s+)(?P<t>.+)$`)
	// columnDefaultRE is a clause of ALTER TABLE that sets a column's
	// default.
	columnDefaultRE = regexp.MustCompile(`(?is)^alter\s+(?:column\s+)?(?P<c>[\w$]+|"[^"]+"|` + "`[^`]+`" + `|\[[^\]]+\])\s+set\s+default\s+(?P<v>'[^']{0,40}'|[\w.\-+]+(?:\(\))?)\s*$`)
	// sqlTypeEndRE is where a column's type ends in its clause: its
	// conversion, collation, constraint or place.
	sqlTypeEndRE = regexp.MustCompile(`(?is)\s+(?:using|collate|not\s+null|null|default|constraint|character\s+set|charset|comment|after|first|primary|unique|check|references|auto_increment|generated)\b.*$`)
	// sqlTypeRE is a column type: words, then its size ("varchar(32)",
	// "character varying(32)", "numeric(12, 2)", "timestamp with time
	// zone", "text[]").
	sqlTypeRE = regexp.MustCompile(`^[A-Za-z_][\w]*(?:\s+[A-Za-z_][\w]*){0,3}\s*(?:\(\s*(?:\d+|max)\s*(?:,\s*\d+\s*)?\))?(?:\s*\[\])?$`)
	// sqlUndoneRE is a statement that changes nothing that lasts: a
	// transaction rolled back, a plan asked.
	sqlUndoneRE = regexp.MustCompile(`(?i)\brollback\b|\bexplain\b|--dry-run\b`)
	// sqlClauseVerbRE is an ALTER COLUMN action that is no change of the
	// column's type ("drop not null", "set not null", "drop default").
	sqlClauseVerbRE = regexp.MustCompile(`(?i)^alter\s+column\s+\S+\s+(?:set|drop|add|reset|restart|options)\b`)
)

// alterValues are the column types and defaults the passing command cmd
// set by a schema statement a database client ran (see above).
func alterValues(cmd string) []Proposal {
	if !strings.Contains(strings.ToLower(cmd), "alter") {
		return nil
	}
	if in, ok := shellScript(cmd); ok {
		// "bash -lc 'psql … -c \"alter table …\"'", as Codex runs
		// every command
		cmd = in
	}
	if sqlUndoneRE.MatchString(cmd) {
		return nil
	}
	var out []Proposal
	for _, sql := range clientSQL(cmd) {
		mask := shellMask(sql)
		for _, loc := range alterTableRE.FindAllStringSubmatchIndex(sql, 8) {
			table := sqlIdent(sql[loc[2]:loc[3]])
			body := sql[loc[1]:]
			if mask[loc[0]] == '_' {
				// the shell's quote that holds the statement ends it
				if j := strings.IndexAny(mask[loc[1]:], `'"`); j >= 0 {
					body = body[:j]
				}
			}
			if i := strings.IndexAny(body, ";\n"); i >= 0 {
				body = body[:i]
			}
			for _, clause := range sqlClauses(body) {
				if p, ok := alterClause(table, strings.TrimSpace(clause), cmd); ok {
					out = append(out, p)
				}
			}
		}
	}
	return out
}

// clientSQL are the parts of cmd a database client runs: each stage
// whose program (past "docker exec …", "kubectl exec … --") is a client,
// with what a heredoc or a pipe feeds it.
func clientSQL(cmd string) []string {
	var out []string
	for _, st := range stagesOf(cmd) {
		parts := pipeSplit(st)
		for i, part := range parts {
			if !runsClient(part) {
				continue
			}
			if strings.Contains(part, "<<") {
				// "psql <<SQL\nalter table …\nSQL": the body is on the
				// lines after the stage's
				if j := strings.Index(cmd, part); j >= 0 {
					out = append(out, cmd[j:])
					continue
				}
			}
			out = append(out, part)
			if i > 0 {
				// "echo 'alter table …' | psql": the statement fed to it
				if f := strings.Fields(unwrap(parts[i-1])); len(f) > 0 && (f[0] == "echo" || f[0] == "printf") {
					out = append(out, parts[i-1])
				}
			}
		}
	}
	return out
}

// runsClient reports whether part runs a database client: its program,
// or the program a container exec runs.
func runsClient(part string) bool {
	f := strings.Fields(unwrap(part))
	if len(f) == 0 {
		return false
	}
	if sqlClientRE.MatchString(path.Base(f[0])) {
		return true
	}
	if f[0] != "docker" && f[0] != "podman" && f[0] != "kubectl" && f[0] != "oc" {
		return false
	}
	for _, w := range f[1:] {
		if strings.HasPrefix(w, "'") || strings.HasPrefix(w, `"`) {
			return false
		}
		if sqlClientRE.MatchString(path.Base(w)) {
			return true
		}
	}
	return false
}

// sqlClauses are the actions of an ALTER TABLE body, cut at its commas
// outside brackets ("alter column a type int, alter column b type
// text").
func sqlClauses(body string) []string {
	var out []string
	depth, last := 0, 0
	for i, c := range body {
		switch c {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, body[last:i])
				last = i + 1
			}
		}
	}
	return append(out, body[last:])
}

// alterClause is the value one clause of ALTER TABLE table sets, quoted
// from cmd; false for a clause that sets no type or default.
func alterClause(table, clause, cmd string) (Proposal, bool) {
	clause = strings.TrimRight(clause, " \t\n\\")
	if m := columnDefaultRE.FindStringSubmatch(clause); m != nil {
		col := sqlIdent(m[columnDefaultRE.SubexpIndex("c")])
		return alterProposal(table, col, "default", m[columnDefaultRE.SubexpIndex("v")], clause, cmd)
	}
	m := columnTypeRE.FindStringSubmatch(clause)
	if m == nil || m[columnTypeRE.SubexpIndex("s")] != "" && sqlClauseVerbRE.MatchString(clause) {
		// "alter column c drop not null": SQL Server's form without
		// TYPE, but a verb where the type would be
		return Proposal{}, false
	}
	col := m[columnTypeRE.SubexpIndex("c")] + m[columnTypeRE.SubexpIndex("m")] + m[columnTypeRE.SubexpIndex("s")]
	t := strings.TrimSpace(sqlTypeEndRE.ReplaceAllString(m[columnTypeRE.SubexpIndex("t")], ""))
	if !sqlTypeRE.MatchString(t) {
		return Proposal{}, false
	}
	// "VARCHAR (32)" and "varchar(32)" are one type
	t = strings.ToLower(strings.Join(strings.Fields(t), " "))
	t = strings.ReplaceAll(strings.ReplaceAll(t, " (", "("), ", ", ",")
	return alterProposal(table, sqlIdent(col), "type", t, clause, cmd)
}

// alterProposal is the value proposal of column col's attribute (type,
// default) of table set to v, quoted by the clause as cmd has it.
func alterProposal(table, col, attr, v, clause, cmd string) (Proposal, bool) {
	if table == "" || col == "" || v == "" {
		return Proposal{}, false
	}
	q := clause
	if !strings.Contains(cmd, q) {
		return Proposal{}, false
	}
	name := col + "." + attr
	return Proposal{Op: OpState, Kind: KindValue, Key: "value/" + table + "/" + name, Name: table + "." + name, Value: v, Quote: q}, true
}

// sqlIdent is a SQL name without its quotes, lower-cased unless quoted
// ("analytics.fct_orders", `"Orders"` as Orders).
func sqlIdent(s string) string {
	var parts []string
	for p := range strings.SplitSeq(s, ".") {
		switch {
		case len(p) > 1 && (p[0] == '"' || p[0] == '`' || p[0] == '['):
			parts = append(parts, p[1:len(p)-1])
		default:
			parts = append(parts, strings.ToLower(p))
		}
	}
	return strings.Join(parts, ".")
}
