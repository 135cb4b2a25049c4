/** The third-party sign-in module's public surface: its configuration, the authorisation flow and the identities bound to accounts. */
export { loadOAuthConfig } from './config'
export type { OAuthConfig } from './config'
export { configuredPlatforms, finishAuthorize, PLATFORM_NAMES, startAuthorize } from './flow'
export { accountOfIdentity, bindIdentity, bindingsOf, notBound, unbindIdentity } from './identities'
