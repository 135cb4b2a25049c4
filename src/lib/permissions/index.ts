/**
 * Permissions (SPEC §6) — one primitive, "does the current menu grant this function action",
 * in three surfaces: `useCan(action)`, `<Can action>`, and the route guard `requireMenu(path)`;
 * menus and actions are the catalogue's (src/contract/catalogue.ts), so a wrong name does not
 * compile; `permissionsOf(menu)` binds <Can>/useCan to one screen's menu and its functions;
 * plus `hasMenuAction(action)` over all menus. The menus reload by themselves when the gateway's
 * `grants-version` answer header changes (./grants.ts): a role change shows without signing out.
 */
export { Can, useCan, hasMenuAction, permissionsOf, type MenuAction } from './can'
export { enterShell, guardPage, requireMenu, ForbiddenError, isForbiddenError } from './guard'
export {
  appCode,
  appsQueryOptions,
  currentApplication,
  ensureMenus,
  knownMenus,
  menuKeys,
  menusQueryKey,
  menusQueryOptions,
  setCurrentMenuForPath,
  useApps,
  useMenus,
} from './menus'
export { noteGrantsVersion, onPageGrantChange, reloadMenus } from './grants'
export {
  buildMenuTree,
  canIn,
  findFunction,
  findMenuByPath,
  hasActionInMenus,
  menuLabel,
  menuLeaves,
  menuTrail,
  normalizeAction,
  normalizePath,
  toCurrentMenu,
  type CurrentMenu,
  type MenuLabelSource,
  type MenuNode,
} from './menu'
