// The reducer's apply: one admitted proposal becomes an anchor (new, restated,
// superseding or moving another), and relative, a relative change of a held value.

package projection

import (
	"slices"
	"strings"
)

func (r *Reducer) apply(ev *Event, p *Proposal, ref EventRef, id string, moved map[*Anchor]bool) {
	if p.Kind == KindValue {
		// A key or a password the user pasted is held masked (secret.go).
		if v, q, ok := maskSecret(p.Name+" "+p.Key, p.Value, p.Quote); ok {
			if len(r.secrets) == maxSecrets {
				r.secrets = r.secrets[1:]
			}
			r.secrets = append(r.secrets, strings.TrimSpace(p.Value))
			cp := *p
			cp.Value, cp.Quote = v, q
			p = &cp
		}
	}
	if len(r.secrets) > 0 {
		// and masked wherever it comes again ("printf 'KEY=%s' '7fQm…'
		// >> .env").
		p = r.maskKnown(p)
	}
	auth := authorityOf(ev, p.Kind)
	if p.Instructions || p.UserAnswer {
		// A project's instruction file is the system's word
		// (instructions.go); an answer a tool relayed, the user's.
		auth = Normative
	}
	if p.Todo {
		// The agent's own task list is the execution's lifecycle (todo.go).
		auth = Procedural
	}
	if p.Pasted {
		// a tool's output the user pasted (pastedfail.go)
		auth = Empirical
	}
	nu := &Anchor{ID: id, Kind: p.Kind, Key: p.Key, Name: p.Name, Value: p.Value, Authority: auth, SourceRefs: []EventRef{ref},
		Quote: p.Quote, Because: p.Because, Links: slices.Clone(p.Links), Scope: p.Scope}
	switch p.Op {
	case OpLift:
		if p.Kind == KindValue {
			r.removeValue(p, ref) // editremoved.go
			return
		}
		if p.Kind == KindObjective && p.Correction {
			r.supersedeScope(p.Key, ref)
			return
		}
		if p.Kind == KindUncertainty && (p.Name == confirmedName || p.Name == refutedName) {
			r.closeHypothesis(p, ref) // hypclose.go
			return
		}
		if p.Kind == KindUncertainty {
			r.answer(p, ref, id)
			return
		}
		if p.Kind == KindObligation {
			r.release(p, ref)
			return
		}
		if p.Name == orderedName {
			r.orderedLift(p, ref) // orderlift.go
			return
		}
		if p.Name == "dropped" {
			r.dropPractice(p, ref)
			return
		}
		if p.Kind == KindDecision && p.Name == reversedName {
			r.reverseDecision(ev, p, ref)
			return
		}
		if p.Kind == KindDecision {
			if d := r.decisionNaming(p.Value); d != nil {
				d.Lifecycle = Superseded
				d.Because = p.Quote
				d.addRef(ref)
			}
			return
		}
		r.lift(p, ref, id)
		return
	case OpOutcome:
		r.outcome(ev, p, nu, ref, moved)
		return
	case OpExcept:
		if p.Name == "act" {
			// a permission of the act a rule forbids, in a part (permitact.go)
			r.exceptAct(p, ref, id)
			return
		}
		r.except(p, ref, id)
		return
	case OpDone:
		r.done(p, ref, nu)
		return
	}
	old := r.hot[slot(p.Kind, p.Key)]
	switch p.Kind {
	case KindObjective:
		nu.Lifecycle = Active
		if p.PromptSaid && old != nil && old.Authority == Normative {
			// the agent's reading of the prompt never replaces the
			// user's own words (promptsaid.go)
			return
		}
		if old != nil && old.Lifecycle == Done {
			// The task the session's outcome ended (outcome.go): its
			// objective said again is the task done, another one a new
			// task.
			if objectiveText(old.Value) == objectiveText(p.Value) {
				old.addRef(ref)
				return
			}
			r.newTask(nu, old)
			break
		}
		if old != nil {
			if !p.Correction {
				return
			}
			if o, n := objectiveText(old.Value), objectiveText(p.Value); o == n || strings.HasPrefix(n, o) && o != "" {
				// The same objective restated, or in full where the
				// first statement was cut short (the head of the first
				// message): not a new objective.
				if len(n) > len(o) {
					old.Value, old.Quote = p.Value, p.Quote
				}
				old.addRef(ref)
				return
			}
			r.supersede(nu, old)
			r.oldTasksGone(nu, old, ref)
		}
	case KindConstraint:
		nu.Lifecycle = Active
		if p.Name == restName && !r.restRule(nu, p, ref, id) {
			// the rest of a rule the exception before it was made to
			// (restrule.go)
			return
		}
		if p.Replaces != "" {
			// "use port 9090, not 8080" after "The service must listen on
			// port 8080": the rule stating the old value, restated with the
			// new one (replace.go); no rule of its own otherwise.
			v, _, _ := replacement(p.Value)
			o := r.ruleStating(p.Replaces, v)
			if o == nil {
				return
			}
			r.choiceRead(ref, p.Quote)
			if old != nil && old.Lifecycle == Active {
				// the sentence is a rule of its own as well
				r.supersede(old, o)
				return
			}
			r.supersede(nu, o)
			break
		}
		if ev.Role == RoleUser || ev.Role == RoleSystem {
			nu.Until = untilOf(ev.Text, p.Quote)
			if nu.Until == "" && ev.Role == RoleUser && replyScoped(ev.Text, p.Quote) {
				nu.Until = untilReply
			}
		}
		if restated(old, Active, ref) {
			return
		}
		if p.Restates {
			// "Reminder: leave the dags/legacy folder alone": the rule said
			// before, in other words; "lock 禁止はまだ生きてるよ、例外は
			// tokio だけ": with the exception it keeps (oncelift.go).
			if o := r.ruleRestated(p.Value); o != nil {
				if x, said := restatedException(p.Value); x != "" && !slices.Contains(o.Links, x) {
					r.restateExcept(o, said, x, ref, id)
					return
				}
				o.addRef(ref)
				return
			}
			if !isRule(p.Value) {
				// "that rule still stands" with no rule held: nothing
				// to refresh, and no rule in its words
				return
			}
		}
		if !p.Correction {
			// A rule said again refreshes the first; said again with more
			// ("never push to main without a review") it replaces it.
			if o := r.sameRule(p); o != nil {
				if !adds(ruleTerms(p.Value), ruleTerms(o.Value)) || remainderRE.MatchString(p.Value) {
					o.addRef(ref)
					return
				}
				if o.Seq() != ref.Seq || !adds(ruleTerms(o.Value), ruleTerms(p.Value)) {
					// A rule said again with more replaces the one it
					// holds, in the same message too ("Never push to main.
					// Never push to main without a review."); two rules
					// of one message that each say what the other does
					// not ("1. You issue at least one command", "2. At
					// least one tool call with your command") are both in
					// force.
					r.supersede(nu, o)
				}
			}
		}
		// A rule that pins a thing to another version than an active
		// rule does restates it: it supersedes it whatever else it says.
		fp := pinFacts(p.Value)
		if o := r.closest(p.Value, 0, func(a *Anchor) bool {
			return a.Kind == KindConstraint && a.Lifecycle == Active && repinsOf(a.valueFacts(), fp)
		}); o != nil {
			r.supersede(nu, o)
		} else if o := r.narrowedRule(nu, ref); o != nil && ev.Role == RoleUser {
			// "clippy -D warnings seulement sur tabulo-core" after "…
			// tu lances clippy avec -D warnings" (narrow.go).
			r.supersede(nu, o)
		} else if p.Correction && !proFormRefusal(p.Value) {
			// "no, don't do that": the agent's act, not a rule
			// (correctref.go).
			o := r.naming(p.Links, KindConstraint, Active)
			if o == nil {
				// the rule whose subject it names, not one that only
				// shares its "no" (correctsubject.go)
				o = r.correctedRule(p.Value, 0.3, len(p.Links) > 0)
			}
			if o != nil {
				r.supersede(nu, o)
			}
		}
		if o := r.formReplaced(p.Value, nu); o != nil && o.Lifecycle == Active {
			// "やっぱりコミットメッセージは英語にして" after "コミットメッセージ
			// は日本語で": another form for the same kind of text
			// (formrule.go)
			r.supersede(nu, o)
		}
		if ev.Role == RoleUser {
			r.forbidPlans(nu, ref)
		}
	case KindObligation:
		nu.Lifecycle = Open
		if restated(old, Open, ref) {
			return
		}
		if !pathRE.MatchString(p.Value) {
			// "记得写 reindex 的文档啊" after "reindex 的操作文档
			// docs/reindex.md": the task asked again names the file the
			// first asking gave, so writing that file does it.
			if path := r.pathSaidFor(p.Value); path != "" && !slices.Contains(nu.Links, path) {
				nu.Links = append(nu.Links, path)
			}
		}
	case KindValue:
		nu.Lifecycle = Current
		code := codeIdentOf(p, ev.Role)
		if p.AgentSet || p.Measured {
			// a setting the agent says it changed (agentset.go), a
			// metric a run measured (measured.go)
			if !r.agentValue(ev, p, nu, ref, code) {
				return
			}
			break
		}
		if p.Replacement {
			// "Use eu-west-1 instead of us-east-1": the setting that holds
			// the old value, or none (replace.go).
			if r.holding(p.Was) == nil {
				return
			}
			r.choiceRead(ref, p.Quote)
		}
		if h := r.holding(p.Value); ev.Role == RoleTool && h != nil && r.sameSettingAs(h, p, code) && !morePrecise(h.Key, p.Key) {
			// A command set the value the setting already holds: done
			// as said, no second copy (sedvalue.go). Another setting
			// holding the same number is no reason to drop it. Written
			// into a file, the value told under no file gains the file.
			if r.gainFile(h, p.Key, p.Was) {
				h.addRef(ref)
			}
			return
		}
		if o := r.valueCoded(p.Key, code); ev.Role == RoleTool && (o == nil || o.Key != p.Key) {
			// an edit's fragment names a setting the file written whole
			// named by its path
			if k := r.heldPath(p.Key, p.Was); k != "" {
				p.Key, nu.Key = k, k
			}
		}
		if p.Rel != "" {
			r.relative(ev, p, nu)
			r.valueSet(nu, ref)
			return
		}
		if h := r.newestHolding(p.Value); ev.Role == RoleUser && h != nil && h.Key != p.Key && p.Was == "" && !namesSetting(p.Quote, p.Name, p.Key) {
			// "ok, 15 then" after the agent set the worker's concurrency
			// to the 15 it worked out: the value the user accepts, said
			// again, not a change of the setting named last
			h.addRef(ref)
			return
		}
		o := r.valueCoded(p.Key, code)
		if o != nil && o.Seq() == ref.Seq && property(o.Key) != property(p.Key) {
			// Two settings the same message names ("心跳间隔 300s。
			// MeterValueSampleInterval 60s。"), alike only in their head
			// words: not one setting set twice.
			o = nil
		}
		w := r.holding(p.Was)
		if w == nil && bareNumberRE.MatchString(p.Was) {
			// "BIRTHDAY_BONUS = 50 → 100" after "birthday: 50 points":
			// the number held in its unit
			w = r.holdingNumber(p.Was)
		}
		if p.Was != "" && w != nil && (o == nil || leadNumber(o.Value) != p.Was) && (ev.Role != RoleTool || r.sameSettingAs(w, p, code)) && !r.otherCode(w, code) {
			// "是 8192，不是 4096": the value it replaces names the setting
			// better than a name that may be a pronoun's guess.
			o = w
			nu.Key, nu.Name = o.Key, o.Name
		}
		if o != nil && p.Refers && p.Was != "" && p.Rel == "" && leadNumber(o.Value) != leadNumber(p.Was) {
			// "the welcome bonus: no, not 5 but 15" after the birthday
			// bonus of 50 was read: the number it replaces is no value
			// held, so it corrects a setting never read, not the one set
			// last.
			return
		}
		if o == nil && p.Refers {
			// "that batch thing": a setting already held, or none; or
			// the one the agent's message before suggested a value for
			// ("3, niet 5" after "5 pogingen": notinstead.go).
			if o = r.referent(p.Name); o != nil {
				nu.Key, nu.Name = o.Key, o.Name
			} else if r.suggestedName == "" || p.Key != settingKey(r.suggestedName) {
				return
			}
		}
		if o == nil && p.Was != "" {
			// "the connection limit should be 25, not 30" after "max
			// connections is 20 … change that to 30": the value it replaces
			// names the setting when one setting alone holds it.
			if o = r.holding(p.Was); o != nil && (ev.Role == RoleTool && !r.sameSettingAs(o, p, code) || r.otherCode(o, code)) {
				// A command's edit names its setting (a sed's key in its
				// file): another setting that held the number it replaced
				// is not the one it changed; nor is another code name.
				o = nil
			} else if o != nil {
				nu.Key, nu.Name = o.Key, o.Name
			}
		}
		if o != nil && ev.Role == RoleUser && p.Correction && p.Key == r.lastKey {
			// "make it 50,000 rows per file" after the file name was set:
			// the number counts what a limit rule bounds ("Max 10,000
			// rows per file"), not the setting named last
			if tail := countedTail(p.Value); tail != "" && !strings.Contains(strings.ToLower(o.Value), tail) && unitOf(o.Value) == "" {
				if rule, at := r.limitRuleFor(tail); rule != nil {
					r.limitRestated(rule, at, p.Value, ev, ref)
					return
				}
			}
		}
		if o != nil && ev.Role == RoleUser && p.Correction && p.Key == r.lastKey && (otherDimension(o.Value, p.Value) || measureOnCount(HeldValue{Key: o.Key, Name: o.Name, Value: o.Value}, p.Value)) {
			// "10mb is fine" after the payment timeout was set to 15s: a
			// size is no value of a duration, nor "改成 20480KB" of a
			// batch size of 200, whatever was named last.
			return
		}
		if o != nil && ev.Role == RoleUser && o.Key != p.Key && numericHeld(p.Value) && structuredValue(o.Value) {
			// "pool size DB: dev 5" after pyproject.toml's dev group was
			// edited: a number is no value of a list; the scope word
			// said matched the file's key, not its setting.
			if p.Refers {
				return
			}
			o = nil
			nu.Key, nu.Name = p.Key, p.Name
		}
		if o != nil {
			if m := heldNumRE.FindStringSubmatch(strings.TrimSpace(o.Value)); m != nil && m[3] != "" && ev.Role == RoleUser && bareNumberRE.MatchString(p.Value) {
				// "no, keep 10" of a setting held as "15 minutes": the
				// number in the held value's unit, written as it is
				p.Value += m[2] + m[3]
			}
			if o.Value == p.Value || ev.Role == RoleTool && sameQuantity(o.Value, p.Value) {
				// "timeout: 30s → 45s" in config.yaml after the user set
				// it to 45 seconds: the value held, written another way
				if nu.Name == p.Name {
					r.noteCode(o.Key, code)
				}
				o.addRef(ref)
				if ev.Role == RoleTool && sameSpan(o.Value, p.Value) && leadNumber(o.Value) != leadNumber(p.Value) {
					// "2 分" written as "120s": the file's words
					o.Value = p.Value
				}
				if ev.Role == RoleTool {
					r.gainFile(o, p.Key, p.Was)
				}
				r.noteValue(ev, o)
				return
			}
			if entity(p.Key) == "-" || envEntity(entity(p.Key)) != "" && envFileOf(entity(p.Key), entity(o.Key)) {
				// "prod の max_connections は 50 に" of the value
				// config/production.toml holds: that file's setting
				nu.Key = o.Key
			}
			r.supersede(nu, o)
		} else if p.Was != "" {
			nu.Was = p.Was
			if m := heldNumRE.FindStringSubmatch(strings.TrimSpace(p.Was)); m != nil && m[3] != "" && ev.Role == RoleUser && bareNumberRE.MatchString(p.Value) && p.Rel == "" {
				// "payment call timeout is 10s rn right? make it 15":
				// the number in the unit of the value it replaces
				p.Value += m[2] + m[3]
			}
		}
		nu.Value = p.Value
		if nu.Name == p.Name {
			r.noteCode(nu.Key, code)
		}
		r.noteValue(ev, nu)
		r.valueSet(nu, ref)
	case KindDecision:
		nu.Lifecycle = Active
		if restated(old, Active, ref) {
			return
		}
		if ev.Role == RoleAssistant {
			if d := r.userChoiceRestated(p.Value); d != nil {
				// "Going with XLSX then, using excelize." after the user
				// chose XLSX: the user's choice said again, one more
				// source of it, not a second decision.
				d.addRef(ref)
				return
			}
		}
		if p.Name == turnedOffName {
			// A thing turned off: the decision that turned it on,
			// reversed, or nothing stated (decreverse.go).
			r.turnValueOff(p.Replaces, nu.ID, ref)
			o := r.turnedOn(p.Replaces)
			if o == nil {
				return
			}
			o.Because = p.Quote
			r.supersede(nu, o)
			break
		}
		if strings.HasPrefix(p.Key, answerPrefix) {
			if ev.Role == RoleUser && r.exceptedAt(ref.Seq, p.Quote) != nil {
				// "pode mexer só no versionCode do app.json, o resto
				// continua sem mexer" to "posso alterar lá?": the answer
				// is the exception a rule now holds, and goes with it
				// (restrule.go).
				return
			}
			// The user's answer to the agent's question (asked.go): a
			// fact settled, shown with its question, replacing nothing
			// but an answer to the same question (answeragain.go).
			nu.Was = p.Was
			if o := r.hot[slot(KindDecision, p.Replaces)]; p.Replaces != "" && o != nil && o.Lifecycle == Active && o != old {
				nu.inherit(o)
				o.Because = p.Quote
				r.retire(o, Superseded)
			}
			if ev.Role == RoleUser {
				r.answerTurnsOff(p.Quote, nu.ID, ref)
			}
			break
		}
		// The decision it replaces: the one naming the most of the same
		// components; failing that, for a stated switch, the nearest in
		// words among those naming nothing it names.
		o := r.naming(p.Links, KindDecision, Active)
		if rest, ok := strings.CutPrefix(p.Replaces, optionsPrefix); ok {
			o = r.decisionOfOptions(strings.Split(rest, optionsPrefix))
		} else if p.Replaces != "" {
			o = r.decisionNaming(p.Replaces)
		}
		if p.Name == switchedName && o != nil {
			// "别用 dashmap，换成 RwLock": the decision naming what the
			// user drops keeps the user's words as its reason; a switch
			// from a thing no decision holds replaces none (switchaway.go).
			o.Because = p.Quote
		}
		if o == nil && p.Name != switchedName {
			min := 0.7
			if p.Correction {
				min = 0.01
				// "dashmap は使わず、…にします": the choice naming what
				// the switch says it drops, before any nearer in words
				// (decreverse.go; trial 9: a flaky-test decision was
				// taken for it).
				o = r.droppedDecision(p.Value)
			}
			if o == nil {
				about := p.Value
				if p.Correction {
					// the decision it is about, not the last one said
					// with the same "actually" (corrsubject.go)
					about = subjectText(p.Value)
				}
				o = r.nearestUnlinked(KindDecision, about, min, len(p.Links) > 0)
			}
			if n := r.newestChoice(); o == nil && p.Correction && n != nil && (len(p.Links) == 0 || len(n.Links) == 0) {
				o = n
			}
			if o != nil && aboutOther(p.Value, o.Value) && r.droppedDecision(p.Value) != o {
				// "versionCode 改为 43；release workflow 改为 …" after
				// the Compat APIs were chosen: a change of named things
				// takes back no choice naming none of them (decsubject.go).
				o = nil
			}
			if x := insteadOfRE.FindStringSubmatch(p.Value); o != nil && ev.Role == RoleAssistant && x != nil {
				// "I'll use format_relative_time instead of
				// format_timestamp": the agent's switch replaces the
				// choice naming what it drops, or none.
				if n, _ := sharedStems(stems(x[1]), stems(o.Value)); n == 0 {
					o = nil
				}
			}
			if x := switchWhatRE.FindStringSubmatch(p.Value); o != nil && ev.Role == RoleAssistant && x != nil && insteadOfRE.FindStringSubmatch(p.Value) == nil {
				// "switching region to eu-west-1 everywhere": the agent's
				// switch of a thing it names replaces the choice naming
				// that thing, or none (not "I'll switch to for_each keyed
				// by AZ name", which shares only "switch" and "AZ").
				if n, _ := sharedStems(stems(x[1]), stems(o.Value)); n == 0 {
					o = nil
				}
			}
			if o != nil && p.Correction && namesOther(p.Value, o.Value) {
				// "actually scratch the timeout-minutes thing, just remove
				// it" after choosing cosign: a switch naming another thing
				// takes back no choice that does not name it.
				o = nil
			}
		}
		if ev.Role == RoleUser && p.Correction && p.Replaces == "" && len(p.Links) == 0 && !reversalRE.MatchString(p.Quote) {
			// "use always_invoice instead": what the message is about
			// (insteadof.go); "make it milliseconds instead" points back
			// at the newest decision by its pronoun
			o = r.insteadSubject(nu, o, ev.Text)
		}
		if o != nil && o.Authority == Normative && nu.Authority != Normative {
			// The assistant's own switch ("switching it to PROTECT") never
			// takes back what the user chose.
			o = nil
		}
		if o != nil {
			r.supersede(nu, o)
			if nu.Authority == Normative {
				r.echoesRetired(o, ref)
			}
		} else if p.Name == switchedName && p.Was != "" {
			// "nee toch geen IOptionsSnapshot, gebruik IFeatureManager":
			// what it said no to, though no decision held it (decback.go)
			nu.Was = p.Was
		}
		// Adopting what was rejected supersedes the rejection.
		if n := r.naming(p.Links, KindNegative, Active); n != nil && !p.Correction {
			r.retire(n, Superseded)
		}
	case KindNegative:
		nu.Lifecycle = Active
		if restated(old, Active, ref) {
			return
		}
		if o := r.naming(p.Links, KindNegative, Active); o != nil {
			r.retire(o, Superseded)
		} else if o := r.nearestUnlinked(KindNegative, p.Value, 0.7, len(p.Links) > 0); o != nil {
			r.retire(o, Superseded)
		}
		nu.Because = p.Value
	case KindUncertainty:
		nu.Lifecycle = HypothesisLC
		if old != nil {
			// Restating a hypothesis neither resets nor advances its
			// status: only evidence moves it. The restatement may name
			// whom the question was deferred to.
			old.addRef(ref)
			for _, l := range p.Links {
				if !slices.Contains(old.Links, l) {
					old.Links = append(old.Links, l)
				}
			}
			return
		}
		// A new hypothesis never retires an older one: only evidence moves
		// a hypothesis (§17); the cap bounds how many stay hot.
	case KindArtifact:
		nu.Lifecycle = Observed
		if old != nil {
			old.Value = p.Value
			old.addRef(ref)
		} else {
			r.hot[slot(nu.Kind, nu.Key)] = nu
		}
		r.touched(p.Name, ref, moved)
		return
	}
	if cur := r.hot[slot(nu.Kind, nu.Key)]; cur != nil {
		r.retire(cur, Superseded)
	}
	r.hot[slot(nu.Kind, nu.Key)] = nu
}

// relative applies a relative change (relative.go) to the value it names:
// computed when it can be, else stated as the change of the held value;
// a change of a setting not held states nothing.
func (r *Reducer) relative(ev *Event, p *Proposal, nu *Anchor) {
	defer func() {
		if p.Rel != "=was" && nu.Key != "" && r.hot[slot(KindValue, nu.Key)] == nu {
			// the change made this value (relLast)
			r.relLast = nu.ID + "|" + p.Rel
		}
	}()
	var o *Anchor
	if p.Name == "" {
		// "64 MB for the image cache is too much, halve that": the
		// setting whose value the sentence names, else the one set last.
		o = r.namedByValue(p.Quote)
	} else if strings.ContainsAny(p.Name, "0123456789") {
		// "double the 30 min one", "那个 5 分钟的": a setting named by
		// its value.
		if o = r.namedByValue(p.Name); o != nil {
			p.Key, p.Name = o.Key, o.Name
		}
	}
	if _, days := dayChange(p.Rel); o == nil && days && p.Name == "" {
		// "Dana gave us two more days on the report": the value that is
		// a day (dates.go), not the setting set last.
		if o = r.dayValueFor(p.Quote); o != nil {
			p.Key, p.Name = o.Key, o.Name
		} else if v := r.valueOf(p.Key); v == nil || unitOf(v.Value) == "" {
			// Nor a count set last ("two more days" is no two more
			// retries).
			return
		}
	}
	if o == nil && p.Name == "" && p.Rel != "=was" {
		// "1.5倍にしてください" right after the agent ran the plot with
		// "--linewidth 1.0": the one setting the run gave a number, when
		// it ran after the value set last was set.
		// Not when the agent's words since named the value set last
		// ("At 5000 per batch: 1466 rows/s" after the run with --limit
		// 100000): the talk is about that setting.
		if last := r.valueOf(p.Key); last == nil || r.ranSeq > last.Seq() && !talkedOf(r.talked, last.Value) {
			if k, v, ok := r.ranSetting(""); ok {
				if o = r.referent(k); o == nil {
					p.Key, p.Name, p.Was = "value/-/"+strings.ToLower(k), k, v
					nu.Key, nu.Name = p.Key, p.Name
				}
			}
		}
	}
	if o == nil && p.Key != "" && p.Was == "" {
		o = r.valueCoded(p.Key, codeIdentOf(p, ev.Role))
		if o != nil && p.Name == "" && pctRE.MatchString(p.Quote) && !strings.HasPrefix(p.Rel, "%") && !strings.HasSuffix(p.Rel, "/100") && !strings.Contains(o.Value, "%") {
			// "30% is too much, make it a third less" after the birthday
			// bonus of 50 was set: a change of a percentage, not of the
			// count set last.
			return
		}
	}
	if o == nil && p.Name != "" {
		o = r.referent(p.Name)
	}
	if o == nil && p.Name != "" {
		o = r.statedWith(p.Name)
	}
	var q *quantity
	if o == nil && p.Name != "" {
		// "put the autosave back" after "make the interval twice as
		// long": the value a change made of the quantity it names.
		if q = r.quantityFor(p.Name); q != nil && q.key != "" {
			if o = r.valueOf(q.key); o == nil {
				q = nil
			}
		}
	}
	if x, ok := strings.CutPrefix(p.Rel, "~same as "); ok && o != nil && p.Key != "" && p.Key != o.Key && strings.Contains(strings.ToLower(o.Name+" "+o.Key), strings.ToLower(strings.TrimRight(strings.TrimSpace(x), ".,;:!?。"))) {
		// "the ES client timeout: same as redis" found the redis
		// timeout: the setting pointed to, not the one set.
		o = nil
	}
	if o == nil && p.Name == "" && p.Rel != "" && p.Was == "" && r.answered != "" && p.Key == "value/-/"+strings.ToLower(r.answered) {
		// "READ_CHUNK is 64 KiB." — "bump it by half": the number the
		// agent's answer gave the setting it named (valueref.go).
		if v := r.answeredNumber(r.answered); v != "" {
			p.Name, p.Was = r.answered, v
			nu.Name = p.Name
		}
	}
	if o == nil && p.Rel == "=was" && p.Name == "" {
		// "put it back" naming nothing: the value changed last, when that
		// change is one left unresolved (below).
		o = r.newestValue()
	}
	if o == nil {
		if p.Name == "" || p.Key == "" {
			return
		}
		// A setting no value holds: the number the user wrote next to
		// it before, changed, or the change as stated (relative.go).
		nu.Value = statedChange(p.Rel)
		if x, ok := strings.CutPrefix(p.Rel, "~same as "); ok {
			// "ES 客户端的超时就跟之前 redis 那个一样吧" after "redis 超时
			// 800ms": the value the setting it points to holds.
			if ref := r.valueNamedBy(x, p.Name); ref != nil {
				nu.Value = ref.Value + " (same as " + ref.Name + ")"
				r.hot[slot(nu.Kind, nu.Key)] = nu
				r.noteValue(ev, nu)
				return
			}
		}
		// "…再多加十只吧，30 只还是太集中了": the sentence says what it
		// is, else the user said it before: beside its name, or as a
		// quantity named by its words (quantity.go).
		held := p.Was
		if held != "" && p.Rel != "" && p.Rel != "=was" && resultAfter(p.Quote, held) {
			// "halve the pretrigger then, 250ms is plenty": the number
			// said after the change, in a clause of its own, is what it
			// comes to, not what it changes.
			nu.Value, nu.Was = held, ""
			r.hot[slot(nu.Kind, nu.Key)] = nu
			r.noteValue(ev, nu)
			return
		}
		if held == "" {
			held = heldIn(r.said, p.Name)
		}
		if held == "" && p.Rel != "=was" {
			// "make the window half that" after a run with "--window
			// 2048": the number the setting was run with.
			if _, v, ok := r.ranSetting(p.Name); ok {
				held = v
			}
		}
		var limit *Anchor
		var limitAt []int
		if held == "" && p.Rel != "=was" && q == nil {
			// "double the job limit" after "at most 50 jobs at once in
			// the queue": the number the limit rule holds (limitrule.go).
			if limit, limitAt = r.limitRuleFor(p.Name); limit != nil {
				held = limit.Value[limitAt[0]:limitAt[1]]
			}
		}
		if held == "" && q != nil && p.Rel != "=was" {
			held = q.value
		} else {
			q = nil
		}
		if held == "" && p.Rel != "=was" {
			held = durationIn(plainNumbers(ev.Text, decimalComma(r.lang)), p.Name)
			if held != "" && resultAfter(p.Quote, held) {
				// "halve the pretrigger then, 250ms is plenty": the
				// number said after the change, in a clause of its own,
				// is what it comes to, not what it changes.
				nu.Value = held
				r.hot[slot(nu.Kind, nu.Key)] = nu
				r.noteValue(ev, nu)
				return
			}
		}
		if held == "" && (len(keyWords(p.Name)) == 0 || bareCountRE.MatchString(p.Rel)) {
			// "one more thing", "two more tests": no setting named.
			return
		}
		r.hot[slot(nu.Kind, nu.Key)] = nu
		if p.Rel == "=was" && held != "" {
			// "元に戻して" of a setting the user gave two numbers in
			// passing (40, then 60): the one before the last.
			if b := heldBefore(r.said, p.Name, held); b != "" {
				nu.Value, nu.Was = b, held
				r.noteValue(ev, nu)
				return
			}
		}
		if held != "" {
			nu.Was = held
			if v, ok := applyChange(held, p.Rel); ok {
				nu.Value = v
				if limit != nil {
					r.limitRestated(limit, limitAt, v, ev, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
				}
				if q != nil {
					// A value computed from a number told in passing
					// (quantity.go) is no referent of a later "make it …":
					// that stays the value the user set by its name.
					r.madeFrom(q, nu, p.Name, ev.Seq)
				} else {
					// Only a value known is the setting a later "make it
					// …" names.
					r.noteValue(ev, nu)
				}
			} else {
				nu.Value = describeChange(held, p.Rel)
			}
		}
		return
	}
	if p.Rel == "=was" && o.Was == "" && strings.HasPrefix(o.Value, "unresolved: ") {
		// "put it back" after "double it" with no value known: the change
		// is undone and the value is again the one never stated, so the
		// unresolved change is no longer current.
		r.retire(o, Superseded)
		return
	}
	if p.Rel != "=was" && r.relLast == o.ID+"|"+p.Rel && o.Seq() < ev.Seq && !againRE.MatchString(p.Quote) {
		// "持续时间减半" in the amended minutes after the first minutes'
		// "持续时间减半" made it 5 minutes: the change said again, not
		// made again ("halve it again" is)
		o.addRef(EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
		return
	}
	held := o.Value
	v, ok := applyChange(held, p.Rel)
	if p.Rel == "=was" {
		// Back to the value before: the one it replaced, else the one
		// the user gave it before.
		was := o.Was
		if was == "" && p.Name != "" {
			was = heldBefore(r.said, p.Name, o.Value)
		}
		if was == "" {
			was = r.agentHeldBefore(o)
		}
		if was != "" {
			v, ok = was, true
		}
	}
	if !ok && p.Rel == "=was" && p.Refers && !namesSetting(p.Quote, o.Name, o.Key) {
		// "revert it" of a value told once, with nothing before it: the
		// pronoun is about something else (a commit, a change of code).
		// A sentence naming the setting ("go back to the old value for
		// the batch size") leaves it unresolved: the value it held is
		// not current.
		return
	}
	if !ok && p.Name == "" && p.Rel != "=was" {
		// "a day earlier" is no change of the batch size set last, nor
		// "1.5倍に" of the deadline 12/10: a change named by no word that
		// does not apply to the value set last is not about it.
		return
	}
	if !ok {
		v = describeChange(held, p.Rel)
	}
	nu.Key, nu.Name, nu.Value = o.Key, o.Name, v
	r.supersede(nu, o)
	r.hot[slot(nu.Kind, nu.Key)] = nu
	r.noteValue(ev, nu)
	if p.Rel == "=was" {
		r.reverted, r.revertSeq = nu.Key, ev.Seq
	}
}
