// The shared part of the parity drivers (action-parity.mjs,
// context-parity.mjs): starts the real plugin's EpistemicFoldEngine in a
// host context (so a real `ef serve` child), registers its tools through
// the host's schema check, hands the named tool to run and closes the
// engine afterwards.
import { Context } from '@deepseek-ai/cordis'
import { TokenMeter } from '@deepseek-ai/dsh-token-meter'
import { assertSupportedJsonSchema } from '@deepseek-ai/dsh-tools'
import { EpistemicFoldEngine } from '../lib/index.js'

export async function withPluginTool(toolName, engineOptions, run) {
  const ctx = new Context()
  ctx.logger = { info() {}, warn() {}, debug() {}, error: console.error }
  ctx.llm = { async *stream() { throw new Error('no LLM') }, async resolveModelInfo() { return undefined } }
  ctx.tokenMeter = new TokenMeter(ctx)
  ctx.sessions = { flush: async () => true }

  const engine = new EpistemicFoldEngine(ctx, { auto: false, ...engineOptions })
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
    const tool = registered.get(toolName)
    if (tool === undefined) throw new Error(`no ${toolName} tool among ${[...registered.keys()]}`)
    await run(tool)
  } finally {
    await engine.close()
  }
}

// execute calls tool once with the JSON text args and returns its value
// and rendered text.
export async function execute(tool, args) {
  const value = await tool.execute(JSON.parse(args), { signal: new AbortController().signal })
  return { value, text: tool.output.render({}, value)[0].text }
}
