// Drives the real plugin's context_request tool for the Go test
// (cmd/ef, TestContextRequestPlugin): reads {efBin, storeDir, originRoots,
// requests} as JSON from the file named by argv[2], starts
// EpistemicFoldEngine with originRoots (so a real `ef serve --origin`
// child), registers its tools with the host's schema check, executes
// context_request once per request (each a context.request JSON text) and
// prints, per request, a line {"isError":…,"text":…}.
import { readFileSync } from 'node:fs'
import { execute, withPluginTool } from './harness.mjs'

const { efBin, storeDir, originRoots, requests } = JSON.parse(readFileSync(process.argv[2], 'utf8'))
await withPluginTool('context_request', { efCommand: efBin, storeDir, originRoots }, async (tool) => {
  for (const request of requests) {
    const { value, text } = await execute(tool, request)
    process.stdout.write(JSON.stringify({ isError: value.isError, text }) + '\n')
  }
})
