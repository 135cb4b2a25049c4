/**
 * Navigation out of the request client (to /login on 20114/20119/cancelled re-login) without
 * importing the router: the shell registers the router's navigate with `setNavigator`.
 * Until then (and outside React) a full page load is used.
 */
type Navigator = (path: string) => void

const fallback: Navigator = (path) => {
  if (typeof window !== 'undefined') window.location.assign(path)
}

let navigator: Navigator = fallback

export function setNavigator(fn: Navigator | null): void {
  navigator = fn ?? fallback
}

export const navigateTo = (path: string): void => navigator(path)
