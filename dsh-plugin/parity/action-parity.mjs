// Drives the real plugin's action_submit tool for the Go parity test
// (cmd/ef, TestActParityPlugin): reads {efBin, root, storeDir, intents} as
// JSON from the file named by argv[2], starts EpistemicFoldEngine with
// actionRoots [root] (so a real `ef serve` child), registers its tools with
// the host's schema check, executes action_submit once per intent (each an
// intent JSON text) and prints each result text on its own line.
import { readFileSync } from 'node:fs'
import { execute, withPluginTool } from './harness.mjs'

const { efBin, root, storeDir, intents } = JSON.parse(readFileSync(process.argv[2], 'utf8'))
await withPluginTool('action_submit', { efCommand: efBin, storeDir, actionRoots: [root] }, async (tool) => {
  for (const intent of intents) {
    const { text } = await execute(tool, intent)
    process.stdout.write(text + '\n')
  }
})
