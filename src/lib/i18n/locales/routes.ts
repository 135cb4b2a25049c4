import { MENU_PATHS, menuOf, type MenuPath } from '../../../contract/catalogue'
import type { Shape } from '../shape'

/**
 * Page titles by route path (screen headings, breadcrumbs, tabs, the forbidden and not-built pages): a menu's page is
 * called by its catalogue name (src/contract/catalogue.ts, the one source the seed, the sidebar and the
 * command palette read too); the shell's frame, which has no menu, is named here.
 */
const pages = (name: (path: MenuPath) => string) => Object.fromEntries(MENU_PATHS.map((p) => [p, name(p)])) as Record<MenuPath, string>

/** A menu's sub-screens (src/lib/permissions/titles.ts subScreenOf), by the menu's path and their first segment. */
export const zh = {
  ...pages((p) => menuOf(p).name),
  '/admin/index': '工作台',
  '/admin/table-manage/design': '设计模板',
  '/admin/table-manage/fill': '填报',
}

export const en: Shape<typeof zh> = {
  ...pages((p) => menuOf(p).nameEn),
  '/admin/index': 'Workbench',
  '/admin/table-manage/design': 'Design',
  '/admin/table-manage/fill': 'Fill in',
}
