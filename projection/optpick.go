package projection

import (
	"slices"
	"strings"
)

// An option picked, then corrected in the same message.
//
// "选b吧…不对，b 要加 bullmq，违反不加依赖。就 a" to the agent's "a) 流式 CSV
// … b) 后台 job + 轮询 c) 前端分页导出": the user picks one of the listed
// options by its place (chosenByPlace), takes it back and picks another.
// The last pick is the decision; each earlier one is an option
// considered and rejected, its reason the words between the pick and the
// next ("不对，b 要加 bullmq，违反不加依赖"), so a later reader does not
// take it for chosen. "b, no wait, b needs bullmq. a then", "pick b… no,
// a" read the same. Picks of the same option twice, or one pick, are left
// as they are.

// lastPickWins rewrites out, for user text, when two or more of its
// decisions pick different offered options by place (see above).
func lastPickWins(text string, ctx *Context, out []Proposal) []Proposal {
	if len(ctx.Offered) < 2 {
		return out
	}
	type pick struct {
		i, at int
		opt   string
	}
	var picks []pick
	for i, p := range out {
		if p.Op != OpState || p.Kind != KindDecision || p.Quote == "" {
			continue
		}
		at := strings.Index(text, p.Quote)
		o := slices.IndexFunc(ctx.Offered, func(o string) bool { return p.Value == o+" ("+p.Quote+")" })
		if at < 0 || o < 0 {
			continue
		}
		picks = append(picks, pick{i, at, ctx.Offered[o]})
	}
	if len(picks) < 2 {
		return out
	}
	slices.SortFunc(picks, func(a, b pick) int { return a.at - b.at })
	last := picks[len(picks)-1]
	drop := map[int]bool{}
	var rejected []Proposal
	for j, p := range picks[:len(picks)-1] {
		if p.opt == last.opt || p.opt == picks[j+1].opt {
			continue
		}
		drop[p.i] = true
		q := out[p.i].Quote
		from := p.at
		if m := placeChoiceRE.FindStringIndex(q); m != nil {
			from += m[1]
		}
		why := ""
		if next := picks[j+1].at; next > from {
			why = strings.Trim(strings.TrimSpace(text[from:next]), "…,，。.;；!！ ")
		}
		v := p.opt + " — rejected"
		if why != "" {
			v += ": " + oneLine(why, valueRunes)
		}
		rejected = append(rejected, Proposal{Op: OpState, Kind: KindNegative, Key: "negative/-/" + slug(p.opt), Value: v, Quote: q, Links: mentions(p.opt)})
	}
	if len(drop) == 0 {
		return out
	}
	var kept []Proposal
	for i, p := range out {
		if !drop[i] {
			kept = append(kept, p)
		}
	}
	return append(kept, rejected...)
}
