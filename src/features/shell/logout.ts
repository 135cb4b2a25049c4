/** Logout for the header and the user menu: the request client's (POST logout, clear the session, go to /login). */
export { logout } from '@/lib/http'
