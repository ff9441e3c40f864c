// Drives `ef mcp` with the official TypeScript MCP client, as an MCP host
// (Claude Code, Cursor...) would: initialize, list tools, search, recall.
// Usage: node client.mjs <ef binary> <store dir> <query>
// Prints one JSON object with what it saw; exits non-zero on any failure.
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'

const [bin, store, query] = process.argv.slice(2)
const transport = new StdioClientTransport({ command: bin, args: ['mcp', '--store', store], stderr: 'inherit' })
const client = new Client({ name: 'ef-mcp-test', version: '1.0.0' })
await client.connect(transport)
const seen = { server: client.getServerVersion(), protocol: transport.protocolVersion ?? null }
const { tools } = await client.listTools()
seen.tools = tools.map((t) => ({ name: t.name, description: t.description.length, params: Object.keys(t.inputSchema.properties ?? {}), output: t.outputSchema !== undefined }))
// The client checks structuredContent against each tool's outputSchema.
const search = await client.callTool({ name: 'context_search', arguments: { query, scope: 'project', limit: 3 } })
seen.search = { isError: search.isError ?? false, text: search.content[0].text, hits: search.structuredContent?.hits?.length ?? 0 }
const ref = search.structuredContent?.hits?.[0]?.ref
seen.ref = ref
const got = await client.callTool({ name: 'context_recall', arguments: { ref, depth: 'exact' } })
seen.recall = { isError: got.isError ?? false, text: got.content[0].text, status: got.structuredContent?.status, exact: got.structuredContent?.exact?.length ?? 0 }
const bad = await client.callTool({ name: 'context_recall', arguments: { ref: 'no such ref!' } })
seen.bad = { isError: bad.isError ?? false, text: bad.content[0].text }
await client.close()
process.stdout.write(JSON.stringify(seen) + '\n')
