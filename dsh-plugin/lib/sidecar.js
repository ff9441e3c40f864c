// The Go side of Epistemic Fold runs as a child process: `ef serve`, speaking
// JSON-RPC 2.0 over stdio, one JSON object per line. This module owns that
// process and the wire; it knows nothing about compaction.
//
// Sidecar is one process. Supervisor keeps one running: it detects a crash,
// logs it once with its reason, and starts a new process after a backoff;
// while none runs, requests fail at once with SidecarUnavailableError, so
// the plugin can fall back to the host's own behaviour instead of waiting.
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'

/**
 * The sidecar's JSON-RPC methods and protocol version. The Go side
 * (package sidecar, protocol.go) declares the same names; a Go test holds the
 * two lists equal, so every call below goes through this table.
 */
export const Method = Object.freeze({
  initialize: 'initialize',
  sessionOpen: 'session/open',
  sessionEvents: 'session/events',
  sessionClose: 'session/close',
  // No host event calls it yet (DSH rc.8/0.1.7 emit no session delete).
  sessionDelete: 'session/delete',
  // After session/open: archives (and reports) the folds the host
  // committed while no sidecar ran.
  sessionArchive: 'session/archive',
  foldPlan: 'fold/plan',
  foldCompile: 'fold/compile',
  toolCall: 'tool/call',
  actionSubmit: 'action/submit',
  contextRequest: 'context/request',
  shutdown: 'shutdown',
})

export const PROTOCOL_VERSION = 1

/** Error codes of the sidecar's own (sidecar.CodeResync in Go). */
export const ErrorCode = Object.freeze({
  /** The sidecar's mirror of a session is behind or broken: re-send it. */
  resync: -32001,
})

/**
 * An error the sidecar returned for one request. Its message names the
 * method once: the sidecar's own messages begin with it ("fold/compile:
 * …"), and that prefix is not repeated.
 */
export class SidecarError extends Error {
  constructor(method, error) {
    const text = String(error?.message ?? '')
    super(`ef sidecar: ${method}: ${text.startsWith(`${method}: `) ? text.slice(method.length + 2) : text}`)
    this.name = 'SidecarError'
    this.code = error.code
    this.data = error.data
  }
}

/** No sidecar is running; reason says why (the crash, the missing binary). */
export class SidecarUnavailableError extends Error {
  constructor(reason) {
    super(`ef sidecar unavailable: ${reason}`)
    this.name = 'SidecarUnavailableError'
    this.reason = reason
  }
}

/** This plugin's version (its package.json), which its ef should have too. */
export const PLUGIN_VERSION = createRequire(import.meta.url)('../package.json').version

/**
 * The warning for an ef whose version (initialize's engine.version) is
 * not the plugin's: the two are released together, and an ef left from an
 * earlier install (efCommand, or ef on PATH) may lack what this plugin
 * asks of it. "" when they match or ef named none.
 */
export function versionSkew(efVersion, pluginVersion, command) {
  if (!efVersion || !pluginVersion || efVersion === pluginVersion) return ''
  return `${command} is ef ${efVersion}, this plugin is ${pluginVersion}: they are released together, and a mismatched pair may fail or miss features; install the ef of the plugin's version (its @epistemicfold/ef-<os>-<arch> package) or point efCommand at it`
}

/** How much of the sidecar's stderr is kept to explain a crash. */
const STDERR_TAIL = 2048

/**
 * What to do about an ef that refused the command line it was given (exit
 * code 2 with the Go flag package's or ef's own complaint about a flag or
 * command it does not know): restarting it cannot help, and the usual cause
 * is an ef older than the plugin (efCommand, or an ef on PATH, left from an
 * earlier install), else a flag in efArgs that ef serve does not take.
 * Returns "" for any other exit, a usage error about the values (a store
 * directory that is not a store) included.
 */
export function refusedArguments(code, stderr, args) {
  if (code !== 2 || !/flag provided but not defined|unknown command/.test(stderr)) return ''
  return `; this ef does not know an argument of \`ef ${args.join(' ')}\`: it is older than the plugin (install the ef of the plugin's version: its @epistemicfold/ef-<os>-<arch> package, or point efCommand at a matching ef; \`ef version\` names a build), or efArgs holds a flag ef serve does not take`
}

/**
 * A running `ef serve` process. Requests are answered in the order they were
 * sent (the Go side serves one message at a time), so a notification sent
 * before a request is always seen by it.
 */
export class Sidecar {
  /**
   * @param {{command: string, args: string[], env?: object, logger?: object, onHostRequest?: Function}} options
   */
  constructor({ command, args, env, logger, onHostRequest }) {
    this.logger = logger
    this.command = command
    this.onHostRequest = onHostRequest
    this.next = 1
    this.pending = new Map()
    this.closed = false
    this.closing = false
    this.buffer = ''
    this.maxLine = 0 // the sidecar's line bound, once initialize tells it
    this.stderrTail = ''
    this.exitReason = undefined
    this.child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], env: env ?? process.env, windowsHide: true })
    this.child.stdout.setEncoding('utf8')
    this.child.stdout.on('data', (chunk) => this.#receive(chunk))
    this.child.stderr.setEncoding('utf8')
    this.child.stderr.on('data', (chunk) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-STDERR_TAIL)
      this.logger?.debug?.(`ef sidecar: ${chunk.trimEnd()}`)
    })
    // 'exit' does not follow a failed spawn ('error' alone does), so both
    // end the sidecar.
    let ended
    this.exited = new Promise((resolve) => { ended = resolve })
    const end = (reason) => {
      if (this.closed) return
      this.closed = true
      this.exitReason = reason
      this.#failAll(new SidecarUnavailableError(reason))
      ended(reason)
    }
    this.child.on('error', (error) => end(`cannot run ${command}: ${error.message}`))
    this.child.on('exit', (code, signal) => {
      const last = this.stderrTail.trim().split('\n').filter(Boolean).slice(-1)[0]
      const how = signal !== null ? `killed by ${signal}` : `exited with code ${code}`
      end(`${command} ${how}${last ? ` (last log line: ${last.slice(0, 300)})` : ''}${refusedArguments(code, this.stderrTail, args)}`)
    })
    this.child.stdin.on('error', () => { /* the exit handler reports it */ })
  }

  #receive(chunk) {
    this.buffer += chunk
    let newline
    while ((newline = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, newline)
      this.buffer = this.buffer.slice(newline + 1)
      if (line.trim() === '') continue
      let message
      try {
        message = JSON.parse(line)
      } catch {
        this.logger?.warn?.(`ef sidecar: unparseable line: ${line.slice(0, 200)}`)
        continue
      }
      if (message.method !== undefined) {
        this.#serveHost(message)
        continue
      }
      const waiter = this.pending.get(message.id)
      if (waiter === undefined) continue
      this.pending.delete(message.id)
      if (message.error !== undefined) waiter.reject(new SidecarError(waiter.method, message.error))
      else waiter.resolve(message.result)
    }
  }

  /** Answer a request the sidecar makes of the host (host/llm.stream). */
  async #serveHost(message) {
    const reply = (body) => {
      if (message.id === undefined || this.closed) return
      this.child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id: message.id, ...body }) + '\n')
    }
    if (this.onHostRequest === undefined) {
      reply({ error: { code: -32601, message: `method not found: ${message.method}` } })
      return
    }
    try {
      reply({ result: await this.onHostRequest(message.method, message.params ?? {}) })
    } catch (error) {
      reply({ error: { code: error?.rpcCode ?? -32000, message: error instanceof Error ? error.message : String(error) } })
    }
  }

  #failAll(error) {
    for (const waiter of this.pending.values()) waiter.reject(error)
    this.pending.clear()
  }

  #write(message) {
    if (this.closed) throw new SidecarUnavailableError(this.exitReason ?? 'the sidecar is not running')
    const line = JSON.stringify(message) + '\n'
    // The sidecar refuses a line over its bound (initialize's maxLine)
    // without knowing whose it was: say so here, with the size.
    if (this.maxLine > 0 && line.length * 3 > this.maxLine && Buffer.byteLength(line) > this.maxLine) {
      const mb = (n) => `${(n / (1 << 20)).toFixed(1)} MB`
      throw new SidecarError(message.method, { code: -32600, message: `the message is ${mb(Buffer.byteLength(line))}, over the sidecar's line bound of ${mb(this.maxLine)}; EF cannot take it` })
    }
    this.child.stdin.write(line)
  }

  /** Send a request and wait for its result. */
  request(method, params, signal) {
    const id = this.next++
    return new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason)
        return
      }
      this.pending.set(id, { method, resolve, reject })
      try {
        this.#write({ jsonrpc: '2.0', id, method, params })
      } catch (error) {
        this.pending.delete(id)
        reject(error)
        return
      }
      signal?.addEventListener('abort', () => {
        if (this.pending.delete(id)) reject(signal.reason)
      }, { once: true })
    })
  }

  /** Send a notification (no answer). */
  notify(method, params) {
    this.#write({ jsonrpc: '2.0', method, params })
  }

  /** Ask the sidecar to exit and wait for it. */
  async close() {
    this.closing = true
    if (!this.closed) {
      // A sidecar that does not answer within 2 s is killed below.
      const late = new AbortController()
      const timer = setTimeout(() => late.abort(new Error('shutdown timed out')), 2000)
      try {
        await this.request(Method.shutdown, {}, late.signal)
      } catch {
        // already gone, or too slow
      } finally {
        clearTimeout(timer)
      }
      this.child.stdin.end()
    }
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 5000)
    await this.exited
    clearTimeout(timer)
  }
}

/**
 * Keeps one sidecar running. start(sidecar) is called on every new process
 * (it sends initialize); a process that fails it counts as a crash.
 *
 * States: 'starting' (requests wait for the start), 'up', 'down' (requests
 * fail with SidecarUnavailableError until the next start), 'closed'.
 * `epoch` grows with every successful start, so callers know when the new
 * process has none of the state they gave the old one.
 */
export class Supervisor {
  /**
   * @param {{spawn: () => Sidecar, start: (s: Sidecar) => Promise<object>, logger?: object,
   *          initialDelayMs?: number, maxDelayMs?: number, stableMs?: number, onUp?: () => void}} options
   */
  constructor({ spawn: make, start, logger, initialDelayMs = 200, maxDelayMs = 30000, stableMs = 10000, onUp }) {
    this.make = make
    this.start = start
    this.onUp = onUp
    this.logger = logger
    this.initialDelayMs = initialDelayMs
    this.maxDelayMs = maxDelayMs
    this.stableMs = stableMs
    this.delay = initialDelayMs
    this.epoch = 0
    this.state = 'starting'
    this.reason = undefined
    this.info = undefined
    this.restarts = 0
    this.lastLogged = undefined
    this.timer = undefined
    this.sidecar = undefined
    this.ready = this.#launch()
  }

  #launch() {
    this.state = 'starting'
    let sidecar
    try {
      sidecar = this.make()
    } catch (error) {
      this.#down(`cannot start the sidecar: ${error.message}`)
      return Promise.resolve(false)
    }
    this.sidecar = sidecar
    const startedAt = Date.now()
    sidecar.exited.then((reason) => {
      if (this.state === 'closed' || sidecar.closing || this.sidecar !== sidecar) return
      if (Date.now() - startedAt >= this.stableMs) this.delay = this.initialDelayMs
      this.#down(reason)
    })
    return this.start(sidecar).then((info) => {
      if (this.sidecar !== sidecar || sidecar.closed) return false
      this.info = info
      sidecar.maxLine = info?.maxLine ?? 0
      this.epoch += 1
      this.state = 'up'
      if (this.reason !== undefined) this.logger?.info?.(`epistemic-fold: sidecar running again (restart ${this.restarts})`)
      this.reason = undefined
      this.lastLogged = undefined
      try {
        this.onUp?.()
      } catch (error) {
        this.logger?.warn?.(`epistemic-fold: after the sidecar started: ${error?.message ?? error}`)
      }
      return true
    }, (error) => {
      if (this.sidecar === sidecar && !sidecar.closed) {
        sidecar.child.kill('SIGKILL')
        this.#down(`initialize failed: ${error.message}`)
      }
      return false
    })
  }

  /** The sidecar is gone: say why once, and schedule a restart. */
  #down(reason) {
    if (this.state === 'closed' || this.state === 'down') return
    this.state = 'down'
    this.reason = reason
    if (reason !== this.lastLogged) {
      this.logger?.warn?.(`epistemic-fold: sidecar down: ${reason}; folds use the basic policy and recall is unavailable until it restarts (next try in ${this.delay} ms)`)
      this.lastLogged = reason
    }
    const wait = this.delay
    this.delay = Math.min(this.delay * 2, this.maxDelayMs)
    this.timer = setTimeout(() => {
      this.timer = undefined
      if (this.state !== 'down') return
      this.restarts += 1
      this.ready = this.#launch()
    }, wait)
    this.timer.unref?.()
  }

  /** The running sidecar, or a SidecarUnavailableError saying why none runs. */
  async get() {
    if (this.state === 'starting') await this.ready
    if (this.state === 'up') return this.sidecar
    throw new SidecarUnavailableError(this.state === 'closed' ? 'the plugin is closed' : this.reason ?? 'not started')
  }

  /** Waits up to ms for a running sidecar (a restart); true when one runs. */
  async waitUp(ms) {
    const until = Date.now() + ms
    while (this.state !== 'up' && this.state !== 'closed' && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    return this.state === 'up'
  }

  /**
   * Starts a sidecar now when none runs and a restart waits for its
   * backoff (the plugin is closing with work only a sidecar can do).
   * Resolves to whether a sidecar runs once the start settled.
   */
  restartNow() {
    if (this.state === 'down') {
      if (this.timer !== undefined) clearTimeout(this.timer)
      this.timer = undefined
      this.restarts += 1
      this.ready = this.#launch()
    }
    return this.ready.then(() => this.state === 'up')
  }

  /** Whether a sidecar is running now (without waiting for a start). */
  get up() {
    return this.state === 'up'
  }

  async close() {
    const sidecar = this.sidecar
    this.state = 'closed'
    if (this.timer !== undefined) clearTimeout(this.timer)
    if (sidecar !== undefined) await sidecar.close()
  }
}
