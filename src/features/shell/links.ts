/**
 * Menu actions are data from the server, not route literals. The router's typed `to` is given
 * them through this one cast; a path no route knows renders the 404 page.
 */
export type KnownPath = '/admin/home'
export const dynamicTo = (path: string) => path as KnownPath
