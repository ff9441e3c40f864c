// Drives the real plugin's context_request tool for the Go test
// (cmd/ef, TestContextRequestPlugin): reads {efBin, storeDir, originRoots,
// requests} as JSON from the file named by argv[2], starts
// EpistemicFoldEngine with originRoots (so a real `ef serve --origin`
// child), registers its tools with the host's schema check, executes
// context_request once per request (each a context.request JSON text) and
// prints, per request, a line {"isError":…,"text":…}.
import { readFileSync } from 'node:fs'
import { Context } from '@deepseek-ai/cordis'
import { TokenMeter } from '@deepseek-ai/dsh-token-meter'
import { assertSupportedJsonSchema } from '@deepseek-ai/dsh-tools'
import { EpistemicFoldEngine } from '../lib/index.js'

const { efBin, storeDir, originRoots, requests } = JSON.parse(readFileSync(process.argv[2], 'utf8'))
const ctx = new Context()
ctx.logger = { info() {}, warn() {}, debug() {}, error: console.error }
ctx.llm = { async *stream() { throw new Error('no LLM') }, async resolveModelInfo() { return undefined } }
ctx.tokenMeter = new TokenMeter(ctx)
ctx.sessions = { flush: async () => true }

const engine = new EpistemicFoldEngine(ctx, { auto: false, efCommand: efBin, storeDir, originRoots })
try {
  const registered = new Map()
  await engine.registerTools({
    register(def) {
      assertSupportedJsonSchema(def.parameters)
      assertSupportedJsonSchema(def.output.schema)
      registered.set(def.name, def)
      return () => registered.delete(def.name)
    },
  })
  const tool = registered.get('context_request')
  if (tool === undefined) throw new Error(`no context_request tool among ${[...registered.keys()]}`)
  for (const request of requests) {
    const value = await tool.execute(JSON.parse(request), { signal: new AbortController().signal })
    const rendered = tool.output.render({}, value)
    process.stdout.write(JSON.stringify({ isError: value.isError, text: rendered[0].text }) + '\n')
  }
} finally {
  await engine.close()
}
