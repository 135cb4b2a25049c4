/**
 * Logout for the header and the user menu: asks first when offline edits are waiting (sync now,
 * export, discard), then clears the account's outbox and calls the request client's logout (POST
 * logout, clear the session, go to /login).
 */
export { requestLogout as logout } from '@/features/sync'
