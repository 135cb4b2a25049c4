#!/usr/bin/env node
/**
 * `npm test`: everything, in order, stopping at the first failing step —
 * typecheck, lint, unit tests, API tests against real gateway processes (embedded database,
 * and a real PostgreSQL server where its binaries exist), the production build, and the
 * end-to-end tests in Chromium. Closes with one line counting the tests.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, existsSync } from 'node:fs'

if (Number(process.versions.node.split('.')[0]) < 24) {
  console.error(`Node ${process.versions.node}: Trestle needs Node 24 — run it through npm (npm test), which uses the node@24 dependency.`)
  process.exit(1)
}

mkdirSync('.tmp', { recursive: true })
const bin = (name) => `node_modules/.bin/${name}`
const steps = [
  ['typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']],
  ['typecheck (service worker)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.sw.json']],
  ['lint', bin('eslint'), ['.', '--max-warnings=0']],
  ['lint (format)', bin('prettier'), ['--check', '--log-level=warn', '.']],
  ['lint (imports)', bin('tsx'), ['scripts/check-imports.ts']],
  ['unit tests', bin('vitest'), ['run', '--project', 'unit', '--reporter=default', '--reporter=json', '--outputFile.json=.tmp/unit.json']],
  ['API tests', bin('vitest'), ['run', '--project', 'api', '--reporter=default', '--reporter=json', '--outputFile.json=.tmp/api.json']],
  ['build', bin('vite'), ['build']],
  ['e2e tests', bin('playwright'), ['test']],
]

const only = process.argv.slice(2)
let passed = 0
let failed = 0
const count = (file, read) => {
  if (!existsSync(file)) return
  try {
    const r = read(JSON.parse(readFileSync(file, 'utf8')))
    passed += r.passed
    failed += r.failed
  } catch {
    /* a crashed runner leaves no report; its exit code already failed the step */
  }
}

for (const [name, cmd, args] of steps) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue
  console.log(`\n▶ ${name}`)
  const started = Date.now()
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env })
  const secs = ((Date.now() - started) / 1000).toFixed(1)
  if (r.status !== 0) {
    console.error(`✖ ${name} failed (${secs} s)`)
    summarise()
    process.exit(r.status ?? 1)
  }
  console.log(`✔ ${name} (${secs} s)`)
}
summarise()

function summarise() {
  const vitest = (j) => ({ passed: j.numPassedTests ?? 0, failed: j.numFailedTests ?? 0 })
  count('.tmp/unit.json', vitest)
  count('.tmp/api.json', vitest)
  count('.tmp/e2e.json', (j) => ({ passed: j.stats?.expected ?? 0, failed: (j.stats?.unexpected ?? 0) + (j.stats?.flaky ?? 0) }))
  console.log(`\n${passed} passed, ${failed} failed`)
}
