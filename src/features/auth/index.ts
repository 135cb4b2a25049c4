/**
 * The auth area: public screens and the login flow.
 *
 * Screens (for the route files): LoginPage (/login), RegisterPage (/register),
 * ThirdPlatformPage (/loginThirdPlatform).
 * Third-party authorisations tied to this browser (also for the personal centre's binding):
 * newOAuthChallenge, takeOAuthVerifier.
 * App-root wiring (re-exported from @/lib/http): GlobalDialogs, setNavigator, resetDialogFlag, logout.
 */
export { LoginPage } from './LoginPage'
export { RegisterPage } from './RegisterPage'
export { ThirdPlatformPage } from './ThirdPlatformPage'
export { signIn, continueLogin, enterConsole, logout, AFTER_LOGIN_PATH, type SignInInput } from './login'
export { newOAuthChallenge, takeOAuthVerifier, type OAuthPurpose } from './oauthVerifier'
export { GlobalDialogs } from '@/lib/http/GlobalDialogs'
export { setNavigator, resetDialogFlag } from '@/lib/http'
