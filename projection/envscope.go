package projection

import (
	"strings"
)

// A value the user gives one environment ("staging は max_connections
// 10、prod は 30": value/prod/max_connections) and the same setting in
// that environment's file (config/production.toml's max_connections,
// values-prod.yaml, .env.production) are one setting: the write into the
// file carries out the user's value, and a later change of either is a
// change of the one head. A file of another environment, or of none, is
// another setting.

// envNames maps the words that name an environment, in the languages of
// the lexicons, to one name per environment.
var envNames = func() map[string]string {
	m := map[string]string{}
	for env, words := range map[string]string{
		"prod": `prod production prd producción produccion produktion produzione produção producao productie produkcja ` +
			`produkcji üretim uretim прод продакшн продакшен 本番 生产 生產 线上 운영`,
		"staging": `staging stage stg preprod pre-prod homolog homologação homologacao ステージング 预发 預發 스테이징`,
		"dev":     `dev development desarrollo développement developpement entwicklung sviluppo desenvolvimento 開発 开发 개발`,
		"test":    `test testing tests qa テスト 测试 測試 테스트`,
		"local":   `local`, "uat": `uat`, "sandbox": `sandbox`, "canary": `canary`, "ci": `ci`,
	} {
		for _, w := range strings.Fields(words) {
			m[w] = env
		}
	}
	return m
}()

// envEntity is the environment a value's entity names by itself
// ("prod" of value/prod/max_connections), "" when it names none.
func envEntity(ent string) string {
	return envNames[strings.ToLower(ent)]
}

// fileEnv is the one environment a file's path names in its folders or
// its name ("prod" of config/production.toml, values-prod.yaml,
// .env.production, overlays/prod/deployment.yaml), "" when it names none
// or two.
func fileEnv(ent string) string {
	if ent == "-" || !strings.ContainsAny(ent, "/.") {
		return ""
	}
	found := ""
	for _, w := range strings.FieldsFunc(strings.ToLower(ent), func(r rune) bool {
		return r == '/' || r == '.' || r == '-' || r == '_' || r == '\\'
	}) {
		if e := envNames[w]; e != "" {
			if found != "" && found != e {
				return ""
			}
			found = e
		}
	}
	return found
}

// envFileOf reports whether entity a names an environment ("prod") and
// entity b is a file of that environment, or the other way round.
func envFileOf(a, b string) bool {
	if e := envEntity(a); e != "" {
		return fileEnv(b) == e
	}
	if e := envEntity(b); e != "" {
		return fileEnv(a) == e
	}
	return false
}
