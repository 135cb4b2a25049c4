import { defineConfig, devices } from '@playwright/test'
import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// A free port, chosen once in the runner and inherited by its workers (config loading is synchronous,
// hence the child process), so parallel runs on one machine don't collide.
const freePort = () =>
  execFileSync(
    process.execPath,
    ['-e', "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})"],
    { encoding: 'utf8' },
  )
const port = Number((process.env.E2E_PORT ??= freePort()))
export const baseURL = `http://localhost:${port}`
const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'trestle-e2e-')))

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.tmp/e2e.json' }]],
  use: {
    baseURL,
    locale: 'zh-CN',
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    // No service worker unless a test is about one (test.use({ serviceWorkers: 'allow' })): each new
    // context would otherwise precache the whole shell (2.5 MB, 255 files) before the test's first step.
    serviceWorkers: 'block',
    // Spinners, fades and slides end at once (styles.css honours the system's reduced motion): fewer
    // frames to draw on CI's two cores.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 } }],
  webServer: {
    command: 'node_modules/.bin/tsx server/main.ts',
    url: `${baseURL}/api/auth/v1/generalAccount/getPubKey?appCode=trestle-admin`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      TRESTLE_DATA_DIR: dataDir,
      TRESTLE_SERVE_DIST: 'dist',
      TRESTLE_DEMO_PASSWORD: 'Trestle@2026',
      TRESTLE_PACKAGE_MAX_MB: '300',
    },
  },
})
