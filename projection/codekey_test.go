package projection

import (
	"strings"
	"testing"
)

func TestCodeKey(t *testing.T) {
	long := strings.Repeat("x = compute_feature_table(frame, window=30)\n", 20)
	for _, c := range []struct {
		name, code, want string
	}{
		{"lines become statements", "df2 = engagement(df)\nclf = train(df2)", "df2 = engagement(df); clf = train(df2)"},
		{"imports before the work left out", "import pandas as pd\nfrom churn import train\nclf = train(df)", "clf = train(df)"},
		{"import aliases", "import numpy as np, pandas as pd\nx = np.ones(3)", "x = np.ones(3)"},
		{"R library", "library(dplyr)\ndf %>% count(x)", "df %>% count(x)"},
		{"blank lines and indentation", "for r in rows:\n\n    print(r)\n", "for r in rows:; print(r)"},
		// negative: an import that is all the cell does stays
		{"imports only", "import torch\nimport numpy", "import torch; import numpy"},
		{"an import after the work stays", "x = 1\nimport os\nos.getcwd()", "x = 1; import os; os.getcwd()"},
		{"import-like call", "important = load()\nrun(important)", "important = load(); run(important)"},
	} {
		if got := codeKey(c.code); got != c.want {
			t.Errorf("%s: codeKey = %q, want %q", c.name, got, c.want)
		}
	}
	k := codeKey(long)
	if len(k) > codeKeyMax+16 || !strings.Contains(k, "…#") {
		t.Errorf("long code: key of %d bytes %q", len(k), k)
	}
	if other := codeKey(long + "y = 2\n"); other == k || !strings.HasPrefix(other, k[:strings.Index(k, "…#")]) {
		t.Errorf("long code that goes on differently: %q vs %q", other, k)
	}
}

// TestCodeCellKeys: cells of several lines are keyed by their code, so
// unrelated failures of one code tool are not one chain, and a later
// cell settles the one it ran past (coderun.go).
func TestCodeCellKeys(t *testing.T) {
	out := reduceAll(t, `
> user
run the training
> assistant
> call run_python {"code": "import pandas as pd\nfrom churn import engagement\ndf2 = engagement(df)"}
> result error
Traceback (most recent call last):
KeyError: 'last_login'
> assistant
> call run_python {"code": "import pandas as pd\nfrom churn import engagement, train\ndf2 = engagement(df)\nclf = train(df2)"}
> result error
Traceback (most recent call last):
ValueError: Input X contains NaN.
> assistant
> call run_python {"code": "clf = train(df2)\nprint(auc)"}
> result
AUC 0.8423
> assistant
> call run_python {"code": "from sklearn.model_selection import GridSearchCV\ngs = GridSearchCV(clf, grid)\ngs.fit(X, y)"}
> result error
joblib.externals.loky.process_executor.TerminatedWorkerError: A worker process managed by the executor was unexpectedly terminated.
`)
	expect(t, out, []string{
		`failure tool/run_python/code=df2 = engagement\(df\) \[resolved`,
		`failure tool/run_python/code=df2 = engagement\(df\); clf = train\(df2\) \[resolved`,
		`failure tool/run_python/code=gs = GridSearchCV\(clf, grid\); gs.fit\(X, y\) \[open`,
	}, []string{`tool/run_python/ `, `was resolved`, `KeyError.*\[open`})
	// a tool's other multi-line arguments stay out of its key
	out = reduceAll(t, `
> user
write the notes
> assistant
> call write_file {"path": "notes.md", "content": "line one\nline two"}
> result
wrote 1 file
`)
	expect(t, out, []string{`tool/write_file/path=notes.md `}, []string{`content=`})
}

func TestAssignsAgain(t *testing.T) {
	for _, c := range []struct {
		name, last, ran string
		want            bool
	}{
		{"same name another way", "vol60 = long.groupby('ts_code')['ret'].rolling(60).std()", "ret = px.pct_change(); vol60 = ret.rolling(60).std()", true},
		{"item target", "bars['date'] = pd.to_datetime(bars['trade_date'])", "bars['date'] = pd.to_datetime(bars['trade_dt'], format='%Y%m%d')", true},
		{"attribute target", "model.coef = fit(X)", "model.coef = fit(X.fillna(0))", true},
		// negative
		{"other name", "vol60 = rolling(ret)", "vol20 = rolling(ret)", false},
		{"short name", "df = load()", "df = pd.read_csv('a.csv')", false},
		{"comparison is no assignment", "res == expected", "res == expected", false},
		{"name only used", "feats = build(df)", "print(feats)", false},
		{"last is no assignment", "gs.fit(X, y)", "gs = GridSearchCV(clf, grid)", false},
	} {
		if got := assignsAgain(c.last, statements(c.ran)); got != c.want {
			t.Errorf("%s: assignsAgain = %v, want %v", c.name, got, c.want)
		}
	}
}
