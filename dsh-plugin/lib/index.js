// Epistemic Fold as the DeepSeek Harness compaction backend.
//
// The host's compaction transaction (lock, validation, shrink check,
// stability checks, commit, failure classification) stays the host's: this
// class extends BasicCompactionEngine and overrides only
//   - compactIfNeeded: the fold policy (which span, which mode) is asked of
//     the Go engine (`fold/plan`), then the host's own compactRegion runs it;
//   - summarize: the checkpoint is compiled by the Go engine (`fold/compile`),
//     which archives the exact shadowed messages in a durable, verified
//     bundle BEFORE it answers, so the surface never loses what is not
//     archived.
// /compact keeps the host's manual path, which the RFC defines as a root
// fold. The Go side mirrors the session log from the events this plugin
// forwards; the plugin stays the only writer of the log.
//
// It also registers the model-callable tools context_search and
// context_recall (their schemas and descriptions come from the Go side, so
// they are defined once), and action_submit when configured with
// actionRoots.
import { BasicCompactionEngine } from '@deepseek-ai/dsh-compaction-basic'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { ErrorCode, Method, PROTOCOL_VERSION, Sidecar, SidecarError } from './sidecar.js'

export const name = 'epistemic-fold'
export const inject = ['llm', 'tokenMeter', 'sessions']

/** Keys this plugin adds to BasicCompactionEngine's configuration. */
const EF_KEYS = ['efCommand', 'efArgs', 'storeDir', 'actionRoots']

function defaultStoreDir() {
  const home = process.env.DSH_HOME ?? join(homedir(), '.dsh')
  return join(home, 'epistemic-fold')
}

/** How many events a session's log holds, on either host generation. */
function eventCount(session) {
  return session.events !== undefined ? session.events.length : session.snapshotEvents(0).length
}

/** Events of a session from seq `from` on, on either host generation. */
function eventsFrom(session, from) {
  if (typeof session.snapshotEvents === 'function' && session.events === undefined) {
    return session.snapshotEvents(from)
  }
  return session.events.slice(from)
}

export class EpistemicFoldEngine extends BasicCompactionEngine {
  static inject = inject

  #sidecar
  #ready
  #synced = new WeakMap()
  #modes = new WeakMap()
  #tools = []

  constructor(ctx, config = {}) {
    const basic = {}
    const ef = {}
    for (const [key, value] of Object.entries(config ?? {})) {
      if (EF_KEYS.includes(key)) ef[key] = value
      else basic[key] = value
    }
    super(ctx, basic)
    const storeDir = ef.storeDir ?? defaultStoreDir()
    // actionRoots (directories) turns on the action_submit tool: writes
    // judged and audited by the Go action kernel (package origin/action).
    const actionArgs = (ef.actionRoots ?? []).flatMap((root) => ['--act-root', root])
    this.#sidecar = new Sidecar({
      command: ef.efCommand ?? 'ef',
      args: [...(ef.efArgs ?? []), 'serve', '--store', storeDir, ...actionArgs],
      logger: ctx.logger,
    })
    this.#ready = this.#sidecar.request(Method.initialize, { protocolVersion: PROTOCOL_VERSION, storeDir })
    this.#ready.catch((error) => ctx.logger?.warn?.(`epistemic-fold: sidecar failed to start: ${error.message}`))
    if (typeof ctx.on === 'function') ctx.on('dispose', () => this.close())
  }

  /** The sidecar's initialize answer: engine name, version, tool definitions. */
  async info() {
    return this.#ready
  }

  /** Stop the sidecar. */
  async close() {
    for (const dispose of this.#tools.splice(0)) dispose()
    await this.#sidecar.close()
  }

  /**
   * Forward every event the Go mirror has not seen yet. Sessions only grow,
   * except through truncate (0.1.7), after which the mirror is rebuilt.
   */
  async #sync(session) {
    await this.#ready
    const seen = this.#synced.get(session) ?? 0
    if (eventCount(session) < seen) {
      const all = eventsFrom(session, 0)
      this.#sidecar.notify(Method.sessionOpen, { sessionId: session.id, events: all })
      this.#synced.set(session, all.length)
      return
    }
    const events = eventsFrom(session, seen)
    if (seen === 0) this.#sidecar.notify(Method.sessionOpen, { sessionId: session.id, events })
    else if (events.length > 0) this.#sidecar.notify(Method.sessionEvents, { sessionId: session.id, fromSeq: seen, events })
    this.#synced.set(session, seen + events.length)
  }

  /**
   * Send a session-scoped request with the session synced first; when the
   * sidecar's mirror is behind or broken it answers ErrorCode.resync, and
   * the whole log is sent again once.
   */
  async #call(session, method, params, signal) {
    await this.#sync(session)
    const length = () => eventCount(session)
    try {
      return await this.#sidecar.request(method, { ...params, length: length() }, signal)
    } catch (error) {
      if (!(error instanceof SidecarError) || error.code !== ErrorCode.resync) throw error
      this.ctx.logger?.warn?.(`epistemic-fold: ${error.message}; re-sending the session`)
      this.#synced.delete(session)
      await this.#sync(session)
      return this.#sidecar.request(method, { ...params, length: length() }, signal)
    }
  }

  async #contextWindow(session, signal) {
    const config = session.requestHeader?.()?.config
    if (config === undefined || !config.provider || !config.model) return undefined
    const info = await this.ctx.llm.resolveModelInfo(config.provider, config.model, signal)
    return info?.context?.contextWindow
  }

  async compactIfNeeded(agent, trigger, signal) {
    const session = agent.session
    const config = session.requestHeader?.()?.config
    if (config === undefined || !config.provider || !config.model) return null
    const contextWindow = await this.#contextWindow(session, signal)
    const measurement = this.ctx.tokenMeter.measure(session)
    const plan = await this.#call(session, Method.foldPlan, {
      sessionId: session.id,
      trigger,
      contextWindow: contextWindow ?? 0,
      totalTokens: measurement.totalTokens,
      nodes: measurement.nodes.map((node) => ({ seq: node.seq, tokens: node.tokens })),
    }, signal)
    if (plan.decision !== 'fold') return null
    this.#modes.set(session, plan.mode)
    try {
      return await this.compactRegion(plan.start, plan.end, agent, signal)
    } catch (error) {
      // A plan the host refuses before the lock (a range it does not
      // accept) falls back to the host's own policy; anything later is a
      // real compaction failure and propagates.
      if (error instanceof Error && error.message.startsWith('compactRegion:')) {
        this.ctx.logger?.warn?.(`epistemic-fold: host refused the planned span (${error.message}); using the basic policy`)
        this.#modes.delete(session)
        return super.compactIfNeeded(agent, trigger, signal)
      }
      throw error
    } finally {
      this.#modes.delete(session)
    }
  }

  async summarize(input, agent, signal) {
    const session = agent.session
    // The manual path (/compact) does not go through compactIfNeeded: the
    // RFC defines it as a root fold.
    const mode = this.#modes.get(session) ?? 'root'
    const result = await this.#call(session, Method.foldCompile, {
      sessionId: session.id,
      mode,
      messageIds: input.messages.map((message) => message.id ?? null),
      contextWindow: (await this.#contextWindow(session, signal)) ?? 0,
    }, signal)
    return {
      summary: result.summary,
      provider: 'epistemic-fold',
      model: result.model ?? 'ef-deterministic',
    }
  }

  /**
   * Register context_search and context_recall on a tools service
   * (`ctx.tools`). Call it from a plugin that injects 'tools'; returns the
   * disposers.
   */
  async registerTools(tools) {
    const { tools: definitions = [] } = await this.#ready
    for (const def of definitions) {
      const dispose = tools.register({
        name: def.name,
        description: def.description,
        parameters: def.parameters,
        output: {
          // The value is the text the model reads and whether the call
          // failed; the structured result stays on the Go side.
          schema: { type: 'object', properties: { text: { type: 'string' }, isError: { type: 'boolean' } }, required: ['text', 'isError'] },
          render: (_args, value) => [{ type: 'text', text: value.text }],
        },
        execute: async (args, exec) => {
          const session = exec?.agent?.session
          const params = { name: def.name, sessionId: session?.id ?? null, arguments: args }
          if (session === undefined) return this.#sidecar.request(Method.toolCall, params, exec?.signal)
          await this.#sync(session)
          return this.#sidecar.request(Method.toolCall, params, exec?.signal)
        },
      })
      this.#tools.push(dispose)
    }
    // action_submit, when the sidecar has action roots: the intent goes to
    // the kernel unchanged and its action.result comes back as the text
    // (the verdict is the kernel's; this is only the DSH channel).
    const { actionTool } = await this.#ready
    if (actionTool !== undefined) {
      const dispose = tools.register({
        name: actionTool.name,
        description: actionTool.description,
        parameters: actionTool.parameters,
        output: {
          schema: { type: 'object', properties: { text: { type: 'string' }, isError: { type: 'boolean' } }, required: ['text', 'isError'] },
          render: (_args, value) => [{ type: 'text', text: value.text }],
        },
        execute: async (args, exec) => {
          const result = await this.#sidecar.request(Method.actionSubmit, { intent: args }, exec?.signal)
          return { text: JSON.stringify(result), isError: result.status === 'failed' }
        },
      })
      this.#tools.push(dispose)
    }
    return this.#tools.slice()
  }
}

export default EpistemicFoldEngine
