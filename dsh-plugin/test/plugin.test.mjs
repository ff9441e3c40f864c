// End-to-end test of the plugin in the real DSH host packages with the real
// `ef serve` sidecar. EF_BIN names the ef binary (the Go test
// cmd/ef/serve_dsh_test.go builds it and runs this file); without it the
// test is skipped.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawnSync } from 'node:child_process'
import { Context } from '@deepseek-ai/cordis'
import { Session, SessionId } from '@deepseek-ai/dsh-session'
import { TokenMeter } from '@deepseek-ai/dsh-token-meter'
import { assertSupportedJsonSchema } from '@deepseek-ai/dsh-tools'
import { EpistemicFoldEngine } from '../lib/index.js'

const EF_BIN = process.env.EF_BIN
const skip = EF_BIN ? false : 'EF_BIN is not set (run through go test ./cmd/ef)'

function host(contextWindow) {
  const ctx = new Context()
  ctx.logger = { info() {}, warn() {}, debug() {}, error: console.error }
  ctx.llm = {
    async *stream() { throw new Error('no LLM: EF compiles checkpoints deterministically') },
    async resolveModelInfo(provider, model) {
      return { provider, model, name: model, context: { contextWindow } }
    },
  }
  ctx.tokenMeter = new TokenMeter(ctx)
  ctx.sessions = { flush: async () => true }
  return ctx
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

test('pressure folds are leaf folds after the frontier; the frozen prefix stays byte-identical', { skip }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ef-plugin-'))
  const ctx = host(4000)
  const engine = new EpistemicFoldEngine(ctx, { auto: false, efCommand: EF_BIN, storeDir: dir })
  try {
    const info = await engine.info()
    assert.equal(info.engine.name, 'epistemic-fold')
    const s = session('plugin-leaf')
    const agent = { session: s, options: { provider: 'fake', model: 'fake-m' } }
    const before = ctx.tokenMeter.measure(s).totalTokens

    const first = await engine.compactIfNeeded(agent, 'pressure', new AbortController().signal)
    assert.ok(first, 'the session is over the threshold: a fold must happen')
    const cp1 = s.surface.nodes.indexOf(first.summarySeq + 1)
    assert.ok(cp1 >= 0, 'the checkpoint node is on the surface')
    const cp1Message = JSON.stringify(s.deriveEventMessage(s.events[first.summarySeq + 1]))
    assert.match(cp1Message, /ef-checkpoint/)
    assert.ok(ctx.tokenMeter.measure(s).totalTokens < before)

    // More work, then another fold: it must not rewrite the first checkpoint.
    for (let i = 13; i <= 24; i++) toolRound(s, 1, i, `call_${i}`, `cargo build --release step ${i}`, `compiling unit ${i} `.repeat(150))
    const prefix = s.surface.nodes.slice(0, cp1 + 1)
    const second = await engine.compactIfNeeded(agent, 'pressure', new AbortController().signal)
    assert.ok(second, 'second fold')
    assert.deepEqual(s.surface.nodes.slice(0, cp1 + 1), prefix, 'leaf fold kept the frozen prefix')
    assert.notEqual(second.shadowedSeqs[0], first.summarySeq + 1, 'the second fold did not re-fold the first checkpoint')

    // Every bundle the sidecar wrote verifies.
    const verify = spawnSync(EF_BIN, ['store', 'verify', '--json', dir], { encoding: 'utf8' })
    assert.equal(verify.status, 0, verify.stderr)
    const report = JSON.parse(verify.stdout)
    assert.ok(JSON.stringify(report).includes('"ok"') || verify.stdout.length > 0)

    // The tools see what was folded.
    const registered = new Map()
    await engine.registerTools({
      register(def) {
        // The schemas must be ones the host's tool runtime accepts.
        assertSupportedJsonSchema(def.parameters)
        assertSupportedJsonSchema(def.output.schema)
        registered.set(def.name, def)
        return () => registered.delete(def.name)
      },
    })
    assert.deepEqual([...registered.keys()].sort(), ['context_recall', 'context_search'])
    const found = await registered.get('context_search').execute({ query: 'case_3' }, { agent, signal: new AbortController().signal })
    assert.match(found.text, /case_3/)
    const rendered = registered.get('context_search').output.render({}, found)
    assert.equal(rendered[0].type, 'text')
    const token = await registered.get('context_search').execute({ query: 'K7-QX-9931' }, { agent })
    assert.match(token.text, /K7-QX-9931/)
  } finally {
    await engine.close()
    rmSync(dir, { recursive: true, force: true })
  }
})

test('/compact is a root fold over the earlier checkpoints', { skip }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ef-plugin-'))
  const ctx = host(4000)
  const engine = new EpistemicFoldEngine(ctx, { auto: false, efCommand: EF_BIN, storeDir: dir })
  try {
    const s = session('plugin-root')
    const agent = { session: s, options: { provider: 'fake', model: 'fake-m' }, runMaintenance: (task) => task(new AbortController().signal) }
    const leaf = await engine.compactIfNeeded(agent, 'pressure', new AbortController().signal)
    assert.ok(leaf)
    s.append('turn/end', { turn: 1, reason: { kind: 'completed' } })
    const root = await engine.compactNow(agent, new AbortController().signal)
    assert.ok(root, 'manual compaction folded something')
    assert.ok(root.shadowedSeqs.includes(leaf.summarySeq + 1), 'the root fold covers the earlier checkpoint')
    const text = JSON.stringify(s.deriveEventMessage(s.events[root.summarySeq + 1]))
    assert.match(text, /mode=root/)
  } finally {
    await engine.close()
    rmSync(dir, { recursive: true, force: true })
  }
})

test('a missing sidecar fails the fold with a clear error and leaves the surface alone', { skip }, async () => {
  const ctx = host(4000)
  const engine = new EpistemicFoldEngine(ctx, { auto: false, efCommand: join(tmpdir(), 'no-such-ef-binary'), storeDir: tmpdir() })
  const s = session('plugin-missing')
  const nodes = [...s.surface.nodes]
  await assert.rejects(engine.compactIfNeeded({ session: s, options: {} }, 'pressure', new AbortController().signal), /ENOENT|exited|not running/)
  assert.deepEqual(s.surface.nodes, nodes)
  await engine.close()
})
