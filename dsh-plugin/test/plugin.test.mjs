// End-to-end test of the plugin in the real DSH host packages with the real
// `ef serve` sidecar. The engine is mounted the way a profile mounts it,
// `ctx.plugin(EpistemicFoldEngine, config)`, and every call goes through
// `ctx.compaction`, the cordis proxy the host's callers see. EF_BIN names
// the ef binary (cmd/ef's TestDSHPlugin builds it and runs this file);
// without it the test is skipped.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawnSync } from 'node:child_process'
import { Context } from '@deepseek-ai/cordis'
import { Session, SessionId } from '@deepseek-ai/dsh-session'
import { TokenMeter } from '@deepseek-ai/dsh-token-meter'
import SystemPrompt from '@deepseek-ai/dsh-system-prompt'
import ToolRuntime, { assertSupportedJsonSchema } from '@deepseek-ai/dsh-tools'
import ToolResultPruner from '@deepseek-ai/dsh-compaction-tool-result-pruner'
import { EpistemicFoldEngine, PENDING_MARKER } from '../lib/index.js'

const EF_BIN = process.env.EF_BIN
const skip = EF_BIN ? false : 'EF_BIN is not set (run through go test ./cmd/ef)'

/**
 * A host with the services the engine injects, and a tool runtime; with
 * pruner, the profile's tool-result pruner too (the basic policy prunes
 * before it folds).
 */
async function host(contextWindow, { llmText, onStream, pruner } = {}) {
  const ctx = new Context()
  const logs = []
  const log = (level) => (msg) => logs.push(`${level}: ${msg}`)
  ctx.logger = { info: log('info'), warn: log('warn'), debug() {}, error: log('error') }
  const llmCalls = []
  ctx.provide('llm', {
    async *stream(opts) {
      llmCalls.push(opts)
      onStream?.(opts)
      if (llmText === undefined) throw new Error('no model in this test')
      yield { type: 'block-start', index: 0, blockType: 'text' }
      yield { type: 'text-delta', index: 0, text: llmText }
      yield { type: 'block-end', index: 0, block: { type: 'text', text: llmText } }
      yield { type: 'finish', reason: { kind: 'stop' } }
    },
    async resolveModelInfo(provider, model) {
      return { provider, model, name: model, context: { contextWindow } }
    },
  })
  ctx.provide('sessions', { flush: async () => true })
  await ctx.plugin(TokenMeter)
  await ctx.plugin(SystemPrompt, {})
  await ctx.plugin(ToolRuntime, {})
  if (pruner) await ctx.plugin(ToolResultPruner, {})
  return { ctx, logs, llmCalls }
}

/** Mount the engine as the profile does and return the proxy callers see. */
async function mount(ctx, config) {
  await ctx.plugin(EpistemicFoldEngine, config)
  await new Promise((resolve) => setTimeout(resolve, 10))
  assert.ok(ctx.compaction instanceof EpistemicFoldEngine)
  return ctx.compaction
}

/**
 * Mount the engine on a host with a 4000-token window, over the real ef
 * and a fresh store; run fn({ ctx, logs, engine, dir }), then close the
 * engine and remove the store. llmText is the host model's answer, pruner
 * mounts the host's tool-result pruner; the rest of opts is plugin config.
 */
async function withEF(fn, { llmText, onStream, pruner, ...config } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'ef-plugin-'))
  try {
    const { ctx, logs } = await host(4000, { llmText, onStream, pruner })
    const engine = await mount(ctx, { auto: false, efCommand: EF_BIN, storeDir: dir, ...config })
    try {
      await fn({ ctx, logs, engine, dir })
    } finally {
      await engine.close()
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

let ids = 0
const id = (p) => `${p}-${++ids}`
const A = { surfaceOp: 'append' }

function user(s, text) {
  return s.append('user/message', { content: [{ type: 'text', text }], source: { kind: 'user' }, role: 'user', id: id('u') }, A)
}

function toolRound(s, turn, step, call, command, output) {
  s.append('step/start', { turn, step })
  const asst = s.append('assistant/message', {
    turn, step,
    message: { role: 'assistant', content: [{ type: 'text', text: `Running ${command}.` }, { type: 'tool-call', id: call, name: 'bash', arguments: JSON.stringify({ command }) }], source: { kind: 'model', provider: 'fake', model: 'fake-m' }, id: id('a') },
  }, A)
  s.append('tool/call', { turn, step, callId: call, name: 'bash', arguments: JSON.stringify({ command }) })
  s.append('tool/result', {
    turn, step,
    message: { source: { kind: 'tool', callId: call }, content: [{ type: 'tool-result', toolCallId: call, content: [{ type: 'text', text: output }], isError: false }], role: 'user', id: id('t') },
  }, { surfaceOp: 'append', sourceEventSeqs: [asst.seq] })
  s.append('step/end', { turn, step })
}

function session(name) {
  const s = Session.create(SessionId(name))
  s.append('turn/start', { turn: 1 })
  s.append('request/header', { header: { config: { provider: 'fake', model: 'fake-m' }, system: 'You are a coder.' }, reason: 'initial' })
  user(s, 'Fix the failing build in crates/parser. The deploy token is K7-QX-9931; never touch vendor/.')
  for (let i = 1; i <= 12; i++) {
    toolRound(s, 1, i, `call_${i}`, `cargo test -p parser --test case_${i}`, `test case_${i} ... ok\n` + `log line ${i} `.repeat(120))
  }
  return s
}

const signal = () => new AbortController().signal

/** The agent that runs s, on the model its header names. */
const agentOf = (s, extra = {}) => ({ session: s, options: { provider: 'fake', model: 'fake-m' }, ...extra })

test('mounted through cordis: pressure leaf folds, tools registered, frozen prefix kept', { skip }, () => withEF(async ({ ctx, engine, dir }) => {
  const info = await engine.info()
  assert.equal(info.engine.name, 'epistemic-fold')
  assert.equal(engine.status().state, 'up')
  const s = session('plugin-leaf')
  const agent = agentOf(s)
  const before = ctx.tokenMeter.measure(s).totalTokens

  const first = await engine.compactIfNeeded(agent, 'pressure', signal())
  assert.ok(first, 'the session is over the threshold: a fold must happen')
  const cp1 = s.surface.nodes.indexOf(first.summarySeq + 1)
  assert.ok(cp1 >= 0, 'the checkpoint node is on the surface')
  assert.match(JSON.stringify(s.deriveEventMessage(s.events[first.summarySeq + 1])), /ef-checkpoint/)
  assert.ok(ctx.tokenMeter.measure(s).totalTokens < before)

  for (let i = 13; i <= 24; i++) toolRound(s, 1, i, `call_${i}`, `cargo build --release step ${i}`, `compiling unit ${i} `.repeat(150))
  const prefix = s.surface.nodes.slice(0, cp1 + 1)
  const second = await engine.compactIfNeeded(agent, 'pressure', signal())
  assert.ok(second, 'second fold')
  assert.deepEqual(s.surface.nodes.slice(0, cp1 + 1), prefix, 'leaf fold kept the frozen prefix')

  const verify = spawnSync(EF_BIN, ['store', 'verify', '--json', dir], { encoding: 'utf8' })
  assert.equal(verify.status, 0, verify.stderr)

  // The tools are in the host's tool runtime, with schemas it accepts.
  for (const name of ['context_search', 'context_recall']) {
    const def = ctx.tools.get(name)
    assert.ok(def, `${name} registered with the tool runtime`)
    assertSupportedJsonSchema(def.parameters ?? {})
  }
  const search = ctx.tools.get('context_search')
  const found = await search.execute({ query: 'K7-QX-9931' }, { agent, signal: signal() })
  assert.match(found.text, /K7-QX-9931/)
  assert.equal(search.output.render({}, found)[0].type, 'text')
  const ref = /ref (\S+)/.exec(found.text)[1]
  const got = await ctx.tools.get('context_recall').execute({ ref, depth: 'exact' }, { agent, signal: signal() })
  assert.equal(got.isError, false, got.text)
  assert.match(got.text, /K7-QX-9931/)
}))

test('/compact through the proxy is a root fold over the earlier checkpoints', { skip }, () => withEF(async ({ ctx, engine }) => {
  const s = session('plugin-root')
  const agent = agentOf(s, { runMaintenance: (task) => task(signal()) })
  const leaf = await engine.compactIfNeeded(agent, 'pressure', signal())
  assert.ok(leaf)
  s.append('turn/end', { turn: 1, reason: { kind: 'completed' } })
  const root = await engine.compactNow(agent, signal())
  assert.ok(root, 'manual compaction folded something')
  assert.ok(root.shadowedSeqs.includes(leaf.summarySeq + 1), 'the root fold covers the earlier checkpoint')
  assert.match(JSON.stringify(s.deriveEventMessage(s.events[root.summarySeq + 1])), /mode=root/)
}))

test('settings reach the sidecar: thresholdRatio decides the pressure fold', { skip }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ef-plugin-'))
  try {
    // About 60% of a window: no fold at the default 0.8, a fold at 0.5
    // (with the economic trigger off: it would fold earlier either way).
    const probe = await host(100000)
    const total = probe.ctx.tokenMeter.measure(session('plugin-size')).totalTokens
    const window = Math.round(total / 0.6)
    for (const [ratio, folds] of [[undefined, false], [0.5, true]]) {
      const { ctx } = await host(window)
      const engine = await mount(ctx, { auto: false, efCommand: EF_BIN, storeDir: dir, cachePriceRatio: -1, ...(ratio ? { thresholdRatio: ratio } : {}) })
      try {
        const s = session(`plugin-ratio-${ratio}`)
        const r = await engine.compactIfNeeded({ session: s, options: {} }, 'pressure', signal())
        assert.equal(r !== null, folds, `thresholdRatio ${ratio}`)
      } finally {
        await engine.close()
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('a missing sidecar: folds fall back to the basic policy, tools say unavailable, the reason is logged once', { skip }, async () => {
  const { ctx, logs, llmCalls } = await host(4000, { llmText: '## Current Work\n- basic summary' })
  const missing = join(tmpdir(), 'no-such-ef-binary')
  const engine = await mount(ctx, { auto: false, efCommand: missing, storeDir: tmpdir(), restartDelayMs: 50 })
  try {
    await engine.info()
    assert.equal(engine.status().state, 'down')
    const s = session('plugin-missing')
    const agent = agentOf(s)
    const before = ctx.tokenMeter.measure(s).totalTokens
    const r = await engine.compactIfNeeded(agent, 'pressure', signal())
    assert.ok(r, 'the basic policy folded')
    assert.ok(ctx.tokenMeter.measure(s).totalTokens < before)
    assert.ok(llmCalls.some((c) => c.purpose === 'compaction'), 'the host summarizer ran')
    const out = await ctx.tools.get('context_search').execute({ query: 'x' }, { agent, signal: signal() })
    assert.equal(out.isError, true)
    assert.match(out.text, /unavailable: cannot run .*no-such-ef-binary/)
    await new Promise((resolve) => setTimeout(resolve, 300)) // a few restart attempts
    const down = logs.filter((l) => l.includes('sidecar down'))
    assert.equal(down.length, 1, `logged once with its reason: ${down.join(' | ')}`)
    assert.ok(logs.some((l) => l.includes('uses the basic policy: the sidecar is down')), logs.join('\n'))
  } finally {
    await engine.close()
  }
})

test('a sidecar killed mid-session is restarted; the next fold runs in EF again', { skip }, () => withEF(async ({ ctx, logs, engine }) => {
  await engine.info()
  const s = session('plugin-kill')
  const agent = agentOf(s)
  assert.ok(await engine.compactIfNeeded(agent, 'pressure', signal()))
  engine.ef.supervisor.sidecar.child.kill('SIGKILL')
  for (let i = 13; i <= 24; i++) toolRound(s, 1, i, `call_${i}`, `cargo build --release step ${i}`, `compiling unit ${i} `.repeat(150))
  // Down or restarting: the fold happens either way.
  const during = await engine.compactIfNeeded(agent, 'pressure', signal())
  assert.ok(during)
  for (let t = 0; t < 100 && engine.status().state !== 'up'; t++) await new Promise((resolve) => setTimeout(resolve, 20))
  assert.equal(engine.status().state, 'up')
  assert.ok(engine.status().restarts >= 1)
  assert.ok(logs.some((l) => /sidecar down: .* killed by SIGKILL/.test(l)), logs.join('\n'))
  for (let i = 25; i <= 36; i++) toolRound(s, 1, i, `call_${i}`, `cargo test step ${i}`, `test output ${i} `.repeat(150))
  const after = await engine.compactIfNeeded(agent, 'pressure', signal())
  assert.ok(after)
  assert.match(JSON.stringify(s.deriveEventMessage(s.events[after.summarySeq + 1])), /ef-checkpoint/, 'EF compiles again after the restart')
  const found = await ctx.tools.get('context_search').execute({ query: 'K7-QX-9931' }, { agent, signal: signal() })
  assert.equal(found.isError, false, found.text)
}, { llmText: '## Current Work\n- basic summary', restartDelayMs: 50 }))

test('a sidecar killed during fold/compile: the restarted sidecar compiles the fold, and recall finds its span', { skip }, () => {
  // The kill comes while the sidecar waits for the semantic digest, the
  // model call it makes in the middle of fold/compile.
  let engine
  let kills = 0
  const onStream = () => {
    if (kills++ === 0) engine.ef.supervisor.sidecar.child.kill('SIGKILL')
  }
  const digest = ['### Context', '- The user asked to fix the failing parser build.', '### Rationale', '- (none)', '### Alternatives', '- (none)', '### Outcomes', '- (none)'].join('\n')
  return withEF(async ({ ctx, logs, engine: e }) => {
    engine = e
    await engine.info()
    const s = session('plugin-kill-compile')
    const agent = agentOf(s)
    const fold = await engine.compactIfNeeded(agent, 'pressure', signal())
    assert.ok(fold, 'the fold happened')
    assert.equal(kills >= 1, true, 'the sidecar was killed during the compile')
    assert.match(JSON.stringify(s.deriveEventMessage(s.events[fold.summarySeq + 1])), /ef-checkpoint/, 'EF compiled the checkpoint, not the host summarizer')
    assert.ok(logs.some((l) => /the restarted sidecar compiled it/.test(l)), logs.join('\n'))
    const found = await ctx.tools.get('context_search').execute({ query: 'K7-QX-9931' }, { agent, signal: signal() })
    assert.equal(found.isError, false, found.text)
    assert.match(found.text, /K7-QX-9931|1 match/, found.text)
  }, { llmText: digest, onStream, digestLeaves: true, restartDelayMs: 50 })
})

/** Waits up to ms for cond() to hold. */
async function until(cond, ms = 5000) {
  for (const end = Date.now() + ms; !cond() && Date.now() < end;) await new Promise((resolve) => setTimeout(resolve, 20))
  return cond()
}

/** The store's bundle count, by ef store verify (which also checks every hash). */
function bundles(dir) {
  const verify = spawnSync(EF_BIN, ['store', 'verify', '--json', dir], { encoding: 'utf8' })
  assert.equal(verify.status, 0, verify.stderr)
  return JSON.parse(verify.stdout).bundles
}

/** The text of the checkpoint a fold wrote. */
const checkpointText = (s, fold) => JSON.stringify(s.deriveEventMessage(s.events[fold.summarySeq + 1]))

test('a fold while the sidecar is down: the host summarizes it, the restarted sidecar archives its span from the log, once', { skip }, () => withEF(async ({ ctx, logs, engine, dir }) => {
  await engine.info()
  const s = session('plugin-down-fold')
  const agent = agentOf(s)
  // The sidecar dies before the fold begins; its restart comes 3 s later.
  engine.ef.supervisor.sidecar.child.kill('SIGKILL')
  assert.ok(await until(() => engine.status().state === 'down'))
  const fold = await engine.compactIfNeeded(agent, 'pressure', signal())
  assert.ok(fold, 'the basic policy folded')
  assert.doesNotMatch(checkpointText(s, fold), /ef-checkpoint/, 'the host summarizer wrote the checkpoint')
  assert.ok(logs.some((l) => /folded messages are not archived yet/.test(l)), logs.join('\n'))
  const search = ctx.tools.get('context_search')
  const pending = await search.execute({ query: 'K7-QX-9931' }, { agent, signal: signal() })
  assert.equal(pending.isError, true)
  assert.match(pending.text, /1 span\(s\) of this session folded while it was down are not archived yet/)

  assert.ok(await until(() => engine.status().state === 'up', 15000), 'the sidecar restarted')
  const found = await search.execute({ query: 'K7-QX-9931' }, { agent, signal: signal() })
  assert.equal(found.isError, false, found.text)
  const ref = /ref (\S+)/.exec(found.text)?.[1]
  assert.ok(ref, `the span the host folded is archived and found: ${found.text}`)
  const got = await ctx.tools.get('context_recall').execute({ ref, depth: 'exact' }, { agent, signal: signal() })
  assert.equal(got.isError, false, got.text)
  assert.match(got.text, /never touch vendor\//)
  assert.ok(logs.some((l) => /archived 1 fold\(s\) of session plugin-down-fold/.test(l)), logs.join('\n'))
  assert.equal(bundles(dir), 1)

  // Another restart mirrors the session again: nothing is archived twice.
  engine.ef.supervisor.sidecar.child.kill('SIGKILL')
  assert.ok(await until(() => engine.status().state === 'down'))
  assert.ok(await until(() => engine.status().state === 'up', 20000))
  const again = await search.execute({ query: 'K7-QX-9931' }, { agent, signal: signal() })
  assert.equal(again.isError, false, again.text)
  assert.equal(bundles(dir), 1, 'one bundle for the one fold')
  assert.equal(logs.filter((l) => /archived \d+ fold\(s\)/.test(l)).length, 1, logs.join('\n'))
}, { llmText: '## Current Work\n- basic summary', restartDelayMs: 3000 }))

test('a tool result the host\'s pruner cut is archived whole, from the log: recall finds its middle', { skip }, () => withEF(async ({ ctx, engine }) => {
  await engine.info()
  const s = session('plugin-pruned')
  const middle = 'the flaky case runs on the ZQ-4471 runner'
  toolRound(s, 1, 13, 'call_13', 'cargo test -p parser --test flaky', 'test flaky ... FAILED\n' + 'padding line of the build '.repeat(400) + middle + '\n' + 'log line '.repeat(600))
  const agent = agentOf(s)
  // The sidecar is down: the basic policy runs, and prunes before it folds.
  engine.ef.supervisor.sidecar.child.kill('SIGKILL')
  assert.ok(await until(() => engine.status().state === 'down'))
  await engine.compactIfNeeded(agent, 'pressure', signal())
  const pruned = s.events.filter((e) => e.type === 'compaction/prune')
  assert.ok(pruned.length > 0, 'the host pruned a tool result')
  assert.ok(!s.surface.nodes.some((n) => JSON.stringify(s.events[n].data).includes('ZQ-4471')), 'the surface no longer holds the middle')

  assert.ok(await until(() => engine.status().state === 'up', 15000), 'the sidecar restarted')
  const found = await ctx.tools.get('context_search').execute({ query: '"ZQ-4471 runner"' }, { agent, signal: signal() })
  assert.equal(found.isError, false, found.text)
  const ref = /ref (ef-prune-\S+)/.exec(found.text)?.[1]
  assert.ok(ref, `the pruned result is archived and found: ${found.text}`)
  const got = await ctx.tools.get('context_recall').execute({ ref, depth: 'exact' }, { agent, signal: signal() })
  assert.equal(got.isError, false, got.text)
  assert.match(got.text, /ZQ-4471 runner/)
}, { llmText: '## Current Work\n- basic summary', restartDelayMs: 3000, pruner: true }))

test('folds while no sidecar can run: the next session start archives every span the host folded, from the log', { skip }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ef-plugin-'))
  try {
    const s = session('plugin-never-up')
    const agent = agentOf(s)
    {
      // This process cannot start ef at all: both folds are the host's.
      const { ctx, logs } = await host(4000, { llmText: '## Current Work\n- basic summary' })
      const engine = await mount(ctx, { auto: false, efCommand: join(tmpdir(), 'no-such-ef-binary'), storeDir: dir, restartDelayMs: 50 })
      try {
        await engine.info()
        assert.ok(await engine.compactIfNeeded(agent, 'pressure', signal()), 'first host fold')
        for (let i = 13; i <= 24; i++) toolRound(s, 1, i, `call_${i}`, `cargo build --release step ${i}`, `compiling unit ${i} (marker Z9-UNIT-${i}) `.repeat(150))
        const second = await engine.compactIfNeeded(agent, 'pressure', signal())
        assert.ok(second, 'second host fold')
        assert.ok(logs.filter((l) => /not archived yet/.test(l)).length >= 2, logs.join('\n'))
      } finally {
        await engine.close()
      }
    }
    const folds = s.events.filter((e) => e.type === 'compaction/end' && !e.data?.error).length
    assert.ok(folds >= 2, `the host folded ${folds} times`)
    // The next session start, with ef there: the first call syncs the
    // session, and every fold of its log is archived before it is answered.
    const { ctx, logs } = await host(4000)
    const engine = await mount(ctx, { auto: false, efCommand: EF_BIN, storeDir: dir })
    try {
      await engine.info()
      const search = ctx.tools.get('context_search')
      for (const query of ['K7-QX-9931', 'Z9-UNIT-13']) {
        const found = await search.execute({ query }, { agent, signal: signal() })
        assert.equal(found.isError, false, found.text)
        const ref = /ref (\S+)/.exec(found.text)?.[1]
        assert.ok(ref, `${query} is found: ${found.text}`)
        const got = await ctx.tools.get('context_recall').execute({ ref, depth: 'exact' }, { agent, signal: signal() })
        assert.equal(got.isError, false, got.text)
        assert.match(got.text, new RegExp(query), `${query} is recalled exactly`)
      }
      assert.equal(bundles(dir), folds, 'one bundle per fold the host committed')
      assert.ok(logs.some((l) => new RegExp(`archived ${folds} fold\\(s\\) of session plugin-never-up`).test(l)), logs.join('\n'))
      // EF folds on from there, and its root fold over the host's
      // checkpoints references their bundles.
      for (let i = 25; i <= 36; i++) toolRound(s, 1, i, `call_${i}`, `cargo test step ${i}`, `test output ${i} `.repeat(150))
      const next = await engine.compactIfNeeded(agent, 'pressure', signal())
      assert.ok(next)
      assert.match(checkpointText(s, next), /ef-checkpoint/)
      assert.equal(bundles(dir), folds + 1)
    } finally {
      await engine.close()
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('an error names its method once, in a sidecar error and in a tool\'s text', { skip }, async () => {
  const origin = mkdtempSync(join(tmpdir(), 'ef-origin-'))
  try {
    await withEF(async ({ ctx, engine }) => {
      await engine.info()
      const once = (text, name) => assert.equal(text.split(name).length - 1, 1, `${name} once in: ${text}`)
      await assert.rejects(engine.ef.supervisor.sidecar.request('fold/plan', { sessionId: 'x', nope: 1 }), (error) => {
        assert.match(error.message, /^ef sidecar: fold\/plan: invalid params/)
        once(error.message, 'fold/plan')
        return true
      })
      const tool = ctx.tools.get('context_request')
      assert.ok(tool, 'context_request registered')
      const out = await tool.execute({ goal: 'x', scope: [] }, { signal: signal() })
      assert.equal(out.isError, true, out.text)
      once(out.text, 'context/request')
    }, { originRoots: [origin] })
  } finally {
    rmSync(origin, { recursive: true, force: true })
  }
})

test('a 0.1.7-shaped session (no session.events): syncs after the first come from the session/event feed, not the deprecated readers', { skip }, () => withEF(async ({ ctx, engine }) => {
  await engine.info()
  const s = session('plugin-feed')
  // The 0.1.7 reads: seq (the log's length), and the deprecated
  // snapshotEvents, counted.
  const reads = []
  const v17 = {
    id: s.id,
    get seq() { return s.events.length },
    snapshotEvents(from = 0) { reads.push(from); return s.events.slice(from) },
  }
  await engine.syncSession(v17)
  assert.deepEqual(reads, [0], 'the first sync reads the whole log once')
  const before = s.events.length
  toolRound(s, 1, 40, 'call_40', 'cargo check', 'checked '.repeat(40))
  // The host announces each committed event on its feed.
  for (const event of s.events.slice(before)) ctx.emit('session/event', v17, event)
  await engine.syncSession(v17)
  assert.deepEqual(reads, [0], 'the next sync sent the feed, with no read of the log')
  // The sidecar's mirror agrees with the host's length: a request with
  // the length is not answered "resync" (which would re-read the log).
  const plan = await engine.callSidecar(v17, 'fold/plan', { sessionId: s.id, trigger: 'pressure', contextWindow: 1000000, totalTokens: 1, nodes: [] })
  assert.equal(plan.decision, 'none')
  assert.deepEqual(reads, [0], 'the mirror was in step')
  // A gap on the feed (an event it never announced) falls back to a read.
  toolRound(s, 1, 41, 'call_41', 'cargo check', 'checked '.repeat(40))
  await engine.syncSession(v17)
  assert.deepEqual(reads, [0, before + 5])
}))

/** session() with a request header whose system prompt alone is over an emergency budget of a 4000-token window. */
function sessionWithLargeHead(name) {
  const s = Session.create(SessionId(name))
  s.append('turn/start', { turn: 1 })
  const system = Array.from({ length: 300 }, (_, i) => `Rule ${i} of the harness: tools take JSON arguments and answer in text.`).join('\n')
  s.append('request/header', { header: { config: { provider: 'fake', model: 'fake-m' }, system }, reason: 'initial' })
  user(s, 'Fix the failing build in crates/parser. The deploy token is K7-QX-9931; never touch vendor/.')
  for (let i = 1; i <= 6; i++) toolRound(s, 1, i, `call_${i}`, `cargo test -p parser --test case_${i}`, `test case_${i} ... ok\n` + `log line ${i} `.repeat(60))
  return s
}

test('an overflow no fold can bring under the budget (the system head alone is over it): EF folds everything foldable, the request shrinks, the log says why', { skip }, () => withEF(async ({ ctx, logs, engine }) => {
  await engine.info()
  const s = sessionWithLargeHead('plugin-overflow-head')
  const agent = agentOf(s)
  const before = ctx.tokenMeter.measure(s).totalTokens
  const fold = await engine.compactIfNeeded(agent, 'context-overflow', signal())
  assert.ok(fold, 'the overflow was folded (a null here ends the turn with CONTEXT_WINDOW_EXCEEDED)')
  assert.match(checkpointText(s, fold), /ef-checkpoint[^\]]*mode=emergency/)
  assert.deepEqual(s.surface.nodes, [fold.summarySeq + 1], `everything foldable was folded: ${logs.join("\n")}`)
  assert.ok(ctx.tokenMeter.measure(s).totalTokens < before)
  assert.ok(logs.some((l) => /context overflow; emergency, best effort: budget \d+ < system head/.test(l)), logs.join('\n'))
  // The folded span is archived: recall still has the token.
  const found = await ctx.tools.get('context_search').execute({ query: 'K7-QX-9931' }, { agent, signal: signal() })
  assert.equal(found.isError, false, found.text)
  // A second overflow: what is left is one checkpoint, which no fold can shrink.
  assert.equal(await engine.compactIfNeeded(agent, 'context-overflow', signal()), null)
}))

test('an overflow while the sidecar is down, on a surface of one checkpoint and the last tool exchange: the fold runs through that exchange instead of ending the turn', { skip }, () => withEF(async ({ ctx, logs, engine }) => {
  await engine.info()
  const s = session('plugin-overflow-lone')
  const agent = agentOf(s)
  // A fold of everything before the last tool exchange leaves
  // [checkpoint, call, result] (as a pressure fold did in the real CLI).
  const nodes = [...s.surface.nodes]
  const first = await engine.compactRegion(nodes[0], nodes[nodes.length - 3], agent, signal())
  assert.equal(s.surface.nodes.length, 3)
  engine.ef.supervisor.sidecar.child.kill('SIGKILL')
  assert.ok(await until(() => engine.status().state === 'down'))
  const fold = await engine.compactIfNeeded(agent, 'context-overflow', signal())
  assert.ok(fold, 'the overflow was folded (a null here ends the turn with CONTEXT_WINDOW_EXCEEDED)')
  assert.deepEqual(fold.shadowedSeqs, [first.summarySeq + 1, ...nodes.slice(-2)])
  assert.equal(s.surface.nodes.length, 1)
  assert.ok(logs.some((l) => /one checkpoint \(seq \d+\) alone.*folding seqs \d+\.\.\d+ instead, through the last tool exchange/.test(l)), logs.join('\n'))
}, { llmText: '## Current Work\n- basic summary', restartDelayMs: 60000 }))

test('the store removed mid-session is made again: the next fold is archived in it, and the fold whose bundle went with the directory is archived again from the log', { skip }, () => withEF(async ({ ctx, logs, engine, dir }) => {
  await engine.info()
  const s = session('plugin-store-removed')
  const agent = agentOf(s)
  const first = await engine.compactIfNeeded(agent, 'pressure', signal())
  assert.ok(first)
  rmSync(dir, { recursive: true, force: true })
  for (let i = 13; i <= 24; i++) toolRound(s, 1, i, `call_${i}`, `cargo build --release step ${i}`, `compiling unit ${i} `.repeat(150))
  const before = ctx.tokenMeter.measure(s).totalTokens
  const fold = await engine.compactIfNeeded(agent, 'pressure', signal())
  assert.ok(fold, 'the fold went on')
  assert.ok(ctx.tokenMeter.measure(s).totalTokens < before)
  assert.match(checkpointText(s, fold), /exact messages are archived in bundle/, 'EF archived the fold in the store made again')
  assert.equal(bundles(dir), 2, 'the new fold, and the first one archived again from the log')
  assert.ok(logs.some((l) => /archived 1 fold\(s\) of session plugin-store-removed .* that no bundle held, from the session log/.test(l)), logs.join('\n'))
  const found = await ctx.tools.get('context_search').execute({ query: 'K7-QX-9931' }, { agent, signal: signal() })
  assert.equal(found.isError, false, found.text)
  assert.match(found.text, /ref /, found.text)
  assert.equal(engine.status().state, 'up', 'the sidecar still runs')
}))

test('a fold while the sidecar is down: the restarted sidecar archives its span at once, without waiting for the session\'s next call', { skip }, () => withEF(async ({ logs, engine, dir }) => {
  await engine.info()
  const s = session('plugin-down-then-up')
  engine.ef.supervisor.sidecar.child.kill('SIGKILL')
  assert.ok(await until(() => engine.status().state === 'down'))
  const fold = await engine.compactIfNeeded(agentOf(s), 'pressure', signal())
  assert.ok(fold, 'the basic policy folded')
  assert.doesNotMatch(checkpointText(s, fold), /ef-checkpoint/)
  // Nothing calls EF for this session any more (a one-shot session about
  // to end): the restart alone archives the span.
  assert.ok(await until(() => logs.some((l) => /archived 1 fold\(s\) of session plugin-down-then-up/.test(l)), 15000), logs.join('\n'))
  assert.equal(bundles(dir), 1)
  assert.equal(engine.ef.unarchived.size, 0)
}, { llmText: '## Current Work\n- basic summary', restartDelayMs: 500 }))

test('the session ends while the sidecar is down: the plugin\'s close starts one and archives the waiting spans before it stops', { skip }, () => withEF(async ({ logs, engine, dir }) => {
  await engine.info()
  const s = session('plugin-close-down')
  engine.ef.supervisor.sidecar.child.kill('SIGKILL')
  assert.ok(await until(() => engine.status().state === 'down'))
  assert.ok(await engine.compactIfNeeded(agentOf(s), 'pressure', signal()), 'the basic policy folded')
  // The restart would come in a minute: the host shuts down first.
  const started = Date.now()
  await engine.close()
  assert.ok(Date.now() - started < 5000, `close took ${Date.now() - started} ms`)
  assert.equal(bundles(dir), 1, `the host's fold was archived at close: ${logs.join('\n')}`)
  assert.ok(logs.some((l) => /archived 1 fold\(s\) of session plugin-close-down/.test(l)), logs.join('\n'))
}, { llmText: '## Current Work\n- basic summary', restartDelayMs: 60000 }))

/**
 * The host's JSONL persistence, as the plugin reads it (locate): each
 * session's log in <root>/<session id>/session.jsonl, which writeLog
 * writes (the header, then one event per line).
 */
function persistence(root) {
  const locate = ({ id }) => ({ kind: 'jsonl', path: join(root, id, 'session.jsonl') })
  const writeLog = (s) => {
    mkdirSync(join(root, s.id), { recursive: true })
    writeFileSync(locate(s).path, [JSON.stringify({ type: 'session', ...s.header }), ...s.events.map((e) => JSON.stringify(e))].join('\n') + '\n')
  }
  return { locate, writeLog }
}

test('folds of a session without any sidecar: a note beside its log, and the next session of the project archives them from that log', { skip }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ef-plugin-'))
  const sessions = mkdtempSync(join(tmpdir(), 'ef-sessions-'))
  try {
    const host1 = persistence(sessions)
    const s = session('plugin-no-sidecar')
    host1.writeLog(s) // the host writes the log as the session runs
    {
      const { ctx, logs } = await host(4000, { llmText: '## Current Work\n- basic summary' })
      ctx.provide('sessionPersistence', { locate: host1.locate })
      const engine = await mount(ctx, { auto: false, efCommand: join(tmpdir(), 'no-such-ef-binary'), storeDir: dir, restartDelayMs: 50 })
      try {
        await engine.info()
        assert.ok(await engine.compactIfNeeded(agentOf(s), 'pressure', signal()), 'a host fold')
        assert.ok(logs.some((l) => /not archived yet: the sidecar archives them from the session log as soon as it runs again/.test(l)), logs.join('\n'))
      } finally {
        await engine.close()
      }
      host1.writeLog(s)
    }
    const marker = join(sessions, s.id, PENDING_MARKER)
    assert.ok(existsSync(marker), 'the session left its note')
    const folds = s.events.filter((e) => e.type === 'compaction/end' && !e.data?.error).length
    assert.equal(folds, 1)

    // The next session in the project, with ef there: its first sync
    // names its own log, and the sidecar archives the noted session's
    // fold from its log in the background.
    const { ctx } = await host(4000)
    ctx.provide('sessionPersistence', { locate: host1.locate })
    const engine = await mount(ctx, { auto: false, efCommand: EF_BIN, storeDir: dir })
    try {
      await engine.info()
      const next = session('plugin-next-session')
      host1.writeLog(next)
      await engine.syncSession(next)
      assert.ok(await until(() => !existsSync(marker), 10000), 'the note was removed')
      assert.equal(bundles(dir), folds, 'the earlier session\'s fold is archived')
      const found = spawnSync(EF_BIN, ['search', '--store', dir, '--session', s.id, 'K7-QX-9931'], { encoding: 'utf8' })
      assert.equal(found.status, 0, found.stderr)
      assert.match(found.stdout, /K7-QX-9931/)
    } finally {
      await engine.close()
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
    rmSync(sessions, { recursive: true, force: true })
  }
})

test('a bundle corrupted on disk: context_recall says so rather than return altered text, and the session goes on folding', { skip }, () => withEF(async ({ ctx, engine, dir }) => {
  await engine.info()
  const s = session('plugin-corrupt-bundle')
  const agent = agentOf(s)
  assert.ok(await engine.compactIfNeeded(agent, 'pressure', signal()))
  const search = ctx.tools.get('context_search')
  const found = await search.execute({ query: 'K7-QX-9931' }, { agent, signal: signal() })
  const ref = /ref (\S+)/.exec(found.text)?.[1]
  assert.ok(ref, found.text)
  const files = []
  const walk = (d) => { for (const e of readdirSync(d, { withFileTypes: true })) { const p = join(d, e.name); if (e.isDirectory()) walk(p); else if (e.name.endsWith('.efb')) files.push(p) } }
  walk(dir)
  assert.equal(files.length, 1)
  const raw = readFileSync(files[0])
  raw[Math.floor(raw.length / 2)] ^= 0xff
  writeFileSync(files[0], raw)
  const got = await ctx.tools.get('context_recall').execute({ ref, depth: 'exact' }, { agent, signal: signal() })
  assert.equal(got.isError, true, got.text)
  assert.match(got.text, /unavailable — hash mismatch: the file.s bytes changed since it was written .*cannot be served/)
  for (let i = 13; i <= 24; i++) toolRound(s, 1, i, `call_${i}`, `cargo build --release step ${i}`, `compiling unit ${i} `.repeat(150))
  assert.ok(await engine.compactIfNeeded(agent, 'pressure', signal()), 'the next fold')
}))

test('methods one side does not know (a newer or older peer): answered "method not found" both ways, and the sidecar goes on serving', { skip }, () => withEF(async ({ engine }) => {
  await engine.info()
  await assert.rejects(engine.ef.supervisor.sidecar.request('fold/next-generation', { sessionId: 'x' }), (error) => {
    assert.equal(error.code, -32601, error.message)
    assert.match(error.message, /fold\/next-generation/)
    return true
  })
  await assert.rejects(engine.hostRequest('host/next-generation', {}), (error) => error.rpcCode === -32601 && /host\/next-generation/.test(error.message))
  assert.equal(engine.status().state, 'up')
  const s = session('plugin-unknown-method')
  assert.ok(await engine.compactIfNeeded(agentOf(s), 'pressure', signal()), 'a fold after the unknown methods')
}))

// Over the sidecar's 64 MB line bound: seconds and hundreds of MB, so in
// the long profile only (EF_LONG_TESTS=1, as .ci/run sets it).
const long = process.env.EF_LONG_TESTS ? skip : 'a 70 MB tool output takes seconds and memory: set EF_LONG_TESTS=1 (.ci/run does)'
test('a tool output over the sidecar\'s line bound (70 MB): the session goes on folding, the log says why EF cannot take it', { skip: long }, () => withEF(async ({ ctx, logs, engine }) => {
  await engine.info()
  const s = session('plugin-huge-output')
  toolRound(s, 1, 13, 'call_13', 'cat huge.log', 'trace line of a very long build log\n'.repeat(2_000_000))
  toolRound(s, 1, 14, 'call_14', 'cargo check', 'checked '.repeat(100))
  const agent = agentOf(s)
  const before = ctx.tokenMeter.measure(s).totalTokens
  const fold = await engine.compactIfNeeded(agent, 'pressure', signal())
  assert.ok(fold, `a fold happened: ${logs.join('\n')}`)
  assert.ok(ctx.tokenMeter.measure(s).totalTokens < before)
  assert.ok(logs.some((l) => /session\/open: the message is \d+\.\d MB, over the sidecar's line bound of 64\.0 MB/.test(l)), logs.join('\n'))
  assert.equal(engine.status().state, 'up', 'the sidecar still runs')
}, { llmText: '## Current Work\n- basic summary' }))

test('a semantic digest the host model does not give is dropped with a warning on the host log; a good one is not', { skip }, async () => {
  // A host-style summary (as a model server answering every request
  // marked x-deepseek-harness-compact would give it) is no digest.
  const hostStyle = '## Primary Request and Intent\n- Fix the failing build in crates/parser.\n## Current Work\n- (none)'
  const digest = ['### Context', '- The user asked to fix the failing parser build.', '### Rationale', '- (none)', '### Alternatives', '- (none)', '### Outcomes', '- (none)'].join('\n')
  for (const [llmText, dropped] of [[hostStyle, true], [digest, false]]) {
    const asks = []
    await withEF(async ({ logs, engine }) => {
      const s = session(`plugin-digest-${dropped}`)
      const agent = agentOf(s, { runMaintenance: (task) => task(signal()) })
      s.append('turn/end', { turn: 1, reason: { kind: 'completed' } })
      const root = await engine.compactNow(agent, signal())
      assert.ok(root, 'manual compaction folded')
      assert.equal(asks.length, 1, 'one model call for the digest')
      assert.equal(asks[0].purpose, 'compaction')
      assert.match(JSON.stringify(asks[0].messages.at(-1).content), /The last \d+ messages above are about to be folded into a checkpoint/)
      const summary = s.events[root.summarySeq].data
      const warned = logs.filter((l) => /^warn: epistemic-fold: the semantic digest of checkpoint ef-\S+ was dropped \(/.test(l))
      if (dropped) {
        assert.equal(summary.model, 'deterministic')
        assert.equal(warned.length, 1, logs.join('\n'))
        assert.match(warned[0], /section "Primary Request and Intent"/)
      } else {
        assert.equal(summary.model, 'deterministic+semantic')
        assert.equal(warned.length, 0, logs.join('\n'))
      }
    }, { llmText, onStream: (opts) => asks.push(opts) })
  }
})
