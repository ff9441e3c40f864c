// The Go side of Epistemic Fold runs as a child process: `ef serve`, speaking
// JSON-RPC 2.0 over stdio, one JSON object per line. This module owns that
// process and the wire; it knows nothing about compaction.
import { spawn } from 'node:child_process'

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
  foldPlan: 'fold/plan',
  foldCompile: 'fold/compile',
  toolCall: 'tool/call',
  actionSubmit: 'action/submit',
  shutdown: 'shutdown',
})

export const PROTOCOL_VERSION = 1

/** Error codes of the sidecar's own (sidecar.CodeResync in Go). */
export const ErrorCode = Object.freeze({
  /** The sidecar's mirror of a session is behind or broken: re-send it. */
  resync: -32001,
})

/** An error the sidecar returned for one request. */
export class SidecarError extends Error {
  constructor(method, error) {
    super(`ef sidecar: ${method}: ${error.message}`)
    this.name = 'SidecarError'
    this.code = error.code
    this.data = error.data
  }
}

/**
 * A running `ef serve` process. Requests are answered in the order they were
 * sent (the Go side serves one message at a time), so a notification sent
 * before a request is always seen by it.
 */
export class Sidecar {
  /**
   * @param {{command: string, args: string[], env?: object, logger?: object}} options
   */
  constructor({ command, args, env, logger }) {
    this.logger = logger
    this.next = 1
    this.pending = new Map()
    this.closed = false
    this.buffer = ''
    this.child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], env: env ?? process.env })
    this.child.stdout.setEncoding('utf8')
    this.child.stdout.on('data', (chunk) => this.#receive(chunk))
    this.child.stderr.setEncoding('utf8')
    this.child.stderr.on('data', (chunk) => this.logger?.debug?.(`ef sidecar: ${chunk.trimEnd()}`))
    // 'exit' does not follow a failed spawn ('error' alone does), so both
    // end the sidecar.
    let ended
    this.exited = new Promise((resolve) => { ended = resolve })
    this.child.on('error', (error) => {
      this.closed = true
      this.#failAll(new Error(`ef sidecar (${command}): ${error.message}`))
      ended()
    })
    this.child.on('exit', (code, signal) => {
      this.closed = true
      this.#failAll(new Error(`ef sidecar exited (code ${code}, signal ${signal})`))
      ended()
    })
    this.child.stdin.on('error', (error) => this.#failAll(error))
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
      } catch (error) {
        this.logger?.warn?.(`ef sidecar: unparseable line: ${line.slice(0, 200)}`)
        continue
      }
      const waiter = this.pending.get(message.id)
      if (waiter === undefined) continue
      this.pending.delete(message.id)
      if (message.error !== undefined) waiter.reject(new SidecarError(waiter.method, message.error))
      else waiter.resolve(message.result)
    }
  }

  #failAll(error) {
    for (const waiter of this.pending.values()) waiter.reject(error)
    this.pending.clear()
  }

  #write(message) {
    if (this.closed) throw new Error('ef sidecar is not running')
    this.child.stdin.write(JSON.stringify(message) + '\n')
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
    if (!this.closed) {
      try {
        await this.request(Method.shutdown, {})
      } catch {
        // already gone
      }
      this.child.stdin.end()
    }
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 5000)
    await this.exited
    clearTimeout(timer)
  }
}
