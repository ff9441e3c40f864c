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
// When the sidecar is down (crashed, missing), folds fall back to the
// host's own Basic behaviour, so the context never outgrows the window, and
// the recall tools answer that they are unavailable and why. A span the
// host's summarizer folds meanwhile is archived from the session log by
// the next sidecar that mirrors the session (session/archive reports it).
//
// It registers the model-callable tools context_search and context_recall
// (defined once, in Go: lib/tools.json is recall.Tools()), and
// action_submit when configured with actionRoots, and context_request
// (Northbridge over task.origin files) when configured with originRoots.
//
// The engine is mounted through cordis, which hands callers a proxy of the
// instance (or an object derived from it): every piece of mutable state
// therefore lives in one plain object, `this.ef`, created in the
// constructor and never replaced, and no #private field is used.
import { BasicCompactionEngine } from '@deepseek-ai/dsh-compaction-basic'
import { toolPairingBalancedAfter } from '@deepseek-ai/dsh-compaction'
import Schema from '@deepseek-ai/schemastery'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ErrorCode, Method, PROTOCOL_VERSION, Sidecar, SidecarError, SidecarUnavailableError, Supervisor } from './sidecar.js'

export const name = 'epistemic-fold'
export const inject = ['llm', 'tokenMeter', 'sessions']

const here = dirname(fileURLToPath(import.meta.url))

/** context_search and context_recall, as recall.Tools() defines them in Go. */
export const toolDefinitions = JSON.parse(readFileSync(join(here, 'tools.json'), 'utf8'))

/** Keys this plugin adds to BasicCompactionEngine's configuration. */
const efConfig = Schema.object({
  efCommand: Schema.string().description('Path of the ef binary. Default: the @epistemicfold/ef-<os>-<arch> package, then ef on PATH.'),
  efArgs: Schema.array(Schema.string()).description('Extra arguments after `ef serve` (for example ["-v"]).'),
  storeDir: Schema.string().description('Bundle store: an existing store, or a missing or empty directory, which becomes one (a directory holding other files is refused). Default: the project\'s own store under the user\'s data directory (see `ef mcp -h`).'),
  projectDir: Schema.string().description('Workspace root that keys the default store. Default: the working directory.'),
  emergencyRatio: Schema.number().min(0.1).max(1).description('Share of the window an emergency fold brings the request under. Default 0.75.'),
  cachePriceRatio: Schema.number().max(1).description('The provider\'s price of a cached input token relative to an uncached one; sizes pressure folds from the prompt cache\'s economics. Default 0.1 (DeepSeek); negative folds only at thresholdRatio.'),
  digestLeaves: Schema.boolean().description('Ask for the semantic digest on pressure (leaf) folds too, not only on /compact and merges. Default false: a model call per fold.'),
  digestTimeoutMs: Schema.natural().description('Bound on one semantic digest call; on a timeout the checkpoint keeps its deterministic text. Default 60000.'),
  semanticDigest: Schema.boolean().description('Ask the host model for the checkpoint\'s semantic digest (context, rationale, alternatives, outcomes). Default: on when the session has a model.'),
  registerTools: Schema.boolean().description('Register context_search and context_recall with the tool runtime. Default true.'),
  restartDelayMs: Schema.natural().description('First delay before restarting a crashed sidecar; doubles up to 30 s. Default 200.'),
  actionRoots: Schema.array(Schema.string()).description('Directories the action kernel may write in; turns on the action_submit tool (package origin/action).'),
  originRoots: Schema.array(Schema.string()).description('Directories of task.origin files; turns on the context_request tool (package origin/northbridge).'),
})
const EF_KEYS = Object.keys(efConfig.dict)

/**
 * Finds the ef binary: the explicit option, then the platform package
 * @epistemicfold/ef-<os>-<arch> (installed as an optional dependency, the
 * way esbuild ships its binaries), then `ef` on PATH.
 */
export function resolveEfCommand(explicit) {
  if (explicit) return explicit
  const os = { win32: 'windows' }[process.platform] ?? process.platform
  const arch = { x64: 'amd64' }[process.arch] ?? process.arch
  const pkg = `@epistemicfold/ef-${os}-${arch}`
  const exe = process.platform === 'win32' ? 'ef.exe' : 'ef'
  try {
    const require = createRequire(import.meta.url)
    const bin = join(dirname(require.resolve(`${pkg}/package.json`)), 'bin', exe)
    if (existsSync(bin)) return bin
  } catch {
    // not installed: fall through to PATH
  }
  return exe
}

/**
 * How many events a session's log holds, on either host generation: rc.8's
 * `session.events`, else 0.1.7's `session.seq` (the next seq), without a
 * read of the log.
 */
function eventCount(session) {
  if (session.events !== undefined) return session.events.length
  return typeof session.seq === 'number' ? session.seq : session.snapshotEvents(0).length
}

/** Events of a session from seq `from` on, on either host generation. */
function eventsFrom(session, from) {
  if (session.events === undefined && typeof session.snapshotEvents === 'function') return session.snapshotEvents(from)
  return session.events.slice(from)
}

/** The requests this plugin answers for the sidecar (Go: sidecar.MethodHostLLMStream). */
const HOST_METHODS = ['host/llm.stream', 'host/log']

/**
 * How long, beyond the first restart delay, a fold whose sidecar died
 * during fold/compile waits for the restarted one before the host's
 * summarizer takes the span (unarchived).
 */
const COMPILE_RESTART_GRACE_MS = 2000

/** A fold refused before its bracket: its span cannot shrink. */
class CannotShrinkError extends Error {
  constructor(why, seq) {
    super(why)
    this.name = 'CannotShrinkError'
    this.seq = seq
  }
}

/**
 * The span from surface node `start` to the last node after which the
 * surface is tool-pairing balanced (the whole surface when it ends
 * balanced), or undefined when that is `start` alone.
 */
function spanToLastBalancedCut(session, start) {
  const nodes = session.surface?.nodes ?? []
  const from = nodes.indexOf(start)
  if (from < 0) return undefined
  for (let k = nodes.length - 1; k > from; k--) {
    try {
      if (toolPairingBalancedAfter(session, nodes[k])) return { start, end: nodes[k] }
    } catch {
      return undefined
    }
  }
  return undefined
}

/** Whether the surface node at seq is a compaction checkpoint (any engine's). */
function isCheckpoint(session, seq) {
  const event = session.events !== undefined ? session.events[seq] : session.eventAt?.(seq)
  const m = event !== undefined ? session.deriveEventMessage?.(event) : undefined
  const source = m?.source
  return source?.kind === 'compact-checkpoint' || (source?.kind === 'plugin' && typeof source.compactionId === 'string')
}

function message(error) {
  return error instanceof Error ? error.message : String(error)
}

export class EpistemicFoldEngine extends BasicCompactionEngine {
  static inject = inject
  static Config = Schema.intersect([BasicCompactionEngine.Config, efConfig])

  constructor(ctx, config = {}) {
    const basic = {}
    const ef = {}
    for (const [key, value] of Object.entries(config ?? {})) {
      if (EF_KEYS.includes(key)) ef[key] = value
      else basic[key] = value
    }
    super(ctx, basic)
    const command = resolveEfCommand(ef.efCommand)
    const args = ['serve', ...(ef.efArgs ?? [])]
    if (ef.storeDir) args.push('--store', ef.storeDir)
    else args.push('--project', ef.projectDir || process.cwd())
    // actionRoots (directories) turns on the action_submit tool: writes
    // judged and audited by the Go action kernel (package origin/action).
    for (const root of ef.actionRoots ?? []) args.push('--act-root', root)
    // originRoots (directories of task.origin files) turns on the
    // context_request tool (package origin/northbridge).
    for (const root of ef.originRoots ?? []) args.push('--origin', root)
    // Settings the Go side plans with (its own defaults when unset).
    const settings = {
      thresholdRatio: this.config.thresholdRatio,
      emergencyRatio: ef.emergencyRatio,
      semanticDigest: ef.semanticDigest,
      cachePriceRatio: ef.cachePriceRatio,
      digestLeaves: ef.digestLeaves,
      digestTimeoutMs: ef.digestTimeoutMs,
      modelPolicies: this.config.modelPolicies.map((p) => ({ provider: p.provider, model: p.model, thresholdRatio: p.thresholdRatio })),
    }
    const state = {
      command,
      synced: new WeakMap(), // session → {epoch, length} forwarded to the sidecar
      // session id → {next, events}: on hosts without session.events
      // (0.1.7, whose synchronous readers are deprecated), the events the
      // host announced on its session/event feed since the last sync.
      feed: new Map(),
      modes: new WeakMap(), // session → fold mode of the span being compacted
      basic: new WeakMap(), // session → reason the current fold uses the basic policy
      // session id → folds the host's summarizer wrote while no sidecar
      // ran: their spans wait to be archived from the session log.
      unarchived: new Map(),
      basicSaid: undefined, // the last basic-policy warning, said once
      disposers: [],
      supervisor: undefined,
    }
    this.ef = state
    state.supervisor = new Supervisor({
      logger: ctx.logger,
      initialDelayMs: ef.restartDelayMs ?? 200,
      spawn: () => new Sidecar({
        command,
        args,
        logger: ctx.logger,
        onHostRequest: (method, params) => this.hostRequest(method, params),
      }),
      // hostMethods: the requests this plugin answers for the sidecar;
      // host/llm.stream lets it ask the host's model for the semantic
      // digest (off with semanticDigest: false).
      start: (sidecar) => sidecar.request(Method.initialize, { protocolVersion: PROTOCOL_VERSION, settings, hostMethods: HOST_METHODS }),
    })
    state.supervisor.ready.then((up) => {
      const info = state.supervisor.info
      if (up && info?.store?.available === false) {
        ctx.logger?.warn?.(`epistemic-fold: bundle store ${info.store.dir} unavailable (${info.store.reason}); folds go on, exact recall is unavailable`)
      }
    })
    if (ef.registerTools !== false && typeof ctx.inject === 'function') {
      // Registered when (and while) the host's tool runtime is there.
      ctx.inject(['tools'], (toolsCtx) => {
        this.registerTools(toolsCtx.tools).catch((error) => ctx.logger?.warn?.(`epistemic-fold: registering tools: ${message(error)}`))
      })
    }
    // A session the host lets go (it ended, or was unloaded) no longer
    // needs its mirror in the sidecar: session/close drops it (the bundles
    // stay, searchable). rc.8 and 0.1.7 emit session/disposed; neither
    // offers a session-delete event, so the §25 delete cleanup has no seam
    // to hang on yet (a deleted session's bundles stay until removed by hand).
    if (typeof ctx.on === 'function') {
      try {
        ctx.on('session/disposed', (session) => this.sessionClosed(session))
        ctx.on('session/event', (session, event) => this.observeEvent(session, event))
        // 0.1.7: a log rewritten to an earlier prefix is sent again whole.
        ctx.on('session/truncated', (session) => {
          this.ef.synced.delete(session)
          this.ef.feed.delete(session.id)
        })
      } catch {
        // a host without these events: mirrors are dropped by the
        // sidecar's LRU bound, and the log is read at each sync
      }
    }
    // The sidecar stops with the plugin's fiber (cordis runs the disposer
    // when the plugin unloads or the host shuts down).
    try {
      ctx.effect?.(() => () => this.close(), 'epistemic-fold sidecar')
    } catch {
      // a detached context (tests, scripts): the caller calls close()
    }
  }

  /** The sidecar's initialize answer (engine, store, tools), or undefined while it is down. */
  async info() {
    await this.ef.supervisor.ready
    return this.ef.supervisor.info
  }

  /** Whether the sidecar runs, and why not when it does not. */
  status() {
    const sv = this.ef.supervisor
    return { state: sv.state, reason: sv.reason, restarts: sv.restarts, epoch: sv.epoch }
  }

  /** Stop the sidecar and unregister the tools. */
  async close() {
    for (const dispose of this.ef.disposers.splice(0)) dispose()
    await this.ef.supervisor.close()
  }

  /**
   * Keep what the host's session/event feed announces for a session this
   * plugin forwards, on hosts whose log has no `session.events` (0.1.7):
   * the next sync sends it without a deprecated read. A gap drops the
   * buffer, and the next sync reads the log.
   */
  observeEvent(session, event) {
    if (session?.events !== undefined || typeof event?.seq !== 'number') return
    const f = this.ef.feed.get(session.id)
    if (f === undefined) return
    if (event.seq !== f.next) {
      this.ef.feed.delete(session.id)
      return
    }
    f.events.push(event)
    f.next += 1
  }

  /** Tell the sidecar a session ended (session/close), once, if it mirrors it. */
  sessionClosed(session) {
    const mark = this.ef.synced.get(session)
    this.ef.synced.delete(session)
    this.ef.feed.delete(session.id)
    const sv = this.ef.supervisor
    if (mark === undefined || !sv.up || mark.epoch !== sv.epoch) return
    try {
      sv.sidecar.notify(Method.sessionClose, { sessionId: session.id })
    } catch (error) {
      this.ctx.logger?.debug?.(`epistemic-fold: session/close: ${message(error)}`)
    }
  }

  /**
   * Forward every event the running sidecar has not seen yet. A new sidecar
   * (after a restart) and a truncated log (0.1.7) get the whole log again.
   */
  async syncSession(session) {
    const sidecar = await this.ef.supervisor.get()
    const epoch = this.ef.supervisor.epoch
    const mark = this.ef.synced.get(session)
    const seen = mark !== undefined && mark.epoch === epoch ? mark.length : 0
    const count = eventCount(session)
    const feed = session.events === undefined ? this.ef.feed.get(session.id) : undefined
    if (count < seen || seen === 0) {
      const all = eventsFrom(session, 0)
      sidecar.notify(Method.sessionOpen, { sessionId: session.id, events: all })
      this.ef.synced.set(session, { epoch, length: all.length })
      if (session.events === undefined) this.ef.feed.set(session.id, { next: all.length, events: [] })
      await this.archiveFolds(sidecar, session)
      return sidecar
    }
    let events
    if (feed !== undefined && feed.next === count && (feed.events[0]?.seq ?? seen) <= seen) {
      // Everything since the last sync came on the feed (no log read).
      events = feed.events.filter((e) => e.seq >= seen)
      feed.events = []
    } else {
      events = eventsFrom(session, seen)
      if (session.events === undefined) this.ef.feed.set(session.id, { next: seen + events.length, events: [] })
    }
    if (events.length > 0) sidecar.notify(Method.sessionEvents, { sessionId: session.id, fromSeq: seen, events })
    this.ef.synced.set(session, { epoch, length: seen + events.length })
    return sidecar
  }

  /**
   * Once a sidecar mirrors a session from scratch (its first sync, or the
   * first after a restart), it has archived from the session log every
   * fold the host committed without EF: the host's summarizer wrote it
   * while the sidecar was down, in this process or an earlier one. Say
   * what it archived, and what it could not yet.
   */
  async archiveFolds(sidecar, session) {
    const waiting = this.ef.unarchived.get(session.id) ?? 0
    let result
    try {
      result = await sidecar.request(Method.sessionArchive, { sessionId: session.id })
    } catch (error) {
      if (waiting > 0) this.ctx.logger?.warn?.(`epistemic-fold: ${waiting} folded span(s) of session ${session.id} are still not archived: ${message(error)}`)
      return
    }
    const n = result.archived.length
    if (n > 0) {
      const seqs = result.archived.reduce((sum, f) => sum + f.seqs.length, 0)
      this.ctx.logger?.info?.(`epistemic-fold: archived ${n} fold(s) of session ${session.id} (${seqs} surface nodes) that the host's summarizer wrote while the sidecar was down, from the session log: context_search and context_recall find them now`)
    }
    if (result.pending.length > 0) {
      this.ef.unarchived.set(session.id, result.pending.length)
      this.ctx.logger?.warn?.(`epistemic-fold: ${result.pending.length} folded span(s) of session ${session.id} cannot be archived yet (${result.pending[0].reason}); the session log still holds them`)
    } else {
      this.ef.unarchived.delete(session.id)
    }
  }

  /** Note a fold whose checkpoint the host's summarizer writes: its span is not archived yet. */
  foldedUnarchived(session, input, why) {
    const n = (this.ef.unarchived.get(session.id) ?? 0) + 1
    this.ef.unarchived.set(session.id, n)
    this.ctx.logger?.warn?.(`epistemic-fold: checkpoint by the host's summarizer (${why}); the ${input.messages.length} folded messages are not archived yet: context_search and context_recall cannot return them until EF is back, when they are archived from the session log (${n} such fold(s) pending in this session)`)
  }

  /**
   * Send a session-scoped request with the session synced first; when the
   * sidecar's mirror is behind or broken it answers RESYNC, and the whole
   * log is sent again once.
   */
  async callSidecar(session, method, params, signal) {
    let sidecar = await this.syncSession(session)
    try {
      return await sidecar.request(method, { ...params, length: eventCount(session) }, signal)
    } catch (error) {
      if (!(error instanceof SidecarError) || error.code !== ErrorCode.resync) throw error
      this.ctx.logger?.warn?.(`epistemic-fold: ${error.message}; re-sending the session`)
      this.ef.synced.delete(session)
      sidecar = await this.syncSession(session)
      return sidecar.request(method, { ...params, length: eventCount(session) }, signal)
    }
  }

  async contextWindow(session, signal) {
    const config = session.requestHeader?.()?.config
    if (config === undefined || !config.provider || !config.model) return undefined
    const info = await this.ctx.llm.resolveModelInfo(config.provider, config.model, signal)
    return info?.context?.contextWindow
  }

  /** Run the host's own policy for this fold, saying why. */
  async basicFold(agent, trigger, signal, reason) {
    // Said once per reason (a sidecar that does not know fold/plan would
    // otherwise repeat it at every fold), then at debug level.
    const line = `epistemic-fold: ${trigger} fold uses the basic policy: ${reason}`
    if (this.ef.basicSaid !== line) this.ctx.logger?.warn?.(line)
    else this.ctx.logger?.debug?.(line)
    this.ef.basicSaid = line
    const run = { reason, last: null }
    this.ef.basic.set(agent.session, run)
    try {
      return await super.compactIfNeeded(agent, trigger, signal)
    } catch (error) {
      if (!(error instanceof CannotShrinkError)) throw error
      const wide = trigger === 'context-overflow' && run.last === null ? spanToLastBalancedCut(agent.session, error.seq) : undefined
      if (wide !== undefined) {
        // The provider rejected the request, and the host's overflow
        // selection (everything before the last tool exchange) is one
        // checkpoint alone: folding nothing would end the turn with the
        // overflow. The span then runs to the last balanced cut, the
        // last exchange with it (its messages stay in the log, and in
        // EF's archive when EF compiles the fold).
        this.ctx.logger?.warn?.(`epistemic-fold: ${trigger} fold: ${error.message}; folding seqs ${wide.start}..${wide.end} instead, through the last tool exchange`)
        return await this.compactRegion(wide.start, wide.end, agent, signal)
      }
      // The basic policy's retry picked a span that cannot shrink (the
      // checkpoint it just wrote, alone): keep what it folded.
      this.ctx.logger?.warn?.(`epistemic-fold: basic ${trigger} fold stopped: ${error.message}`)
      return run.last
    } finally {
      this.ef.basic.delete(agent.session)
    }
  }

  /**
   * The host's compactRegion, except that a basic-policy fold is refused
   * before it opens a bracket when its span is one checkpoint alone:
   * re-summarizing a summary cannot shrink it, so the host would log a
   * failed compaction ("not smaller than the shadowed content").
   */
  async compactRegion(start, end, agent, signal) {
    const run = this.ef.basic.get(agent.session)
    if (run !== undefined && start === end && isCheckpoint(agent.session, start)) {
      throw new CannotShrinkError(`the span is one checkpoint (seq ${start}) alone; re-folding it cannot shrink it`, start)
    }
    const result = await super.compactRegion(start, end, agent, signal)
    if (run !== undefined) run.last = result
    return result
  }

  async compactIfNeeded(agent, trigger, signal) {
    const session = agent.session
    const config = session.requestHeader?.()?.config
    if (config === undefined || !config.provider || !config.model) return null
    if (!this.ef.supervisor.up && this.ef.supervisor.state !== 'starting') {
      return this.basicFold(agent, trigger, signal, `the sidecar is down (${this.ef.supervisor.reason})`)
    }
    const contextWindow = await this.contextWindow(session, signal)
    const measurement = this.ctx.tokenMeter.measure(session)
    let plan
    try {
      plan = await this.callSidecar(session, Method.foldPlan, {
        sessionId: session.id,
        trigger,
        provider: config.provider,
        model: config.model,
        contextWindow: contextWindow ?? 0,
        totalTokens: measurement.totalTokens,
        nodes: measurement.nodes.map((node) => ({ seq: node.seq, tokens: node.tokens })),
      }, signal)
    } catch (error) {
      if (signal?.aborted) throw error
      return this.basicFold(agent, trigger, signal, `fold/plan failed: ${message(error)}`)
    }
    if (plan.decision !== 'fold') {
      if (trigger === 'context-overflow') {
        // The provider rejected the request: whatever EF's estimate says,
        // something must be folded or the turn fails.
        return this.basicFold(agent, trigger, signal, `EF planned no fold after the provider reported an overflow (${plan.reason})`)
      }
      if (plan.refused) this.ctx.logger?.warn?.(`epistemic-fold: no pressure fold: ${plan.reason}`)
      else this.ctx.logger?.debug?.(`epistemic-fold: no pressure fold: ${plan.reason}`)
      return null
    }
    // An overflow's fold is rare and changes what the model sees most:
    // say what it keeps (a best effort says the budget cannot be met).
    if (trigger === 'context-overflow') this.ctx.logger?.warn?.(`epistemic-fold: the provider reported a context overflow; ${plan.reason}`)
    this.ef.modes.set(session, plan.mode)
    const before = eventCount(session)
    try {
      return await this.compactRegion(plan.start, plan.end, agent, signal)
    } catch (error) {
      // A plan the host refuses before it opens its bracket (a range it
      // does not accept) leaves the log as it was and falls back to the
      // host's own policy; anything later is a real compaction failure and
      // propagates. The host's refusals are plain Errors without a code,
      // so the log, not the message text, tells the two apart.
      if (!signal?.aborted && eventCount(session) === before) {
        this.ef.modes.delete(session)
        return this.basicFold(agent, trigger, signal, `the host refused the planned span (${error.message})`)
      }
      throw error
    } finally {
      this.ef.modes.delete(session)
    }
  }

  async summarize(input, agent, signal) {
    const session = agent.session
    // The manual path (/compact) does not go through compactIfNeeded: the
    // RFC defines it as a root fold.
    const mode = this.ef.modes.get(session) ?? (this.ef.basic.has(session) ? '' : 'root')
    if (!this.ef.supervisor.up && this.ef.supervisor.state !== 'starting') {
      this.foldedUnarchived(session, input, `the sidecar is down: ${this.ef.supervisor.reason}`)
      return super.summarize(input, agent, signal)
    }
    const params = {
      sessionId: session.id,
      mode,
      messageIds: input.messages.map((m) => m.id ?? null),
      contextWindow: (await this.contextWindow(session, signal)) ?? 0,
      // Where the semantic digest's model call goes: the host's own
      // summarization target (configured, else the session's model).
      ...this.summaryTarget(agent),
    }
    let result
    try {
      result = await this.callSidecar(session, Method.foldCompile, params, signal)
    } catch (error) {
      if (error instanceof SidecarError && !signal?.aborted) {
        // EF could not compile this span (an error the sidecar reports):
        // the host's summarizer folds it, so the context stays bounded;
        // the span stays in the session log, archived from it later.
        this.foldedUnarchived(session, input, `EF's compile failed: ${error.message}`)
        return super.summarize(input, agent, signal)
      }
      if (!(error instanceof SidecarUnavailableError)) throw error
      // The sidecar died during the compile. Its restart gets the log again
      // with the compaction still open, and compiles it (adopting a bundle
      // the dead one stored): the span is archived and recall finds it. A
      // host summary instead would leave the span out of the archive.
      const restartMs = this.ef.supervisor.initialDelayMs + COMPILE_RESTART_GRACE_MS
      if (!signal?.aborted && await this.ef.supervisor.waitUp(restartMs)) {
        try {
          result = await this.callSidecar(session, Method.foldCompile, params, signal)
          this.ctx.logger?.warn?.(`epistemic-fold: the sidecar died during a fold (${error.message}); the restarted sidecar compiled it`)
        } catch (again) {
          if (!(again instanceof SidecarUnavailableError)) throw again
          error = again
        }
      }
      if (result === undefined) {
        // Nothing was archived for this span yet; the host's own summary
        // keeps the fold going, and the next sidecar archives the span
        // from the session log.
        this.foldedUnarchived(session, input, error.message)
        return super.summarize(input, agent, signal)
      }
    }
    if (result.archiveError) {
      // EF compiled the checkpoint without its store (full, read-only,
      // removed): the fold goes on; the span waits in the session log.
      const n = (this.ef.unarchived.get(session.id) ?? 0) + 1
      this.ef.unarchived.set(session.id, n)
      this.ctx.logger?.warn?.(`epistemic-fold: the bundle store cannot be written (${result.archiveError}); the fold goes on without archiving its ${input.messages.length} messages: the session log keeps them, and they are archived from it once the store can be written (${n} such fold(s) pending in this session)`)
    }
    return {
      summary: result.summary,
      provider: 'epistemic-fold',
      model: result.model ?? 'ef-deterministic',
    }
  }

  /** The host's summarization target for a session, as Basic picks it; {} when none. */
  summaryTarget(agent) {
    if (this.config.summarizationProvider) return { provider: this.config.summarizationProvider, model: this.config.summarizationModel }
    const latest = agent.session.requestHeader?.()?.config
    if (latest?.provider && latest?.model) return { provider: latest.provider, model: latest.model }
    if (agent.options?.provider && agent.options?.model) return { provider: agent.options.provider, model: agent.options.model }
    return {}
  }

  /**
   * A request the sidecar makes of the host. host/llm.stream runs one
   * model call through the host's LLM service (routing, credentials,
   * retries and request logs stay the host's).
   */
  async hostRequest(method, params) {
    switch (method) {
      case 'host/llm.stream': return this.llmStream(params)
      case 'host/log': {
        const level = ['debug', 'info', 'warn', 'error'].includes(params.level) ? params.level : 'info'
        this.ctx.logger?.[level]?.(`ef sidecar: ${params.message}`)
        return {}
      }
    }
    const error = new Error(`method not found: ${method}`)
    error.rpcCode = -32601
    throw error
  }

  async llmStream(params) {
    const blocks = []
    let finish
    let usage
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(new Error('host/llm.stream timed out')), params.timeoutMs ?? 120000)
    try {
      const stream = this.ctx.llm.stream({
        provider: params.provider,
        model: params.model,
        messages: params.messages,
        ...(params.system !== undefined ? { system: params.system } : {}),
        ...(params.tools !== undefined ? { tools: params.tools } : {}),
        maxTokens: params.maxTokens,
        sessionId: params.sessionId,
        purpose: 'compaction',
        signal: controller.signal,
      })
      for await (const event of stream) {
        if (event.type === 'block-end' && event.block?.type === 'text') blocks.push({ type: 'text', text: event.block.text })
        else if (event.type === 'finish') {
          finish = event.reason
          usage = event.usage
        }
      }
    } finally {
      clearTimeout(timer)
    }
    return { blocks, finish: finish ?? { kind: 'stop' }, ...(usage !== undefined ? { usage } : {}) }
  }

  /**
   * Register context_search and context_recall on a tools service
   * (`ctx.tools`), and action_submit and context_request once the sidecar
   * reports action and origin roots; resolves to the disposers. The plugin calls it itself when the host has
   * a tool runtime (config registerTools, default true).
   */
  async registerTools(tools) {
    const disposers = []
    const add = (def, execute) => {
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
        execute,
      })
      disposers.push(dispose)
      this.ef.disposers.push(dispose)
    }
    // The recall tools exist whether or not the sidecar runs: while it is
    // down they say so.
    for (const def of toolDefinitions) add(def, (args, exec) => this.callTool(def.name, args, exec))
    // The 2origin lanes, when the sidecar has their roots: the model's
    // arguments go to the sidecar unchanged and its answer comes back as the
    // text (the verdict is Go's; this is only the DSH channel). A request
    // the sidecar refuses (a malformed intent or context.request) is a
    // failed call whose text says why.
    const lane = (def, method, key, failed) => add(def, async (args, exec) => {
      try {
        const sidecar = await this.ef.supervisor.get()
        const result = await sidecar.request(method, { [key]: args }, exec?.signal)
        return { text: JSON.stringify(result), isError: failed(result) }
      } catch (error) {
        if (error instanceof SidecarUnavailableError) return { text: `${def.name} is unavailable: ${error.reason}.`, isError: true }
        if (error instanceof SidecarError) return { text: error.message, isError: true }
        throw error
      }
    })
    await this.ef.supervisor.ready
    const { actionTool, contextTool } = this.ef.supervisor.info ?? {}
    // action_submit (action roots): the intent to the action kernel, its
    // action.result back; a result the kernel failed is a failed call.
    if (actionTool !== undefined) lane(actionTool, Method.actionSubmit, 'intent', (result) => result.status === 'failed')
    // context_request (origin roots): the context.request to Northbridge,
    // its context.bundle back.
    if (contextTool !== undefined) lane(contextTool, Method.contextRequest, 'request', () => false)
    return disposers
  }

  async callTool(toolName, args, exec) {
    const session = exec?.agent?.session
    const params = { name: toolName, sessionId: session?.id ?? null, arguments: args }
    try {
      const sidecar = session === undefined ? await this.ef.supervisor.get() : await this.syncSession(session)
      return await sidecar.request(Method.toolCall, params, exec?.signal)
    } catch (error) {
      if (!(error instanceof SidecarUnavailableError)) throw error
      const waiting = session === undefined ? 0 : this.ef.unarchived.get(session.id) ?? 0
      const pending = waiting > 0 ? ` ${waiting} span(s) of this session folded while it was down are not archived yet; they are archived from the session log when it is back.` : ''
      return { text: `${toolName} is unavailable: ${error.reason}.${pending} The folded history is kept on disk; try again later.`, isError: true }
    }
  }
}

export default EpistemicFoldEngine
