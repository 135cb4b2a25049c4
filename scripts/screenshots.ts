/**
 * `npx tsx scripts/screenshots.ts [outDir]`: starts a gateway on a fresh demo database and takes
 * screenshots of the main screens in zh and en at 1440×900 and 1024×768, for people to look at.
 */
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Page } from '@playwright/test'
import { launchChromium } from '../tests/support/chromium'

const out = process.argv[2] ?? 'screenshots'
const port = 4391
const base = `http://localhost:${port}`
const PASSWORD = 'Trestle@2026'

async function login(page: Page, account: string) {
  await page.goto(`${base}/login`)
  await page.locator('#login-account').fill(account)
  await page.locator('#login-password').fill(PASSWORD)
  await page.locator('form button[type=submit]').click()
  await page.waitForURL(/\/admin\/home/)
}

async function main() {
  mkdirSync(out, { recursive: true })
  // the gateway on this Node (24, through npx or an npm script), with tsx's loader
  const gateway = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      TRESTLE_DATA_DIR: mkdtempSync(join(tmpdir(), 'trestle-shots-')),
      TRESTLE_SERVE_DIST: 'dist',
      TRESTLE_DEMO_PASSWORD: PASSWORD,
      TRESTLE_LOG_LEVEL: 'warn',
    },
    stdio: 'inherit',
  })
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/auth/v1/generalAccount/getPubKey?appCode=trestle-admin`)).ok) break
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  const browser = await launchChromium()
  try {
    for (const locale of ['zh', 'en'] as const) {
      for (const [w, h] of [
        [1440, 900],
        [1024, 768],
      ] as const) {
        const context = await browser.newContext({ viewport: { width: w, height: h }, locale: locale === 'zh' ? 'zh-CN' : 'en-US' })
        await context.addInitScript((l) => localStorage.setItem('trestle.locale', l), locale)
        const page = await context.newPage()
        const shot = async (name: string) => {
          await page.waitForTimeout(600)
          await page.screenshot({ path: join(out, `${name}-${locale}-${w}.png`) })
        }
        await page.goto(`${base}/login`)
        await shot('login')
        await login(page, 'admin')
        // the dashboard's heading shows at once: wait for its figures
        await page.getByTestId('dashboard').locator('[data-testid^="card-"]').first().waitFor()
        await shot('home')
        await page.goto(`${base}/admin/role-manage`)
        await page.getByRole('table').waitFor()
        await shot('roles')
        await page
          .locator('main button')
          .filter({ hasText: locale === 'zh' ? '新增' : 'Add' })
          .first()
          .click()
        await page.getByRole('dialog').waitFor()
        await page.getByRole('dialog').locator('button[type=submit]').click()
        await shot('role-form')
        await page.keyboard.press('Escape')
        await page.goto(`${base}/admin/app-manage`)
        await page.getByRole('table').waitFor()
        await shot('apps')
        for (const [name, path] of [
          ['organization', '/admin/organization'],
          ['user-audit', '/admin/user-audit'],
          ['project-accounts', '/admin/project-org-account'],
          ['personal', '/personal-view'],
          ['not-built', '/admin/ebs-management'],
          ['terminals', '/admin/terminal-authentication'],
          ['message-setting', '/admin/message-setting'],
          ['work-sites', '/admin/work-site-information'],
        ] as const) {
          await page.goto(`${base}${path}`)
          // not 'networkidle': the live message stream stays open
          await page.locator('main h1, main [role=tree], main table').first().waitFor()
          await shot(name)
        }
        // the staff of a unit: organisation → a unit → 部门与人员
        await page.goto(`${base}/admin/organization`)
        const units = page.locator('main [role=tree]').first()
        await units.getByRole('treeitem').first().click()
        await units.getByRole('treeitem', { name: '中国铁路华东投资集团有限公司' }).click()
        await page.getByRole('tab', { name: locale === 'zh' ? '部门与人员' : 'Departments & people' }).click()
        await page.getByTestId('departments-panel').waitFor()
        await shot('staff')
        await context.close()
      }
    }
  } finally {
    await browser.close()
    gateway.kill('SIGTERM')
  }
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
