// Why a sidecar process ended, as the plugin logs it (lib/sidecar.js): an
// ef that refuses the command line the plugin gives it (an ef older than
// the plugin) is named as such, since restarting it cannot help; other
// exits keep their own reason. No host packages and no real ef: each
// "sidecar" is a small shell script. Run by `node --test` here.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Sidecar, refusedArguments } from '../lib/sidecar.js'

const unix = process.platform !== 'win32'

/** A fake ef that writes line to stderr and exits with code. */
function fakeEf(line, code) {
  const dir = mkdtempSync(join(tmpdir(), 'ef-exit-'))
  const bin = join(dir, 'ef')
  writeFileSync(bin, `#!/bin/sh\necho '${line}' >&2\nexit ${code}\n`)
  chmodSync(bin, 0o755)
  return bin
}

async function exitReason(line, code) {
  const sidecar = new Sidecar({ command: fakeEf(line, code), args: ['serve', '--project', '/x/app'] })
  return sidecar.exited
}

test('an ef that does not know a flag the plugin passes is named as older than the plugin', { skip: !unix && 'needs /bin/sh' }, async () => {
  const reason = await exitReason('ef serve: usage: flag provided but not defined: -project', 2)
  assert.match(reason, /exited with code 2 \(last log line: ef serve: usage: flag provided but not defined: -project\)/)
  assert.match(reason, /older than the plugin/)
  assert.match(reason, /`ef serve --project \/x\/app`/)
  assert.match(reason, /efCommand/)
  const old = await exitReason('ef: unknown command "serve"', 2)
  assert.match(old, /older than the plugin/)
})

test('other exits keep their own reason: a bad store, a crash, a refusal with another code', { skip: !unix && 'needs /bin/sh' }, async () => {
  // near misses: a usage error about a value, not an unknown flag
  const store = await exitReason('ef serve: usage: store /x is not an ef store', 2)
  assert.doesNotMatch(store, /older than the plugin/)
  // the same words with another exit code (a crash that logged them)
  assert.doesNotMatch(await exitReason('panic: flag provided but not defined', 1), /older than the plugin/)
  assert.equal(refusedArguments(null, 'flag provided but not defined: -x', ['serve']), '') // killed by a signal
  assert.equal(refusedArguments(0, '', ['serve']), '')
})
