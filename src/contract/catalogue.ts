/**
 * The one catalogue of the console's menus and their function actions (SPEC §2, §6; DESIGN §3).
 * Everything that names a menu or a function takes it from here, typed:
 *
 *  - the seed and the start-up menu sync (server/db/seed-data.ts builds MENU_TREE from it),
 *  - the gateway's permission declarations (`perm: { menu, fn }`, `perm(menu, fn)`, ResourceDef),
 *  - the console's route guards (`requireMenu(path)`) and `<Can>` / `useCan`.
 *
 * A menu path that is not here, or a function not declared for that menu, is a type error.
 * Areas not built yet have their menus here already (as seeded), so a later area only adds
 * its functions. Top-level entries are either a page (home, personal centre, test) or a group
 * of pages; the order here is the menus' sort order, and the order of `fns` the functions'.
 */

/** Function action → its Chinese name (stored as application_menu_function.function_name). */
export type FunctionNames = Readonly<Record<string, string>>

export interface CataloguePage {
  /** The route path, with its leading slash. */
  readonly path: `/${string}`
  readonly name: string
  readonly nameEn: string
  /** A lucide icon as `lucide:<kebab-name>`. */
  readonly icon: string
  readonly fns: FunctionNames
  /** Seeded without the leading slash (SPEC §2: some menu actions come so; the console adds it). */
  readonly bare?: true
}

export interface CatalogueGroup {
  readonly name: string
  readonly nameEn: string
  readonly icon: string
  readonly pages: readonly CataloguePage[]
}

const CRUD = { add: '新增', edit: '编辑', delete: '删除', export: '导出' } as const

export const CATALOGUE = [
  { path: '/admin/home', name: '首页', nameEn: 'Home', icon: 'lucide:house', fns: {} },
  {
    name: '组织机构',
    nameEn: 'Organisation',
    icon: 'lucide:building-2',
    pages: [
      {
        path: '/admin/organization',
        name: '单位管理',
        nameEn: 'Organisations',
        icon: 'lucide:network',
        fns: {
          ...CRUD,
          addDept: '新增部门',
          moveStaff: '调动人员',
          qualification: '资质管理',
          group: '分组管理',
          accountLimit: '账号限额',
          import: '导入',
          archive: '归档',
          invite: '邀请完善资料',
          viewIdCard: '查看身份证号',
          viewCellphone: '查看手机号',
          account: '账号管理',
          accountEnable: '启用/停用账号',
          accountResetPwd: '重置账号密码',
          accountAudit: '审核账号',
        },
      },
      {
        path: '/admin/user-audit',
        name: '用户审核',
        nameEn: 'User audit',
        icon: 'lucide:user-check',
        fns: { audit: '审核', export: '导出' },
      },
      {
        path: '/admin/role-manage',
        name: '角色管理',
        nameEn: 'Roles',
        icon: 'lucide:shield-check',
        fns: { ...CRUD, authorize: '授权', member: '成员管理', import: '导入' },
      },
      {
        path: '/admin/project-org-account',
        bare: true,
        name: '项目账号管理',
        nameEn: 'Project accounts',
        icon: 'lucide:id-card',
        fns: { ...CRUD, enable: '启用/停用', resetPwd: '重置密码', validPeriod: '有效期' },
      },
    ],
  },
  {
    name: '应用管理',
    nameEn: 'Application management',
    icon: 'lucide:layout-grid',
    pages: [
      {
        path: '/admin/app-manage',
        name: '应用管理',
        nameEn: 'Applications',
        icon: 'lucide:app-window',
        fns: { ...CRUD, publish: '发布', authorize: '授权', menu: '菜单管理' },
      },
      {
        path: '/admin/terminal-authentication',
        name: '终端授权',
        nameEn: 'Terminal authorisation',
        icon: 'lucide:monitor-smartphone',
        fns: { authorize: '授权', reject: '驳回', cancel: '取消授权', export: '导出' },
      },
      {
        path: '/admin/systemLog',
        bare: true,
        name: '系统日志',
        nameEn: 'System logs',
        icon: 'lucide:scroll-text',
        fns: { export: '导出' },
      },
    ],
  },
  {
    name: '项目管理',
    nameEn: 'Project management',
    icon: 'lucide:folder-kanban',
    pages: [
      { path: '/admin/project-manage', name: '项目总览', nameEn: 'Project overview', icon: 'lucide:briefcase', fns: CRUD },
      { path: '/admin/project', name: '项目', nameEn: 'Projects', icon: 'lucide:folder', fns: { ...CRUD, unit: '参建单位', line: '线路' } },
      { path: '/admin/project-information', name: '项目信息', nameEn: 'Project information', icon: 'lucide:info', fns: CRUD },
      { path: '/admin/project-configuration', name: '项目配置', nameEn: 'Project configuration', icon: 'lucide:settings-2', fns: CRUD },
      {
        path: '/admin/project-initial',
        name: '项目初始化',
        nameEn: 'Project initialisation',
        icon: 'lucide:rocket',
        fns: { ...CRUD, init: '初始化' },
      },
      {
        path: '/admin/project-initialization',
        name: '项目数据初始化',
        nameEn: 'Project data set-up',
        icon: 'lucide:database',
        fns: { ...CRUD, init: '初始化' },
      },
      {
        path: '/admin/project-container',
        name: '项目容器',
        nameEn: 'Project containers',
        icon: 'lucide:boxes',
        fns: { ...CRUD, import: '导入', move: '移动', copy: '复制' },
      },
      { path: '/admin/designunit', name: '设计单元', nameEn: 'Design units', icon: 'lucide:ruler', fns: CRUD },
      {
        path: '/admin/project-design-unit',
        name: '项目设计单元',
        nameEn: 'Project design units',
        icon: 'lucide:drafting-compass',
        fns: CRUD,
      },
      { path: '/admin/unit-project', name: '单位工程', nameEn: 'Unit projects', icon: 'lucide:construction', fns: CRUD },
      { path: '/admin/unit-engineering', name: '单位工程划分', nameEn: 'Unit project breakdown', icon: 'lucide:blocks', fns: CRUD },
      { path: '/admin/work-site-information', name: '工点信息', nameEn: 'Work sites', icon: 'lucide:map-pin', fns: CRUD },
      {
        path: '/admin/project-worksite-information',
        name: '项目工点信息',
        nameEn: 'Project work sites',
        icon: 'lucide:map-pinned',
        fns: CRUD,
      },
      {
        path: '/admin/work-site-initialization',
        bare: true,
        name: '工点初始化',
        nameEn: 'Work-site initialisation',
        icon: 'lucide:flag',
        fns: { ...CRUD, init: '初始化' },
      },
      {
        path: '/admin/industrial-initial',
        name: '工业化初始化',
        nameEn: 'Industrialisation set-up',
        icon: 'lucide:factory',
        fns: { ...CRUD, init: '初始化' },
      },
      { path: '/admin/resource-pool', name: '资源池', nameEn: 'Resource pool', icon: 'lucide:warehouse', fns: { ...CRUD, import: '导入' } },
    ],
  },
  {
    name: '工程字典',
    nameEn: 'Engineering dictionary',
    icon: 'lucide:book-open',
    pages: [
      {
        path: '/admin/ebs-management',
        name: 'EBS管理',
        nameEn: 'EBS dictionary',
        icon: 'lucide:list-tree',
        fns: { ...CRUD, import: '导入', copy: '复制', move: '移动', major: '专业管理' },
      },
      {
        path: '/admin/wbs-management',
        name: 'WBS管理',
        nameEn: 'WBS dictionary',
        icon: 'lucide:git-fork',
        fns: { ...CRUD, import: '导入', copy: '复制', move: '移动' },
      },
      {
        path: '/admin/account-quantity-management',
        name: '工程量管理',
        nameEn: 'Quantity dictionary',
        icon: 'lucide:calculator',
        fns: { ...CRUD, import: '导入', copy: '复制', move: '移动' },
      },
      { path: '/admin/wbs-ebs-rel-configuration', name: 'WBS-EBS关联配置', nameEn: 'WBS–EBS relations', icon: 'lucide:link', fns: CRUD },
      {
        path: '/admin/su-boq',
        name: '工程量清单',
        nameEn: 'Bill of quantities',
        icon: 'lucide:clipboard-list',
        fns: { ...CRUD, import: '导入' },
      },
      {
        path: '/admin/data-dictionary',
        name: '数据字典',
        nameEn: 'Data dictionary',
        icon: 'lucide:book-a',
        fns: { add: '新增', edit: '编辑', delete: '删除', move: '移动' },
      },
    ],
  },
  {
    name: '扩展属性',
    nameEn: 'Extended attributes',
    icon: 'lucide:sliders-horizontal',
    pages: [
      {
        path: '/admin/extends-configuration',
        name: '属性配置',
        nameEn: 'Attribute configuration',
        icon: 'lucide:settings',
        fns: { ...CRUD, copy: '复制' },
      },
      { path: '/admin/extends-setting', name: '属性设置', nameEn: 'Attribute settings', icon: 'lucide:toggle-left', fns: CRUD },
    ],
  },
  {
    name: '工作流',
    nameEn: 'Workflow',
    icon: 'lucide:workflow',
    pages: [
      {
        path: '/admin/process-model-management',
        name: '流程模型管理',
        nameEn: 'Process models',
        icon: 'lucide:git-branch',
        fns: { ...CRUD, publish: '发布', stop: '停用' },
      },
      {
        path: '/admin/workflow-query',
        name: '流程查询',
        nameEn: 'Workflow query',
        icon: 'lucide:search',
        fns: { delegate: '委派', withdraw: '撤回', export: '导出' },
      },
      {
        path: '/admin/process-role-management',
        name: '流程角色管理',
        nameEn: 'Process roles',
        icon: 'lucide:users-round',
        fns: { ...CRUD, member: '成员管理' },
      },
    ],
  },
  {
    name: '消息',
    nameEn: 'Messages',
    icon: 'lucide:bell',
    pages: [
      {
        path: '/admin/message-center',
        name: '消息中心',
        nameEn: 'Message centre',
        icon: 'lucide:inbox',
        fns: { read: '标记已读', delete: '删除' },
      },
      { path: '/admin/message-setting', name: '消息设置', nameEn: 'Message settings', icon: 'lucide:bell-ring', fns: CRUD },
      {
        path: '/admin/message-custom-config',
        name: '自定义消息配置',
        nameEn: 'Custom messages',
        icon: 'lucide:message-square-more',
        fns: { ...CRUD, send: '发送' },
      },
    ],
  },
  {
    name: '填报模板',
    nameEn: 'Form templates',
    icon: 'lucide:table',
    pages: [
      {
        path: '/admin/table-manage',
        name: '表格管理',
        nameEn: 'Table management',
        icon: 'lucide:sheet',
        fns: {
          ...CRUD,
          publish: '发布',
          design: '设计',
          import: '导入',
          group: '分组管理',
          permission: '单元格权限',
          fill: '填报',
          submit: '提交',
        },
      },
    ],
  },
  { path: '/personal-view', bare: true, name: '个人中心', nameEn: 'Personal centre', icon: 'lucide:circle-user', fns: {} },
  { path: '/test/demo', bare: true, name: '测试', nameEn: 'Test', icon: 'lucide:flask-conical', fns: CRUD },
] as const satisfies readonly (CataloguePage | CatalogueGroup)[]

// ---- types ------------------------------------------------------------------------------

type Entry = (typeof CATALOGUE)[number]
type Page = Extract<Entry, { path: string }> | Extract<Entry, { pages: readonly unknown[] }>['pages'][number]

/** Every menu path of the console (a page's route path). */
export type MenuPath = Page['path']
/** The catalogue entry of a menu. */
export type MenuOf<M extends MenuPath> = Extract<Page, { path: M }>
/** The function actions declared for menu `M` (for a union of menus: any of theirs). */
export type FnOf<M extends MenuPath> = M extends MenuPath ? Extract<keyof MenuOf<M>['fns'], string> : never
/** Any function action of any menu. */
export type FnAction = FnOf<MenuPath>

/**
 * A permission: a menu and, for a mutation, one of that menu's functions (reads name the menu
 * only: the menu must be granted). `{ menu: '/admin/role-manage', fn: 'autorize' }` does not compile.
 */
export type Permission = { [M in MenuPath]: { menu: M; fn?: FnOf<M> } }[MenuPath]

/**
 * A menu with some named function slots, each one of that menu's functions — for definitions
 * whose mutations have roles (`{ menu, fns: { add, update, delete } }`, `{ menu, fn }`).
 */
export type MenuFns<K extends string> = { [M in MenuPath]: { menu: M; fns?: { readonly [k in K]?: FnOf<M> } } }[MenuPath]
export type MenuFn = { [M in MenuPath]: { menu: M; fn: FnOf<M> } }[MenuPath]

// ---- runtime ----------------------------------------------------------------------------

export const PAGES: readonly Page[] = CATALOGUE.flatMap((e): readonly Page[] => ('pages' in e ? e.pages : [e]))
const BY_PATH = new Map<string, Page>(PAGES.map((p) => [p.path, p]))

/** Every menu path, in menu order. */
export const MENU_PATHS: readonly MenuPath[] = PAGES.map((p) => p.path)

export const isMenuPath = (path: string): path is MenuPath => BY_PATH.has(path)

/** The catalogue entry of a menu path. */
export const menuOf = <M extends MenuPath>(menu: M): MenuOf<M> => BY_PATH.get(menu) as MenuOf<M>

/** The function actions of a menu, in order. */
export const fnsOf = <M extends MenuPath>(menu: M): FnOf<M>[] => Object.keys(menuOf(menu).fns) as FnOf<M>[]

/** A permission declaration: `perm('/admin/role-manage', 'authorize')`; `perm(menu)` for reads. */
export function perm<M extends MenuPath>(menu: M, fn?: FnOf<M>): Permission {
  return (fn ? { menu, fn } : { menu }) as Permission
}

/**
 * Whether a permission names a menu of the catalogue and, if it has one, a function of that menu
 * (the gateway checks every route's declaration with it when the route is registered).
 */
export function isDeclared(p: { menu: string; fn?: string }): boolean {
  const m = BY_PATH.get(p.menu)
  return !!m && (p.fn === undefined || Object.hasOwn(m.fns, p.fn))
}
