import { defineConfig, devices } from '@playwright/test'

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  // Each worker runs on a gateway of its own (fixtures.ts), so files of different workers share no
  // records; a file's tests run in order. Two workers by default, one per core (E2E_WORKERS sets it).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.tmp/e2e.json' }]],
  use: {
    locale: 'zh-CN',
    viewport: { width: 1440, height: 900 },
    // No trace: recording one (a screencast and a DOM snapshot at every step) took a third of the
    // machine's two cores — 39 tests ran 7.0 min with it, 4.4 min without. `--trace on` records it.
    trace: 'off',
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
})
