/**
 * Lighthouse mobile performance of /login and /admin/home (issue 9), as a new user would load them.
 * Lighthouse's default configuration: a mobile device, simulated slow 4G and a 4× slower CPU.
 *   - /login: a cold load (Lighthouse clears the origin's storage, caches and service worker first);
 *   - /admin/home: the account signs in first in the same browser (its session is in localStorage)
 *     and sees the home (its answers go to the persisted query cache), then the service worker, its
 *     caches and the HTTP cache are cleared, so the shell loads cold with a session, as after a deploy.
 * Each page is scored BENCH_LIGHTHOUSE_RUNS times (3; bench/support.ts), its figure the median.
 * Prints `lighthouse: login <score> home <score>` (the medians, 0–1) and the main metrics of each run.
 * With BENCH_FLOOR_URL (a gateway serving the stack's floor page, bench/floor) it first measures
 * that page's /login the same way and prints `lighthouse floor: <score>`: the limit of the stack.
 * Each page is loaded as a deployment serves it, over HTTPS with HTTP/2 from a front before the gateway
 * (bench/tlsFront.ts; BENCH_LIGHTHOUSE_HTTP1=1: from the gateway itself, HTTP/1.1), the floor too.
 * Env: BENCH_URL (a gateway serving dist/), BENCH_PASSWORD (the demo administrator's), CHROMIUM_PATH.
 */
import { coldWithSession, debugChrome, lighthouseScore, medianScore, signIn } from './chrome'
import { servedAsDeployed } from './tlsFront'

const password = process.env.BENCH_PASSWORD!

async function main() {
  // as a deployment serves them: HTTPS with HTTP/2 in front of the gateways (bench/tlsFront.ts)
  const floorUrl = process.env.BENCH_FLOOR_URL
  const served = await servedAsDeployed([process.env.BENCH_URL!, ...(floorUrl ? [floorUrl] : [])])
  const [base, floor] = served.bases as [string, string | undefined]
  const chrome = await debugChrome(served.trust)
  try {
    const run = (path: string, keepStorage: boolean, suffix: string, origin = base) =>
      lighthouseScore(
        chrome,
        `${origin}${path}`,
        keepStorage,
        origin === base ? path : `${path} (the stack's floor)`,
        `lighthouse${origin === base ? '' : '-floor'}${path.replaceAll('/', '-')}${suffix}`,
      )
    if (floor)
      console.log(`lighthouse floor: ${await medianScore("/login (the stack's floor)", (suffix) => run('/login', false, suffix, floor))}`)
    const login = await medianScore('/login', (suffix) => run('/login', false, suffix))

    // sign in in the same profile, then drop the service worker and every cache but keep the session —
    // before each run, as the run before brought them back
    const page = await chrome.browser.contexts()[0]!.newPage()
    await signIn(page, base, 'admin', password)
    const home = await medianScore('/admin/home', async (suffix) => {
      await page.goto(`${base}/admin/home`)
      // as a user who has seen the home before closing the app: its answers are in the account's
      // persisted cache (saved once the cache has been quiet for 0.6 s), which the next start shows at once
      await page.getByTestId('card-logins').waitFor()
      await page.waitForTimeout(1500)
      await coldWithSession(page)
      await page.goto('about:blank')
      return run('/admin/home', true, suffix)
    })
    await page.close()
    console.log(`lighthouse: login ${login} home ${home}`)
  } finally {
    await chrome.close()
    await served.close()
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
