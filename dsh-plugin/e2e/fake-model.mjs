// A fake model, to try EF in dsh offline, with no API key and no account:
// an OpenAI/DeepSeek-compatible chat endpoint on 127.0.0.1 that streams
// server-sent events, as dsh's llm-deepseek provider expects them. It
// answers every request the host and EF make:
//
//   - the host's session title ("Create a concise title…"): a title;
//   - EF's semantic digest of a fold (a root fold, or every fold with the
//     plugin's digestLeaves: true, as "Try it offline" sets; the request's
//     last user message opens "The last N messages above are about to be
//     folded into a checkpoint."): the four sections EF asks for, in plain
//     words, so the checkpoint says `model: deterministic+semantic`;
//   - the host's own summarizer (header x-deepseek-harness-compact: 1, the
//     fallback while EF's sidecar is down): a short summary;
//   - the agent's requests: a scripted agent. It checks that the request
//     offers EF's tools (context_search, context_recall; without them it
//     says the plugin is not in the profile). It reads, with dsh's `read`
//     tool, every file the task names ("notes/part-1.txt to
//     notes/part-12.txt" is read as the twelve files), one per request, so
//     the context fills and EF folds; then it asks EF's context_search for
//     what the task asks ("… tell me the staging password" searches
//     "staging password"), recalls the best hit with context_recall, and
//     answers with the line of the recalled text that holds those words
//     (without the line number dsh's read tool puts before it).
//
// Usage (Node 20 or newer; no package needed):
//   node dsh-plugin/e2e/fake-model.mjs [--port 18931] [--project DIR]
// --project is the directory the task's relative paths are in (default:
// the working directory). Point the profile's llm-deepseek row at it
// (baseURL: http://127.0.0.1:18931) and run dsh with any DEEPSEEK_API_KEY
// (dsh-plugin/README.md, "Try it offline", walks through it). It logs each
// request it answers on stderr. run.mjs, the end-to-end test, shares its
// helpers (common.mjs) and runs that README section as written.
import { createServer } from 'node:http'
import { isAbsolute, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { isDigestRequest, isTitleRequest, text, toolCall } from './common.mjs'

/** The digest the fake model writes: plain words, no specifics (EF drops a digest naming a path or value the folded messages do not hold). */
export const FAKE_DIGEST = [
  '### Context', '- The user asked for a task, and the files it names were read in order.',
  '### Rationale', '- Reading each file in turn kept anything in them from being missed.',
  '### Alternatives', '- (none)',
  '### Outcomes', '- The files were read, and what they hold is kept in the archive.',
].join('\n')

/** The tools EF's plugin registers with the host. */
export const EF_TOOLS = ['context_search', 'context_recall']

/** The names of the tools a chat request offers the model. */
const toolNames = (r) => (Array.isArray(r.tools) ? r.tools : []).map((t) => t?.function?.name ?? t?.name)

/** The text of a message's content (a string, or parts with text). */
const textOf = (content) => typeof content === 'string' ? content : Array.isArray(content) ? content.map((p) => p?.text ?? '').join('\n') : ''

/** The files a task names, in order: paths with an extension; "a-1.txt to a-12.txt" is the range. */
export function taskFiles(task) {
  const files = []
  const range = new RegExp(String.raw`([\w./~-]*?)(\d+)(\.\w+)\s+(?:to|through|-)\s+\1(\d+)\3`, 'g')
  let rest = task
  for (const m of task.matchAll(range)) {
    for (let i = Number(m[2]); i <= Number(m[4]) && files.length < 200; i++) files.push(`${m[1]}${i}${m[3]}`)
    rest = rest.replace(m[0], ' ')
  }
  for (const m of rest.matchAll(/(?:^|\s)([\w~-][\w./~-]*\.[A-Za-z]\w*)(?=[\s,;:)]|$)/g)) files.push(m[1].replace(/\.$/, ''))
  return files
}

/** What the task asks for: the words after "tell me the"/"what is the"/"find the", else its last three words. */
export function taskQuery(task) {
  const m = /(?:tell me|what is|what's|find|give me)\s+(?:the\s+)?([^.?!\n]+)/i.exec(task)
  const words = (m ? m[1] : task).replace(/[^\p{L}\p{N}\s-]/gu, ' ').trim().split(/\s+/)
  return words.slice(m ? 0 : -3).slice(0, 6).join(' ')
}

/** A fake model server (not listening yet); project resolves the task's relative paths. */
export function fakeModel({ project = process.cwd(), log = (s) => process.stderr.write(`fake model: ${s}\n`) } = {}) {
  // One task at a time: the plan is made from the task the first agent
  // request shows (later requests may hold it only in a checkpoint), so two
  // sessions at once need a fake model each (another --port).
  let plan = null
  const lastTool = (messages) => textOf([...messages].reverse().find((m) => m.role === 'tool')?.content)
  const agent = (r, res) => {
    const last = r.messages.at(-1)
    const task = [...r.messages].reverse().find((m) => m.role === 'user' && !/^\s*Current runtime context/.test(textOf(m.content)))
    // A new session's first request holds the task and no step of the
    // agent yet (the runtime context may follow the task): it starts a plan
    // of its own even when the last session ended early (no EF, or nothing
    // found), whatever that session's plan was left at.
    const fresh = !r.messages.some((m) => m.role === 'assistant' || m.role === 'tool')
    if (plan === null || fresh || (last?.role === 'user' && last === task)) {
      const t = textOf(task?.content)
      plan = { files: taskFiles(t).map((f) => isAbsolute(f) ? f : join(project, f)), query: taskQuery(t), step: 0, ref: null }
      log(`task: ${plan.files.length} files to read, then search "${plan.query}"`)
    }
    const step = plan.step++
    if (step === 0) {
      // EF's tools are the plugin's: a request without them is a profile
      // without EF (the plugin not added, or its row disabled).
      const missing = EF_TOOLS.filter((n) => !toolNames(r).includes(n))
      plan.efTools = missing.length === 0
      log(plan.efTools ? `agent: EF's tools are offered (${EF_TOOLS.join(', ')})` : `agent: EF's tools are NOT offered (no ${missing.join(', ')}): is @epistemicfold/dsh-plugin in the profile?`)
    }
    if (step < plan.files.length) {
      log(`agent: read ${plan.files[step]}`)
      return toolCall(res, `call_read_${step}`, 'read', { file_path: plan.files[step] })
    }
    if (step === plan.files.length && !plan.efTools) {
      plan.step = Infinity
      log('agent: answering without EF')
      return text(res, `Final: EF's context_search and context_recall are not among this request's tools: is @epistemicfold/dsh-plugin in the profile (dsh --profile headless --dump-config)?`)
    }
    if (step === plan.files.length) {
      log(`agent: context_search "${plan.query}"`)
      return toolCall(res, 'call_search', 'context_search', { query: plan.query })
    }
    const out = lastTool(r.messages)
    if (step === plan.files.length + 1) {
      const hits = out.split(/\n(?=\d+\. ref )/).map((h) => ({ ref: /ref (\S+)/.exec(h)?.[1], text: h })).filter((h) => h.ref)
      const words = plan.query.toLowerCase().split(/\s+/)
      const best = hits.find((h) => words.every((w) => h.text.toLowerCase().replaceAll('**', '').includes(w))) ?? hits[0]
      if (best === undefined) {
        plan.step = Infinity
        log('agent: context_search found nothing; answering')
        return text(res, `context_search found nothing for "${plan.query}" (nothing folded yet?): ${out.slice(0, 200)}`)
      }
      plan.ref = best.ref
      log(`agent: context_recall ${best.ref}`)
      return toolCall(res, 'call_recall', 'context_recall', { ref: best.ref, depth: 'exact' })
    }
    const words = plan.query.toLowerCase().split(/\s+/)
    // dsh's read tool numbers the lines it returns ("2: The staging …"): the answer is the line itself.
    const line = out.split(/\\n|\n/).find((l) => words.every((w) => l.toLowerCase().includes(w)))?.trim().replace(/^"+|"+$/g, '').replace(/^\d+: /, '')
    log('agent: answering')
    const answer = line ? `Final: ${line} (recalled via ${plan.ref})` : `Final: recalled ${plan.ref}, but no line of it holds "${plan.query}"`
    plan = null
    return text(res, answer)
  }
  return createServer((req, res) => {
    let body = ''
    req.on('data', (d) => { body += d })
    req.on('end', () => {
      let r
      try {
        r = JSON.parse(body)
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' })
        return res.end(JSON.stringify({ error: { message: 'fake model: the request is not JSON', type: 'invalid_request_error' } }))
      }
      r.messages ??= []
      if (isDigestRequest(r)) {
        log('EF semantic digest')
        return text(res, FAKE_DIGEST)
      }
      if (isTitleRequest(r)) {
        log('session title')
        return text(res, 'A session with the fake model')
      }
      if (req.headers['x-deepseek-harness-compact'] === '1') {
        log("the host's own summarizer")
        return text(res, '## Current Work\n- reading the files the task names (summary by the fake model)')
      }
      return agent(r, res)
    })
  })
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name, dflt) => {
    const i = process.argv.indexOf(name)
    return i > 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : dflt
  }
  const port = Number(arg('--port', '18931'))
  const project = resolve(arg('--project', process.cwd()))
  const server = fakeModel({ project })
  server.listen(port, '127.0.0.1', () => {
    console.log(`fake model listening on http://127.0.0.1:${server.address().port} (paths relative to ${project}); Ctrl-C stops it`)
  })
}
