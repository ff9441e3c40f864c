// Regenerates heuristic_golden.json: the host's own heuristic token prices,
// computed by the real @deepseek-ai/dsh-token-meter (estimate.ts and the
// measure() surface fold surface-fold.ts), for meter_heuristic_test.go.
//
//   cd hostshim/testdata/dshref && npm ci && cd ..
//   node heuristic_golden.mjs [corpus-dir] > heuristic_golden.json
//
// corpus-dir defaults to $EF_SHARED_DIR/corpus/dsh-snapshots, else
// ../../../shared/corpus/dsh-snapshots relative to this script. The host
// packages are loaded from $DSH_NODE_MODULES, else dshref/node_modules beside
// this script (pinned there by package-lock.json).
//
// Output: {"messages": [{"name", "raw", "tokens"}], "logs": [{"file",
// "surfaceTokens", "headerTokens", "nodes": [{"seq", "tokens"}]}]}. Each
// message is stored as raw JSON text that both sides parse, so duplicate
// keys, number spellings and escapes reach both parsers unchanged.

import { readFileSync, readdirSync } from 'node:fs'
import { join, dirname } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const nm = process.env.DSH_NODE_MODULES ?? join(here, 'dshref', 'node_modules')
const load = (p) => import(pathToFileURL(join(nm, p)).href)
const est = await load('@deepseek-ai/dsh-token-meter/lib/types/estimate.js')
const fold = await load('@deepseek-ai/dsh-token-meter/lib/types/surface-fold.js')
const sess = await load('@deepseek-ai/dsh-session/lib/index.js')

const shared = process.env.EF_SHARED_DIR ?? join(here, '..', '..', '..', 'shared')
const corpus = process.argv[2] ?? join(shared, 'corpus', 'dsh-snapshots')

const ROWS = { 'text-chunks': 'texts', 'reasoning-chunks': 'texts', 'tool-call-chunks': 'args' }

// normalize gives the 0.1.1 snapshot logs' flat assistant/tool-result data
// the message the Go model derives for them (same content blocks).
function normalize(ev) {
  const d = ev.data
  if (ev.type === 'assistant/message' && d.message === undefined) {
    ev.data = { ...d, message: { role: 'assistant', content: d.content } }
  }
  if (ev.type === 'tool/result' && d.message === undefined) {
    ev.data = { ...d, message: { role: 'tool', toolCallId: d.callId, content: d.content } }
  }
  return ev
}

const files = readdirSync(corpus).filter((f) => f.endsWith('.jsonl')).sort()
const all = []
const logs = []
for (const file of files) {
  const lines = readFileSync(join(corpus, file), 'utf8').split('\n').filter((l) => l !== '')
  let seq = 0
  const events = []
  for (const line of lines.slice(1)) {
    const rec = JSON.parse(line)
    if (ROWS[rec.type]) {
      const n = rec.data[ROWS[rec.type]].length
      for (let k = 0; k < n; k++) events.push({ seq: seq++, type: 'assistant/chunk', data: {} })
      continue
    }
    events.push(normalize({ ...rec, seq: seq++ }))
  }
  let nodes = []
  let header
  for (const ev of events) {
    if (ev.type === 'request/header') header = sess.canonicalHeader(ev.data.header)
    if (!sess.isSurfaceEvent(ev)) continue
    nodes = fold.foldSurfaceTokens(nodes, ev).nodes
    const m = sess.deriveEventMessage(ev)
    if (m !== null) all.push({ name: `${file}#${ev.seq}`, message: m })
  }
  logs.push({
    file,
    surfaceTokens: nodes.reduce((t, n) => t + n.tokens, 0),
    headerTokens: est.estimateHeader(header),
    nodes: nodes.map((n) => ({ seq: n.seq, tokens: n.tokens })),
  })
}

// Every message with a non-text block (tool calls, tool results, images),
// then every k-th text-only message, about 200 in all.
const isPlain = (m) => m.content.every((b) => b.type === 'text' || b.type === 'reasoning')
const rich = all.filter((x) => !isPlain(x.message))
const plain = all.filter((x) => isPlain(x.message))
const step = Math.max(1, Math.ceil(plain.length / Math.max(1, 200 - rich.length)))
const picked = [...rich, ...plain.filter((_, i) => i % step === 0)]

// Hand-written edge cases: JavaScript string length, JSON.stringify of
// unknown blocks (key order, duplicate keys, number printing, escapes).
const synthetic = [
  ['emoji', '{"role":"user","content":[{"type":"text","text":"😀 hi 👍🏽"}]}'],
  ['chinese', '{"role":"user","content":[{"type":"text","text":"你好，世界。这是一个测试。"}]}'],
  ['escapes', '{"role":"user","content":[{"type":"text","text":"caf\\u00e9 \\ud83d\\ude00 lone \\ud800 tab\\t"}]}'],
  ['duplicate text key', '{"role":"user","content":[{"type":"text","text":"short","text":"a much longer replacement text"}]}'],
  ['gen017 tool role', '{"role":"tool","toolCallId":"c1","isError":false,"content":[{"type":"text","text":"exit 0\\nok"}]}'],
  ['tool-addition', '{"role":"developer","content":[{"type":"tool-addition","toolName":"bash"},{"type":"tool-removal","toolName":"read"}]}'],
  ['file block', '{"role":"user","content":[{"type":"file","attachment":{"attachmentId":"sha256:00","mediaType":"application/pdf","bytes":12345,"name":"a.pdf"}}]}'],
  ['image in tool result', '{"role":"user","content":[{"type":"tool-result","toolCallId":"c9","content":[{"type":"text","text":"see"},{"type":"image","attachment":{"mediaType":"image/png","bytes":69,"width":1,"height":1}}],"isError":false}]}'],
  ['numbers', '{"role":"user","content":[{"type":"custom","a":1.0,"b":1E2,"c":1e21,"d":0.000001,"e":1.5e-7,"f":-0,"g":123456789012345678901,"h":0.1,"i":5e-324,"j":1e400,"k":[1,2.50,true,null,-1.25e+3]}]}'],
  ['key order', '{"role":"user","content":[{"type":"custom","z":1,"10":"ten","2":"two","a":{"b":1,"0":0},"4294967295":"not index","01":"not index"}]}'],
  ['duplicate keys in block', '{"role":"user","content":[{"type":"custom","x":"first","y":1,"x":"second, longer value"}]}'],
  ['control chars', '{"role":"user","content":[{"type":"custom","s":"a\\u0001b\\u001fc\\"d\\\\e\\/f\\u2028g\\u007f"}]}'],
  ['whitespace', '{ "role" : "user" , "content" : [ { "type" : "custom" , "v" : [ 1 , 2 ] } ] }'],
  ['tool call', '{"role":"assistant","content":[{"type":"reasoning","text":"think"},{"type":"tool-call","id":"c1","name":"run_code","arguments":"{\\"code\\":\\"print(1)\\"}"},{"type":"tool-call","id":"c2","name":"read","arguments":"{}"}]}'],
  ['empty content', '{"role":"assistant","content":[]}'],
]

const messages = [
  ...picked.map(({ name, message }) => ({ name, raw: JSON.stringify(message), tokens: est.estimateMessage(message) })),
  ...synthetic.map(([name, raw]) => ({ name, raw, tokens: est.estimateMessage(JSON.parse(raw)) })),
]
process.stdout.write(JSON.stringify({ messages, logs }, null, 1) + '\n')
