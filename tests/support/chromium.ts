/** The Chromium this machine has (never a downloaded one) and the flags every launch outside the test runner uses. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/** That Chromium, headless, launched by Playwright with those flags (the bench, the screenshots). */
export async function launchChromium() {
  const { chromium } = await import('@playwright/test')
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
}
