// The plugin's ef of another version (lib/sidecar.js versionSkew): an ef left
// from an earlier install is named with both versions and what to install;
// a matching one, or one that names no version, says nothing. Run by
// `node --test` here.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { PLUGIN_VERSION, versionSkew } from '../lib/sidecar.js'

test('the plugin knows its own version', () => {
  assert.equal(PLUGIN_VERSION, JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version)
})

test('an ef of another version is named with both versions; a matching one is not', () => {
  const w = versionSkew('0.0.9', '0.1.0', '/usr/local/bin/ef')
  assert.match(w, /^\/usr\/local\/bin\/ef is ef 0\.0\.9, this plugin is 0\.1\.0/)
  assert.match(w, /efCommand/)
  assert.equal(versionSkew('0.1.0', '0.1.0', 'ef'), '')
  assert.equal(versionSkew(undefined, '0.1.0', 'ef'), '') // an ef that names no version
  assert.equal(versionSkew('', '0.1.0', 'ef'), '')
})
