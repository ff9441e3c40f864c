// Drives the real plugin's action_submit tool for the Go parity test
// (cmd/ef, TestActParityPlugin): reads {efBin, root, storeDir, intents} as
// JSON from the file named by argv[2], starts EpistemicFoldEngine with
// actionRoots [root] (so a real `ef serve` child), registers its tools with
// the host's schema check, executes action_submit once per intent (each an
// intent JSON text) and prints each result text on its own line.
import { readFileSync } from 'node:fs'
import { Context } from '@deepseek-ai/cordis'
import { TokenMeter } from '@deepseek-ai/dsh-token-meter'
import { assertSupportedJsonSchema } from '@deepseek-ai/dsh-tools'
import { EpistemicFoldEngine } from '../lib/index.js'

const { efBin, root, storeDir, intents } = JSON.parse(readFileSync(process.argv[2], 'utf8'))
const ctx = new Context()
ctx.logger = { info() {}, warn() {}, debug() {}, error: console.error }
ctx.llm = { async *stream() { throw new Error('no LLM') }, async resolveModelInfo() { return undefined } }
ctx.tokenMeter = new TokenMeter(ctx)
ctx.sessions = { flush: async () => true }

const engine = new EpistemicFoldEngine(ctx, { auto: false, efCommand: efBin, storeDir, actionRoots: [root] })
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
  const tool = registered.get('action_submit')
  if (tool === undefined) throw new Error(`no action_submit tool among ${[...registered.keys()]}`)
  for (const intent of intents) {
    const value = await tool.execute(JSON.parse(intent), { signal: new AbortController().signal })
    const rendered = tool.output.render({}, value)
    process.stdout.write(rendered[0].text + '\n')
  }
} finally {
  await engine.close()
}
