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
// host's summarizer folds meanwhile, or that EF folds while its store
// cannot be written, stays in the session log and is archived from it as
// soon as EF can: a restarted sidecar gets such sessions at once, every
// sync of a session with spans waiting asks the sidecar to try again
// (session/archive), and so does the session's close. A session that ends
// with spans still waiting leaves a note beside its log (PENDING_MARKER),
// and the next sidecar of the project archives them from that log.
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
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, isAbsolute, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ErrorCode, Method, PLUGIN_VERSION, PROTOCOL_VERSION, Sidecar, SidecarError, SidecarUnavailableError, Supervisor, versionSkew } from './sidecar.js'

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

/**
 * How long the plugin's close waits for the sidecar to archive the spans of
 * its sessions that wait (the host gives its whole shutdown 5 s).
 */
const CLOSE_ARCHIVE_MS = 3000

/**
 * The note left beside a session's log while spans of the session wait
 * to be archived (Go: sidecar.PendingMarker): the next sidecar of the
 * project archives them from that log, and removes it.
 */
export const PENDING_MARKER = 'ef-unarchived'

/** Whether a log event replaces surface nodes (a committed fold or prune). */
function replaces(event) {
  return event?.surfaceOp?.op === 'replace'
}

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
      // session id → folds whose spans wait to be archived from the
      // session log (the host's summarizer wrote them, or EF compiled
      // them without a writable store): the sidecar's last count
      // (session/archive), plus the folds noted since.
      unarchived: new Map(),
      // session id → the session, while unarchived counts any of its folds
      // (a restarted sidecar and the plugin's close archive them).
      waiting: new Map(),
      // sessions whose "cannot be archived yet" was said (once while
      // spans wait), and session id → the note last left beside its log.
      pendingSaid: new Set(),
      noted: new Map(),
      // session id → the file the host keeps its log in (logPathOf).
      logPaths: new Map(),
      // archives of waiting spans under way when a session closes, and
      // the sessions whose close archived them already.
      closing: new Set(),
      ending: new WeakSet(),
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
      // A new sidecar mirrors nothing: the sessions whose spans wait are
      // sent to it at once (their first sync archives the spans), rather
      // than at their next fold, which a session about to end never has.
      onUp: () => {
        for (const session of this.ef.waiting.values()) {
          this.syncSession(session).catch((error) => ctx.logger?.debug?.(`epistemic-fold: archiving the waiting spans of ${session.id}: ${message(error)}`))
        }
      },
    })
    state.supervisor.ready.then((up) => {
      const info = state.supervisor.info
      const skew = up ? versionSkew(info?.engine?.version, PLUGIN_VERSION, command) : ''
      if (skew !== '') ctx.logger?.warn?.(`epistemic-fold: ${skew}`)
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

  /**
   * Stop the sidecar and unregister the tools; first, for a bounded time
   * (CLOSE_ARCHIVE_MS), have the spans of the sessions that wait archived
   * (a sidecar that is down is started at once for it).
   */
  async close() {
    for (const dispose of this.ef.disposers.splice(0)) dispose()
    const until = Date.now() + CLOSE_ARCHIVE_MS
    for (const session of [...this.ef.waiting.values()]) this.archiveBeforeClose(session, until)
    await this.settleClosing(until)
    await this.ef.supervisor.close()
  }

  /** Waits until the archives of closing sessions ended, or the time is up. */
  async settleClosing(until) {
    const left = until - Date.now()
    if (this.ef.closing.size === 0 || left <= 0) return
    let timer
    await Promise.race([
      Promise.allSettled([...this.ef.closing]),
      new Promise((resolve) => { timer = setTimeout(resolve, left) }),
    ])
    clearTimeout(timer)
  }

  /**
   * Archive the waiting spans of a session that ends, once: a sidecar that
   * is down is started at once, the session synced (its last commits
   * included) and session/archive asked; what still cannot be archived
   * keeps its note beside the log for the next sidecar of the project.
   */
  archiveBeforeClose(session, until = Date.now() + CLOSE_ARCHIVE_MS) {
    if (!this.ef.waiting.has(session.id) || this.ef.ending.has(session)) return undefined
    this.ef.ending.add(session)
    const sv = this.ef.supervisor
    let why = 'the time to close ran out'
    const work = (async () => {
      if (!sv.up) {
        // A start that fails (a missing binary) ends the wait at once.
        let timer
        const started = await Promise.race([
          sv.restartNow(),
          new Promise((resolve) => { timer = setTimeout(() => resolve(false), Math.max(0, until - Date.now())) }),
        ])
        clearTimeout(timer)
        if (!started) {
          why = `no sidecar could be started: ${sv.reason ?? 'it did not start in time'}`
          return
        }
      }
      // The sync sends the session's last commits and asks for the
      // archive (session/archive) while spans wait.
      await this.syncSession(session)
    })().catch((error) => {
      why = message(error)
    }).then(() => {
      const n = this.ef.unarchived.get(session.id) ?? 0
      if (n === 0) return
      // The host may have made the log's directory only since the spans
      // were noted: the note goes beside the log now.
      if (!this.ef.noted.has(session.id)) this.noteUnarchived(session, n, why)
      const later = this.ef.noted.has(session.id)
        ? 'the note beside it has the next EF session started in its directory archive them from it'
        : 'EF archives them from it when it next mirrors the session'
      this.ctx.logger?.warn?.(`epistemic-fold: ${n} folded span(s) of session ${session.id} are not archived as it ends (${why}); the session log keeps them, and ${later}`)
    })
    const done = work.finally(() => this.ef.closing.delete(done))
    this.ef.closing.add(done)
    return done
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

  /**
   * Tell the sidecar a session ended (session/close), once, if it mirrors
   * it; spans of the session that wait are archived first
   * (archiveBeforeClose).
   */
  sessionClosed(session) {
    const archiving = this.archiveBeforeClose(session)
    if (archiving !== undefined) {
      archiving.then(() => this.sessionClosed(session))
      return
    }
    const mark = this.ef.synced.get(session)
    this.ef.synced.delete(session)
    this.ef.feed.delete(session.id)
    this.ef.waiting.delete(session.id)
    this.ef.logPaths.delete(session.id)
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
      this.openSession(sidecar, session, epoch)
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
    // While spans wait, every sync asks the sidecar to try them again (the
    // store may be writable again); a fold committed since the last sync
    // is asked about too, so that one the sidecar could not archive is
    // known to wait.
    if (this.ef.unarchived.has(session.id) || events.some(replaces)) await this.archiveFolds(sidecar, session)
    return sidecar
  }

  /**
   * Send the whole log of a session (session/open), with where the host
   * keeps it: the sidecar then also archives, in the background, the spans
   * that earlier sessions of the project left waiting (PENDING_MARKER).
   */
  openSession(sidecar, session, epoch = this.ef.supervisor.epoch) {
    const all = eventsFrom(session, 0)
    const logPath = this.logPathOf(session)
    sidecar.notify(Method.sessionOpen, { sessionId: session.id, events: all, ...(logPath !== undefined ? { logPath } : {}) })
    this.ef.synced.set(session, { epoch, length: all.length })
    if (session.events === undefined) this.ef.feed.set(session.id, { next: all.length, events: [] })
  }

  /**
   * The file the host persists a session's log in (DSH's JSONL
   * persistence: <sessions>/<project>/<session>/session.jsonl.zstd), or
   * undefined when the host keeps it elsewhere or says nothing. It is
   * remembered: while the host shuts down (when a session's waiting spans
   * are archived) its persistence service may be gone already.
   */
  logPathOf(session) {
    if (this.ef.logPaths.has(session.id)) return this.ef.logPaths.get(session.id)
    let path
    try {
      const persistence = this.ctx.get?.('sessionPersistence')
      const where = persistence?.locate?.({ id: session.id, cwd: session.header?.cwd })
      if (where?.kind === 'jsonl' && typeof where.path === 'string' && isAbsolute(where.path)) path = where.path
    } catch {
      // no persistence service, or one that cannot say
    }
    if (path !== undefined) this.ef.logPaths.set(session.id, path)
    return path
  }

  /**
   * Ask the sidecar to archive, from the session log, the folds of a
   * session that no bundle holds yet (session/archive): the host's
   * summarizer wrote them while the sidecar was down or could not compile
   * them, or EF compiled them while its store could not be written. A
   * sidecar that mirrors the session from scratch (its first sync, or the
   * first after a restart) has just tried every such fold of the log; one
   * that mirrors it already tries those that wait again. Say what it
   * archived, and what it could not yet (a warning once while spans
   * wait).
   */
  async archiveFolds(sidecar, session, resent = false) {
    const waiting = this.ef.unarchived.get(session.id) ?? 0
    let result
    try {
      result = await sidecar.request(Method.sessionArchive, { sessionId: session.id })
    } catch (error) {
      if (!resent && error instanceof SidecarError && error.code === ErrorCode.resync) {
        // The mirror must be sent again (its store was made again): the
        // fresh mirror archives from the log what the store lost.
        this.ctx.logger?.info?.(`epistemic-fold: ${error.message}; re-sending the session`)
        this.openSession(sidecar, session)
        return this.archiveFolds(sidecar, session, true)
      }
      if (waiting > 0) this.sayPending(session, `epistemic-fold: ${waiting} folded span(s) of session ${session.id} are still not archived: ${message(error)}`)
      return
    }
    const n = result.archived.length
    if (n > 0) {
      const seqs = result.archived.reduce((sum, f) => sum + f.seqs.length, 0)
      this.ctx.logger?.info?.(`epistemic-fold: archived ${n} fold(s) of session ${session.id} (${seqs} surface nodes) that no bundle held, from the session log: context_search and context_recall find them now`)
    }
    if (result.pending.length > 0) {
      const reason = result.pending[0].reason
      this.sayPending(session, `epistemic-fold: ${result.pending.length} folded span(s) of session ${session.id} cannot be archived yet (${reason}); the session log keeps them, and EF tries again at every sync of the session and when it ends`)
      this.noteUnarchived(session, result.pending.length, reason)
    } else {
      if (waiting > 0 && n === 0) this.ctx.logger?.info?.(`epistemic-fold: no folded span of session ${session.id} waits any more`)
      this.ef.pendingSaid.delete(session.id)
      this.clearUnarchived(session)
    }
  }

  /**
   * Say that spans of a session wait: a warning the first time since none
   * waited (each fold that adds one has said so already), then at debug
   * level.
   */
  sayPending(session, line) {
    if (this.ef.pendingSaid.has(session.id)) this.ctx.logger?.debug?.(line)
    else this.ctx.logger?.warn?.(line)
    this.ef.pendingSaid.add(session.id)
  }

  /**
   * Note that n folds of a session wait to be archived (why: the last
   * reason), and leave the note beside the session's log, so that a
   * session that ends with them still waiting is archived by the next
   * sidecar of the project.
   */
  noteUnarchived(session, n, why) {
    this.ef.unarchived.set(session.id, n)
    this.ef.waiting.set(session.id, session)
    const note = `${n}\n${why}`
    if (this.ef.noted.get(session.id) === note) return
    const dir = this.logDirOf(session)
    if (dir === undefined) return
    try {
      writeFileSync(join(dir, PENDING_MARKER), JSON.stringify({ sessionId: session.id, folds: n, reason: why, at: new Date().toISOString() }) + '\n')
      this.ef.noted.set(session.id, note)
    } catch (error) {
      this.ctx.logger?.debug?.(`epistemic-fold: cannot leave the note of waiting spans beside the log of ${session.id}: ${message(error)}`)
    }
  }

  /** No fold of the session waits any more: forget it, and remove the note. */
  clearUnarchived(session) {
    const had = this.ef.unarchived.delete(session.id)
    this.ef.waiting.delete(session.id)
    this.ef.noted.delete(session.id)
    const dir = had ? this.logDirOf(session) : undefined
    if (dir === undefined) return
    try {
      rmSync(join(dir, PENDING_MARKER), { force: true })
    } catch (error) {
      this.ctx.logger?.debug?.(`epistemic-fold: cannot remove the note beside the log of ${session.id}: ${message(error)}`)
    }
  }

  /** The directory of a session's log, when it exists (the host makes it with the log). */
  logDirOf(session) {
    const path = this.logPathOf(session)
    return path !== undefined && existsSync(dirname(path)) ? dirname(path) : undefined
  }

  /**
   * Note a fold whose checkpoint the host's summarizer writes: its span is
   * not archived yet. why says why EF did not compile it; down whether the
   * sidecar is down (else it runs, and archives the span at its next sync
   * of the session, as soon as its store can be written).
   */
  foldedUnarchived(session, input, why, down) {
    const n = (this.ef.unarchived.get(session.id) ?? 0) + 1
    this.noteUnarchived(session, n, why)
    const when = down
      ? 'the sidecar archives them from the session log as soon as it runs again'
      : 'EF archives them from the session log at its next sync of the session, or, while its store cannot be written, as soon as it can'
    this.ctx.logger?.warn?.(`epistemic-fold: checkpoint by the host's summarizer (${why}); the ${input.messages.length} folded messages are not archived yet: ${when} (${n} such fold(s) waiting in this session)`)
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
      this.foldedUnarchived(session, input, `the sidecar is down: ${this.ef.supervisor.reason}`, true)
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
        this.foldedUnarchived(session, input, `EF's compile failed: ${error.message}`, false)
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
        this.foldedUnarchived(session, input, error.message, true)
        return super.summarize(input, agent, signal)
      }
    }
    if (result.archiveError) {
      // EF compiled the checkpoint without its store (full, read-only):
      // the fold goes on; the span waits in the session log.
      const n = (this.ef.unarchived.get(session.id) ?? 0) + 1
      this.noteUnarchived(session, n, result.archiveError)
      this.ctx.logger?.warn?.(`epistemic-fold: the bundle store cannot be written (${result.archiveError}); EF compiled the checkpoint without it, and its ${input.messages.length} folded messages are not archived yet: the session log keeps them, and EF archives them from it as soon as the store can be written (it tries again at every sync of the session and when the session ends; ${n} such fold(s) waiting in this session)`)
    }
    if (result.digestDropped) {
      // The semantic digest this fold asked the host's model for was
      // dropped (the call failed, or the answer is no digest): heard here,
      // on the host's log, not only in the sidecar's.
      this.ctx.logger?.warn?.(`epistemic-fold: the semantic digest of checkpoint ${result.checkpointId} was dropped (${result.digestDropped}); the checkpoint keeps EF's deterministic text (model: ${result.model ?? 'deterministic'})`)
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

  /**
   * Run one host/llm.stream request (the semantic digest) on ctx.llm.stream.
   * Its purpose is 'compaction', so the DeepSeek adapter sends it with
   * `x-deepseek-harness-compact: 1`, the header of the host's own
   * summarizer: DSH (0.1.0-rc.8 to 0.1.7) gives a plugin no header or
   * purpose of its own (GenerateOptions has no headers, purpose is
   * 'compaction' | 'session-title', and the adapter's header set is
   * fixed; the `llm/stream` waterfall sees options, not headers). A model
   * server tells EF's digest request from the host's summary by its last
   * user message (README: "Telling EF's digest request apart").
   */
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
      const pending = waiting > 0 ? ` ${waiting} span(s) of this session folded while it was down are not archived yet; the sidecar archives them from the session log as soon as it runs again.` : ''
      return { text: `${toolName} is unavailable: ${error.reason}.${pending} The folded history is kept on disk; try again later.`, isError: true }
    }
  }
}

export default EpistemicFoldEngine
