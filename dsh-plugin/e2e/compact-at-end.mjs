// A test-only plugin for the end-to-end run: when the agent's turn ends it
// types `/compact`, through the host's command registry, exactly as a user
// would in an interactive profile (the headless profile has no prompt to
// type it in). It also writes EF's log lines to stderr. It runs synchronously in the idle transition, so the
// maintenance task starts before the headless runner sees the agent idle.
export const name = 'e2e-compact-at-end'
export const inject = ['commands']

export function apply(ctx) {
  // EF's log lines on stderr, warnings and debug included (the CLI keeps
  // only info and errors, in memory), so a failing run shows why.
  ctx.logger.exporter({
    levels: { default: 3 },
    colors: 0,
    export: (m) => {
      const text = m.args.map((a) => (a instanceof Error ? a.message : typeof a === 'string' ? a : JSON.stringify(a))).join(' ')
      if (/epistemic-fold|ef sidecar/.test(text)) process.stderr.write(`e2e log ${m.type}: ${text.split('\n')[0].slice(0, 2000)}\n`)
    },
  })
  let done = false
  ctx.on('agent/status', ({ agent, status }) => {
    if (done || status !== 'idle' || agent === undefined) return
    const ended = agent.session.events.some((e) => e.type === 'turn/end')
    if (!ended) return
    done = true
    ctx.commands.execute(agent, '/compact', [], new AbortController().signal).then(
      (out) => process.stderr.write(`e2e: /compact → ${out?.result?.kind}: ${out?.result?.text}\n`),
      (error) => process.stderr.write(`e2e: /compact failed: ${error?.message ?? error}\n`),
    )
  })
}
