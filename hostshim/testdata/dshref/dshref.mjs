// Reference runner for the hostshim differential test (differential_test.go).
//
// It builds each scenario of scenarios/*.json in the real host packages
// (@deepseek-ai/dsh-session, dsh-token-meter, dsh-compaction-basic, pinned in
// package.json and package-lock.json), runs its steps, and prints one JSON
// document: per scenario, per step, what the host answered and the state it
// left (surface, derived messages, tool-pairing answers, token prices and the
// events appended since the previous dump). The Go model must print the same
// document for the same scenarios.
//
// Usage: node dshref.mjs [scenario.json ...]   (default: every scenario)
// Install the pinned packages first: npm ci (in this directory).
// Regenerate the golden from the Go side: EF_UPDATE=1 go test -count=1
// -run TestDifferentialNode ./hostshim/
//
// Compaction ids and checkpoint message ids are random UUIDs in the host;
// the Go test replaces them by placeholders on both sides before comparing.
//
// A scenario is {name, doc, contextWindow?, engine?, agent?, session?,
// steps}. engine is BasicCompactionEngine config (auto is always false);
// contextWindow is what resolveModelInfo reports (default 128000). Steps:
//
//   {do: "append", type, data, surfaceOp?, sourceEventSeqs?}
//       session.append; a refusal is recorded, not fatal.
//   {do: "compactRegion", start, end, summary}
//   {do: "compactNow", sourceCommandId?, summary}
//   {do: "compactIfNeeded", trigger, summary | summaries}
//       the real engine calls; summarize() answers with summary (or
//       summaries[k] on its k-th call), or throws summaryError, after
//       appending the steps in during (to move the surface under it).
//   {do: "snapshot"}
//       dump the state.
//
// Every compaction step dumps the state after it. Anywhere in a step,
// {"$repeat": s, "times": n} stands for s repeated n times. Message ids are
// given explicitly in the data, so they are the same on both sides.

import { readFileSync, readdirSync } from 'node:fs'
import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Context } from '@deepseek-ai/cordis'
import { Session, SessionId } from '@deepseek-ai/dsh-session'
import { errorChain } from '@deepseek-ai/dsh-llm'
import { TokenMeter } from '@deepseek-ai/dsh-token-meter'
import { ManualCompactionError, toolPairingBalancedAfter, toolPairingBalancedBefore } from '@deepseek-ai/dsh-compaction'
import { BasicCompactionEngine } from '@deepseek-ai/dsh-compaction-basic'

const here = dirname(fileURLToPath(import.meta.url))

// expand replaces {"$repeat": s, "times": n} by s repeated n times, keeping
// the key order of everything else (the Go side does the same).
function expand(v) {
  if (Array.isArray(v)) return v.map(expand)
  if (v === null || typeof v !== 'object') return v
  if (Object.hasOwn(v, '$repeat')) return String(v.$repeat).repeat(v.times)
  const out = {}
  for (const [k, x] of Object.entries(v)) out[k] = expand(x)
  return out
}

// errorRecord renders an error as the test compares it: a manual
// compaction error by its code and the host text of its cause (or its own
// message when it has none); anything else by its errorChain.
function errorRecord(err) {
  if (err instanceof ManualCompactionError) {
    return { code: err.code, message: err.cause === undefined ? err.message : errorChain(err.cause) }
  }
  return { message: errorChain(err) }
}

function resultRecord(r) {
  if (r === null) return null
  return {
    compactionId: r.compactionId,
    ...(r.sourceCommandId === undefined ? {} : { sourceCommandId: r.sourceCommandId }),
    startSeq: r.startSeq,
    summarySeq: r.summarySeq,
    endSeq: r.endSeq,
    summary: r.summary,
    shadowedRange: r.shadowedRange,
    shadowedSeqs: r.shadowedSeqs,
    shadowedTokenCount: r.shadowedTokenCount,
  }
}

// ScriptedEngine is the real BasicCompactionEngine with its one documented
// hook, summarize(), answering from the scenario step instead of an LLM.
class ScriptedEngine extends BasicCompactionEngine {
  script = undefined
  async summarize(input, agent) {
    const sc = this.script
    sc.inputs.push({
      ...(input.system === undefined ? {} : { system: input.system }),
      ...(input.tools === undefined ? {} : { tools: input.tools }),
      messageIds: input.messages.map((m) => m.id),
    })
    for (const st of sc.during ?? []) doAppend(agent.session, st)
    const k = sc.calls++
    if (sc.summaryError !== undefined) throw new Error(sc.summaryError)
    const summary = sc.summaries !== undefined ? sc.summaries[Math.min(k, sc.summaries.length - 1)] : sc.summary
    return { summary, provider: sc.provider ?? 'scripted', model: sc.model ?? 'scripted-m' }
  }
}

function doAppend(session, st) {
  const opts = {}
  if (st.surfaceOp !== undefined) opts.surfaceOp = st.surfaceOp
  if (st.sourceEventSeqs !== undefined) opts.sourceEventSeqs = st.sourceEventSeqs
  return session.append(st.type, st.data, ...(Object.keys(opts).length === 0 ? [] : [opts]))
}

function dumpState(ctx, session, cursor) {
  const measurement = ctx.tokenMeter.measure(session)
  const events = session.events
  const nodes = session.surface.nodes.map((seq, i) => {
    const node = { seq, type: events[seq].type, tokens: measurement.nodes[i].tokens }
    try {
      node.balancedBefore = toolPairingBalancedBefore(session, seq)
      node.balancedAfter = toolPairingBalancedAfter(session, seq)
    } catch (err) {
      node.balanceError = errorChain(err)
    }
    // A seq's derived message never changes: print it where the seq first
    // shows up on a dumped surface only.
    if (!cursor.seen.has(seq)) {
      cursor.seen.add(seq)
      node.message = session.deriveEventMessage(events[seq])
    }
    return node
  })
  const fresh = events.slice(cursor.seq).map((e) => ({
    type: e.type,
    seq: e.seq,
    data: e.data,
    ...(e.sourceEventSeqs === undefined ? {} : { sourceEventSeqs: e.sourceEventSeqs }),
    ...(e.surfaceOp === undefined ? {} : { surfaceOp: e.surfaceOp }),
  }))
  cursor.seq = events.length
  return {
    surface: [...session.surface.nodes],
    replaceGeneration: session.surface.replaceGeneration,
    surfaceTokens: measurement.surfaceTokens,
    totalTokens: measurement.totalTokens,
    nodes,
    events: fresh,
  }
}

async function runScenario(sc) {
  const ctx = new Context()
  ctx.logger = { info() {}, warn() {}, debug() {}, error() {} }
  const contextWindow = sc.contextWindow ?? 128000
  ctx.llm = {
    async *stream() { throw new Error('dshref: the scripted engine never calls the LLM') },
    async resolveModelInfo(provider, model) { return { provider, model, name: model, context: { contextWindow } } },
  }
  ctx.tokenMeter = new TokenMeter(ctx)
  ctx.sessions = { flush: async () => true }
  const engine = new ScriptedEngine(ctx, { auto: false, ...(sc.engine ?? {}) })
  const session = Session.create(SessionId(sc.session ?? sc.name))
  const options = sc.agent ?? { provider: 'fake', model: 'fake-m' }
  const agent = { session, options }
  const manualAgent = { session, options, runMaintenance: (task) => task(new AbortController().signal) }
  const cursor = { seq: 0, seen: new Set() }
  const steps = []
  for (const raw of sc.steps) {
    const st = expand(raw)
    const rec = { do: st.do }
    if (st.do === 'append') {
      rec.type = st.type
      try {
        rec.seq = doAppend(session, st).seq
      } catch (err) {
        rec.error = errorRecord(err)
      }
      steps.push(rec)
      continue
    }
    if (st.do === 'snapshot') {
      rec.state = dumpState(ctx, session, cursor)
      steps.push(rec)
      continue
    }
    engine.script = { ...st, inputs: [], calls: 0 }
    try {
      let r
      switch (st.do) {
        case 'compactRegion': r = await engine.compactRegion(st.start, st.end, agent, new AbortController().signal); break
        case 'compactNow': r = await engine.compactNow(manualAgent, new AbortController().signal, st.sourceCommandId); break
        case 'compactIfNeeded': r = await engine.compactIfNeeded(agent, st.trigger, new AbortController().signal); break
        default: throw new Error(`dshref: unknown step ${st.do}`)
      }
      rec.inputs = engine.script.inputs
      rec.result = resultRecord(r)
    } catch (err) {
      rec.inputs = engine.script.inputs
      rec.error = errorRecord(err)
    }
    rec.state = dumpState(ctx, session, cursor)
    steps.push(rec)
  }
  return { name: sc.name, steps, final: dumpState(ctx, session, cursor) }
}

const dir = join(here, 'scenarios')
const files = process.argv.length > 2 ? process.argv.slice(2) : readdirSync(dir).filter((f) => f.endsWith('.json')).sort().map((f) => join(dir, f))
const out = []
for (const f of files) out.push(await runScenario(JSON.parse(readFileSync(f, 'utf8'))))
process.stdout.write(JSON.stringify(out, null, 2) + '\n')
