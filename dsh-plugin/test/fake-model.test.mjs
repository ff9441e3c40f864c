// The fake model users try EF with offline (e2e/fake-model.mjs, README's
// "Try it offline"): it answers each request the host and EF make, over
// server-sent events on 127.0.0.1, with no package and no network. Run by
// sidecar's TestFakeModel (go test ./sidecar/), or `node --test` here.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { EF_TOOLS, FAKE_DIGEST, fakeModel, taskFiles, taskQuery } from '../e2e/fake-model.mjs'

/** Posts a chat request and returns the streamed reply: { text, calls, finish }. */
async function ask(base, body, headers = {}) {
  const r = await fetch(`${base}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ model: 'deepseek-v4-flash', stream: true, ...body }) })
  assert.equal(r.status, 200)
  assert.match(r.headers.get('content-type'), /text\/event-stream/)
  const raw = await r.text()
  assert.ok(raw.endsWith('data: [DONE]\n\n'), raw)
  const out = { text: '', calls: [], finish: null }
  for (const line of raw.split('\n\n')) {
    if (!line.startsWith('data: ') || line === 'data: [DONE]') continue
    const c = JSON.parse(line.slice(6)).choices[0]
    out.text += c.delta.content ?? ''
    for (const tc of c.delta.tool_calls ?? []) out.calls.push({ name: tc.function.name, args: JSON.parse(tc.function.arguments) })
    out.finish = c.finish_reason ?? out.finish
  }
  return out
}

test('the task is read as files and a question', () => {
  assert.deepEqual(taskFiles('Read notes/part-1.txt to notes/part-3.txt, then tell me the staging password.'), ['notes/part-1.txt', 'notes/part-2.txt', 'notes/part-3.txt'])
  assert.deepEqual(taskFiles('look at src/main.go and README.md'), ['src/main.go', 'README.md'])
  assert.deepEqual(taskFiles('fix the failing test'), []) // near miss: no file named
  assert.equal(taskQuery('Read notes/a.txt, then tell me the staging password.'), 'staging password')
})

test('it answers the title, the agent (read, search, recall, answer), the host summarizer and EF digest', async (t) => {
  const project = mkdtempSync(join(tmpdir(), 'fake-model-'))
  mkdirSync(join(project, 'notes'))
  writeFileSync(join(project, 'notes', 'part-1.txt'), 'the staging password is ZEBRA-4471\n')
  writeFileSync(join(project, 'notes', 'part-2.txt'), 'nothing here\n')
  const server = fakeModel({ project, log: () => {} })
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
  t.after(() => server.close())
  const base = `http://127.0.0.1:${server.address().port}`

  const title = await ask(base, { messages: [{ role: 'system', content: 'Create a concise title for this conversation.' }, { role: 'user', content: 'hi' }] })
  assert.ok(title.text.length > 0 && title.calls.length === 0)

  const task = { role: 'user', content: 'Read notes/part-1.txt to notes/part-2.txt, then tell me the staging password.' }
  const ctx = { role: 'user', content: 'Current runtime context. This snapshot supersedes earlier ones.' }
  const msgs = [ctx, task]
  const step = async (toolText) => {
    if (toolText !== undefined) msgs.push({ role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'x', arguments: '{}' } }] }, { role: 'tool', tool_call_id: 'c', content: toolText })
    return ask(base, { messages: msgs, tools: EF_TOOLS.map((name) => ({ type: 'function', function: { name, parameters: {} } })) })
  }
  let r = await step()
  assert.deepEqual(r.calls, [{ name: 'read', args: { file_path: join(project, 'notes', 'part-1.txt') } }])
  assert.equal(r.finish, 'tool_calls')
  r = await step('the staging password is ZEBRA-4471')
  assert.deepEqual(r.calls, [{ name: 'read', args: { file_path: join(project, 'notes', 'part-2.txt') } }])
  r = await step('nothing here')
  assert.deepEqual(r.calls, [{ name: 'context_search', args: { query: 'staging password' } }])
  r = await step('context_search "staging password": 2 matches\n1. ref ef-aa#2@s1 · message 2\n   nothing here\n2. ref ef-bb#1@s1 · message 1\n   the **staging** **password** is ZEBRA-4471')
  assert.deepEqual(r.calls, [{ name: 'context_recall', args: { ref: 'ef-bb#1@s1', depth: 'exact' } }])
  // dsh's read tool numbers each line; the answer is the line without its number
  r = await step('{"role":"tool","content":"<content> 1: # notes\\n2: The staging password is ZEBRA-4471.\\n3: step 1.1"}')
  assert.equal(r.text, 'Final: The staging password is ZEBRA-4471. (recalled via ef-bb#1@s1)')
  assert.equal(r.finish, 'stop')

  const compact = { 'x-deepseek-harness-compact': '1' }
  const host = await ask(base, { messages: [task, { role: 'user', content: 'Summarize the conversation in 8 sections.' }] }, compact)
  assert.match(host.text, /^## Current Work/)
  const digest = await ask(base, { messages: [task, { role: 'user', content: 'The last 4 messages above are about to be folded into a checkpoint. The checkpoint already states …' }] }, compact)
  assert.equal(digest.text, FAKE_DIGEST)
  // near miss: a later agent request whose checkpoint says "semantic digest" is no digest request
  const later = await ask(base, { messages: [{ role: 'user', content: 'checkpoint (semantic digest; context only)' }, task] })
  assert.ok(later.calls.length === 1 && later.calls[0].name === 'read')
})

test('without EF\'s tools in the request it says the plugin is missing instead of calling them', async (t) => {
  const project = mkdtempSync(join(tmpdir(), 'fake-model-'))
  const server = fakeModel({ project, log: () => {} })
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
  t.after(() => server.close())
  const base = `http://127.0.0.1:${server.address().port}`
  const msgs = [{ role: 'user', content: 'Read notes/a.txt, then tell me the staging password.' }]
  const tools = [{ type: 'function', function: { name: 'read', parameters: {} } }]
  let r = await ask(base, { messages: msgs, tools })
  assert.deepEqual(r.calls.map((c) => c.name), ['read'])
  msgs.push({ role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'read', arguments: '{}' } }] }, { role: 'tool', tool_call_id: 'c', content: '1: nothing' })
  r = await ask(base, { messages: msgs, tools })
  assert.equal(r.calls.length, 0)
  assert.match(r.text, /not among this request's tools: is @epistemicfold\/dsh-plugin in the profile/)
})

test('a new session after one that ended early gets a plan of its own, not the last one\'s answer', async (t) => {
  // The README's offline trial runs d again after a run without EF (the
  // plugin missing, or its sidecar down: "found nothing"): the same fake
  // model must start the new session's task, whose first request has the
  // runtime context after the task and no assistant message yet.
  const project = mkdtempSync(join(tmpdir(), 'fake-model-'))
  const server = fakeModel({ project, log: () => {} })
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
  t.after(() => server.close())
  const base = `http://127.0.0.1:${server.address().port}`
  const task = { role: 'user', content: 'Read notes/a.txt, then tell me the staging password.' }
  const ctx = { role: 'user', content: 'Current runtime context. This snapshot supersedes earlier ones.' }
  const efTools = EF_TOOLS.concat('read').map((name) => ({ type: 'function', function: { name, parameters: {} } }))
  const call = (name) => ({ role: 'assistant', content: null, tool_calls: [{ id: name, type: 'function', function: { name, arguments: '{}' } }] })
  const result = (name, content) => ({ role: 'tool', tool_call_id: name, content })

  // 1. EF's tools offered, but its search finds nothing (the sidecar is down).
  let msgs = [task, ctx]
  let r = await ask(base, { messages: msgs, tools: efTools })
  assert.deepEqual(r.calls.map((c) => c.name), ['read'])
  msgs = [...msgs, call('read'), result('read', '1: nothing')]
  r = await ask(base, { messages: msgs, tools: efTools })
  assert.deepEqual(r.calls.map((c) => c.name), ['context_search'])
  msgs = [...msgs, call('context_search'), result('context_search', 'context_search is unavailable: cannot run ef')]
  r = await ask(base, { messages: msgs, tools: efTools })
  assert.match(r.text, /found nothing/)

  // 2. The next session, same task: a plan of its own (read first).
  r = await ask(base, { messages: [task, ctx], tools: efTools })
  assert.deepEqual(r.calls.map((c) => c.name), ['read'], `the new session got: ${r.text}`)

  // 3. Same after a session without EF's tools.
  const readOnly = [{ type: 'function', function: { name: 'read', parameters: {} } }]
  r = await ask(base, { messages: [task, ctx], tools: readOnly })
  assert.deepEqual(r.calls.map((c) => c.name), ['read'])
  r = await ask(base, { messages: [task, ctx, call('read'), result('read', '1: nothing')], tools: readOnly })
  assert.match(r.text, /not among this request's tools/)
  r = await ask(base, { messages: [task, ctx], tools: efTools })
  assert.deepEqual(r.calls.map((c) => c.name), ['read'], `the new session got: ${r.text}`)

  // Near miss: within a session, a request with the turn under way is no new session.
  r = await ask(base, { messages: [task, ctx, call('read'), result('read', '1: nothing')], tools: efTools })
  assert.deepEqual(r.calls.map((c) => c.name), ['context_search'])
})
