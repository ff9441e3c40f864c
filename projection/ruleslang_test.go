package projection

import "testing"

// TestSystemRuleOtherLanguages: a system message in another language is
// read through its gloss, as a user's is.
func TestSystemRuleOtherLanguages(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"Tu travailles dans le dépôt `meteo-api`. Ne supprime jamais les migrations déjà appliquées.", "Ne supprime jamais les migrations"},
		{"あなたは `shop-web` リポジトリの開発エージェントです。secrets/ のファイルは絶対にコミットしないでください。", "secrets/ のファイルは絶対にコミットしないでください"},
		{"Você é o agente do repositório `frota-app`, com as ferramentas de sempre. Nunca faça push direto na branch main.", "Nunca faça push direto na branch main"},
	} {
		r := New(Options{})
		r.Apply(Event{Seq: 0, Role: RoleSystem, Text: c.text})
		var got []string
		for _, a := range r.Anchors() {
			if a.Kind == KindConstraint && a.Lifecycle == Active {
				got = append(got, "active "+a.Value)
			}
		}
		if !has(got, "active", c.want) {
			t.Errorf("%q: %q", c.text, got)
		}
	}
}

// TestRuleListOtherLanguages: rules listed after a label that names them
// as rules, in a first message in another language, are each a rule
// (nominalized Japanese imperatives, French "rien …", Portuguese
// infinitive prohibitions), and a listed setting with a number and no
// rule word is not one.
func TestRuleListOtherLanguages(t *testing.T) {
	got := rulesAfter("今週はドキュメントサイトの移行をやります。佐藤さんのルールを共有します:画像は WebP で統一、古い URL は削除しないこと、ビルドは CI で確認すること。")
	for _, w := range []string{"画像は WebP で統一", "古い URL は削除しないこと", "ビルドは CI で確認すること"} {
		if !has(got, "active", w) {
			t.Errorf("Japanese list: no rule %q in %q", w, got)
		}
	}
	got = rulesAfter("On refait le site vitrine cette semaine. Les règles de Léa : rien au-dessus de 200 Ko par image ; les polices hébergées chez nous de préférence ; largeur de colonne 720 px.")
	if !has(got, "active", "rien au-dessus de 200 Ko") || !has(got, "active", "de préférence") {
		t.Errorf("French list: %q", got)
	}
	if has(got, "active", "720 px") {
		t.Errorf("French list: a setting read as a rule: %q", got)
	}
	got = rulesAfter("Bom dia! Vamos migrar o painel pro Next 15.\n\nas regras do Paulo:\n- não usar a lib moment, só date-fns\n- nunca rodar migration em produção sem backup")
	if !has(got, "active", "não usar a lib moment") || !has(got, "active", "nunca rodar migration") {
		t.Errorf("Portuguese list: %q", got)
	}
}

// TestLiftSharingOneRule: a lift in another language that names its rule
// by one word no other rule holds lifts that rule alone.
func TestLiftSharingOneRule(t *testing.T) {
	got := rulesAfter(
		"Les règles de Léa : les polices hébergées chez nous de préférence ; ne touche jamais au dossier legacy/.",
		"bon, pour les polices c'est réglé avec Léa : plus besoin de se limiter aux polices hébergées, elle est d'accord pour le CDN.",
	)
	if !has(got, "lifted", "polices hébergées chez nous") || !has(got, "active", "legacy/") {
		t.Errorf("%q", got)
	}
}

// TestLiftJapaneseNoLongerNeeded: "〜はもう気にしなくて大丈夫" lifts the
// one rule it shares its Han words with.
func TestLiftJapaneseNoLongerNeeded(t *testing.T) {
	got := rulesAfter("山本さんのルールです:ログは英語で統一、本番の設定ファイルは編集しないこと。",
		"本番の設定ファイルの件はもう気にしなくて大丈夫です、山本さんが担当を外れました。")
	if !has(got, "lifted", "本番の設定ファイルは編集しないこと") || !has(got, "active", "ログは英語で統一") {
		t.Errorf("%q", got)
	}
}

// TestChatterPastNoRule: "only" or "always" before a past told in
// passing is no rule; before a rule's participle it still is.
func TestChatterPastNoRule(t *testing.T) {
	for _, s := range []string{"the new espresso machine finally arrived, only took them a month lol", "printer on 2 always jammed on fridays back then"} {
		if got := rulesAfter(s); len(got) != 0 {
			t.Errorf("%q: %q", s, got)
		}
	}
	for _, s := range []string{"Only deploy from the release branch, never from a fork.", "Uploads only allowed through the signed URL, never by hand."} {
		if got := rulesAfter(s); len(got) == 0 {
			t.Errorf("%q: %q", s, got)
		}
	}
}

// TestPartialLiftShownOnRule: a permission for one case beside what stays
// for the rest is an exception shown on the rule, not a lift or a rule of
// its own: the remainder first ("everywhere else …") or after, the
// permission told as "is fine", the rule named as "the no-X thing", in
// English and French.
func TestPartialLiftShownOnRule(t *testing.T) {
	for _, c := range []struct{ rule, part, except string }{
		{"Hard rule from Ines: no bicubic resampling on any layer, lanczos only.", "Ines says bicubic is actually fine for the hillshade preview, it is never published. The published layers stay lanczos only though.", "hillshade preview"},
		{"Also: no new npm dependencies, we had a supply-chain scare in spring.", "Dana ok'd one exception to the no-deps thing: we can add date-fns for the calendar widget. nothing else.", "date-fns"},
		{"Les règles de Marc : rien au-dessus de 80 caractères par ligne ; les tests avant chaque push.", "Marc dit que pour les URLs dans les commentaires, les lignes longues c'est ok, sinon on ne peut pas les copier. Partout ailleurs ça reste 80 maximum.", "URLs"},
	} {
		got := rulesAfter(c.rule, c.part)
		if !has(got, "active", "except: ") || !has(got, "active", c.except) {
			t.Errorf("%q then %q: %q", c.rule, c.part, got)
		}
	}
}

// TestRelayedListItems: the items under a line passing on someone's list
// are that person's rules, whatever their shape.
func TestRelayedListItems(t *testing.T) {
	got := rulesAfter("new sprint, the export service.\n\nMarta (security) forwarded me her checklist, here it is:\n- exports are encrypted at rest with the tenant key\n- we only keep export files for 72 hours")
	if !has(got, "active", "encrypted at rest") || !has(got, "active", "72 hours") {
		t.Errorf("%q", got)
	}
}

// TestRelayedProhibition: a prohibition someone laid on the team, relayed
// ("asked us not to", "pidió no usar"), is a rule; a question about one
// is not.
func TestRelayedProhibition(t *testing.T) {
	got := rulesAfter("Quick context first.", "Also Dimitri from infra asked us not to touch the shared Redis, it backs the session store.")
	if !has(got, "active", "asked us not to touch the shared Redis") {
		t.Errorf("English: %q", got)
	}
	got = rulesAfter("Hola, empezamos con la migración del panel de pedidos.", "y Lucía (la líder técnica) pidió no usar la librería moment, prefiere date-fns porque moment ya no se mantiene.")
	if !has(got, "active", "pidió no usar la librería moment") {
		t.Errorf("Spanish: %q", got)
	}
	if got := rulesAfter("did Dimitri ask us not to touch the shared Redis?"); len(got) != 0 {
		t.Errorf("question: %q", got)
	}
}
