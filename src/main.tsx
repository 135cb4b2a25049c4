// first: the session's storage (localStorage), which decides which start this page takes
import '@/features/sync/session'
import { initTheme } from '@/features/shell/theme'
import { installPreloadErrorListener } from '@/lib/chunks/classify'
import { documentTitle, localeReady, localeStore } from '@/lib/i18n'
import { isLoggedIn } from '@/lib/session'
import './styles.css'

initTheme()
document.documentElement.lang = localeStore.get() === 'zh' ? 'zh-CN' : 'en'
document.title = documentTitle()
installPreloadErrorListener()

const container = document.getElementById('root')!
// A signed-out visit to /login starts the sign-in page alone (./app/signIn: no router, no console);
// any other start runs the console, which sends a signed-out visit elsewhere to /login itself.
// Both are chunks of their own; the page's preload script (scripts/vite-preload-screen.ts) asks for
// the one this start takes with the entry. In English both wait for the entry's English texts.
const start =
  location.pathname === '/login' && !isLoggedIn()
    ? import('./app/signIn').then((m) => m.startSignIn)
    : import('./app/console').then((m) => m.startConsole)
void Promise.all([start, localeReady().catch(() => {})]).then(([run]) => run(container))
