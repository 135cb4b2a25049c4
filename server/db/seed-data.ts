/**
 * Seed data: the console's menu tree (every route of SPEC §2 under Chinese group menus, lucide
 * icons, functions on every page) and the demo organisations, roles and accounts.
 * Some actions are stored without their leading slash on purpose: the console adds it (SPEC §2).
 */

export interface SeedFunction {
  action: string
  name: string
}
export interface SeedPage {
  name: string
  /** English menu name (application_menu.menu_name_en). */
  nameEn: string
  action: string
  icon: string
  fns?: SeedFunction[]
}
export interface SeedGroup {
  name: string
  nameEn: string
  icon: string
  /** A group that is itself a page (home, personal centre, test). */
  action?: string
  pages: SeedPage[]
}

const f = (action: string, name: string): SeedFunction => ({ action, name })
const CRUD = [f('add', '新增'), f('edit', '编辑'), f('delete', '删除'), f('export', '导出')]
const crud = (...extra: SeedFunction[]) => [...CRUD, ...extra]

export const MENU_TREE: SeedGroup[] = [
  { name: '首页', nameEn: 'Home', icon: 'lucide:house', action: '/admin/home', pages: [] },
  {
    name: '组织机构', nameEn: 'Organisation',
    icon: 'lucide:building-2',
    pages: [
      { name: '单位管理', nameEn: 'Organisations', action: '/admin/organization', icon: 'lucide:network', fns: crud(f('addDept', '新增部门'), f('moveStaff', '调动人员'), f('qualification', '资质管理'), f('group', '分组管理'), f('accountLimit', '账号限额'), f('import', '导入'), f('archive', '归档'), f('invite', '邀请完善资料'), f('viewIdCard', '查看身份证号'), f('viewCellphone', '查看手机号'), f('account', '账号管理'), f('accountEnable', '启用/停用账号'), f('accountResetPwd', '重置账号密码'), f('accountAudit', '审核账号')) },
      { name: '用户审核', nameEn: 'User audit', action: '/admin/user-audit', icon: 'lucide:user-check', fns: [f('audit', '审核'), f('export', '导出')] },
      { name: '角色管理', nameEn: 'Roles', action: '/admin/role-manage', icon: 'lucide:shield-check', fns: crud(f('authorize', '授权'), f('member', '成员管理'), f('import', '导入')) },
      {
        name: '项目账号管理', nameEn: 'Project accounts',
        action: 'admin/project-org-account',
        icon: 'lucide:id-card',
        fns: crud(f('enable', '启用/停用'), f('resetPwd', '重置密码'), f('validPeriod', '有效期')),
      },
    ],
  },
  {
    name: '应用管理', nameEn: 'Application management',
    icon: 'lucide:layout-grid',
    pages: [
      { name: '应用管理', nameEn: 'Applications', action: '/admin/app-manage', icon: 'lucide:app-window', fns: crud(f('publish', '发布'), f('authorize', '授权'), f('menu', '菜单管理')) },
      {
        name: '终端授权', nameEn: 'Terminal authorisation',
        action: '/admin/terminal-authentication',
        icon: 'lucide:monitor-smartphone',
        fns: [f('authorize', '授权'), f('reject', '驳回'), f('cancel', '取消授权'), f('export', '导出')],
      },
      { name: '系统日志', nameEn: 'System logs', action: 'admin/systemLog', icon: 'lucide:scroll-text', fns: [f('export', '导出')] },
    ],
  },
  {
    name: '项目管理', nameEn: 'Project management',
    icon: 'lucide:folder-kanban',
    pages: [
      { name: '项目总览', nameEn: 'Project overview', action: '/admin/project-manage', icon: 'lucide:briefcase', fns: crud() },
      { name: '项目', nameEn: 'Projects', action: '/admin/project', icon: 'lucide:folder', fns: crud(f('unit', '参建单位'), f('line', '线路')) },
      { name: '项目信息', nameEn: 'Project information', action: '/admin/project-information', icon: 'lucide:info', fns: crud() },
      { name: '项目配置', nameEn: 'Project configuration', action: '/admin/project-configuration', icon: 'lucide:settings-2', fns: crud() },
      { name: '项目初始化', nameEn: 'Project initialisation', action: '/admin/project-initial', icon: 'lucide:rocket', fns: crud(f('init', '初始化')) },
      { name: '项目数据初始化', nameEn: 'Project data set-up', action: '/admin/project-initialization', icon: 'lucide:database', fns: crud(f('init', '初始化')) },
      { name: '项目容器', nameEn: 'Project containers', action: '/admin/project-container', icon: 'lucide:boxes', fns: crud() },
      { name: '设计单元', nameEn: 'Design units', action: '/admin/designunit', icon: 'lucide:ruler', fns: crud() },
      { name: '项目设计单元', nameEn: 'Project design units', action: '/admin/project-design-unit', icon: 'lucide:drafting-compass', fns: crud() },
      { name: '单位工程', nameEn: 'Unit projects', action: '/admin/unit-project', icon: 'lucide:construction', fns: crud() },
      { name: '单位工程划分', nameEn: 'Unit project breakdown', action: '/admin/unit-engineering', icon: 'lucide:blocks', fns: crud() },
      { name: '工点信息', nameEn: 'Work sites', action: '/admin/work-site-information', icon: 'lucide:map-pin', fns: crud() },
      { name: '项目工点信息', nameEn: 'Project work sites', action: '/admin/project-worksite-information', icon: 'lucide:map-pinned', fns: crud() },
      { name: '工点初始化', nameEn: 'Work-site initialisation', action: 'admin/work-site-initialization', icon: 'lucide:flag', fns: crud(f('init', '初始化')) },
      { name: '工业化初始化', nameEn: 'Industrialisation set-up', action: '/admin/industrial-initial', icon: 'lucide:factory', fns: crud(f('init', '初始化')) },
      { name: '资源池', nameEn: 'Resource pool', action: '/admin/resource-pool', icon: 'lucide:warehouse', fns: crud(f('import', '导入')) },
    ],
  },
  {
    name: '工程字典', nameEn: 'Engineering dictionary',
    icon: 'lucide:book-open',
    pages: [
      { name: 'EBS管理', nameEn: 'EBS dictionary', action: '/admin/ebs-management', icon: 'lucide:list-tree', fns: crud(f('import', '导入'), f('copy', '复制')) },
      { name: 'WBS管理', nameEn: 'WBS dictionary', action: '/admin/wbs-management', icon: 'lucide:git-fork', fns: crud(f('import', '导入'), f('copy', '复制')) },
      { name: '工程量管理', nameEn: 'Quantity dictionary', action: '/admin/account-quantity-management', icon: 'lucide:calculator', fns: crud(f('import', '导入')) },
      { name: 'WBS-EBS关联配置', nameEn: 'WBS–EBS relations', action: '/admin/wbs-ebs-rel-configuration', icon: 'lucide:link', fns: crud() },
      { name: '工程量清单', nameEn: 'Bill of quantities', action: '/admin/su-boq', icon: 'lucide:clipboard-list', fns: crud(f('import', '导入')) },
    ],
  },
  {
    name: '扩展属性', nameEn: 'Extended attributes',
    icon: 'lucide:sliders-horizontal',
    pages: [
      { name: '属性配置', nameEn: 'Attribute configuration', action: '/admin/extends-configuration', icon: 'lucide:settings', fns: crud(f('copy', '复制')) },
      { name: '属性设置', nameEn: 'Attribute settings', action: '/admin/extends-setting', icon: 'lucide:toggle-left', fns: crud() },
    ],
  },
  {
    name: '工作流', nameEn: 'Workflow',
    icon: 'lucide:workflow',
    pages: [
      { name: '流程模型管理', nameEn: 'Process models', action: '/admin/process-model-management', icon: 'lucide:git-branch', fns: crud(f('publish', '发布'), f('stop', '停用')) },
      { name: '流程查询', nameEn: 'Workflow query', action: '/admin/workflow-query', icon: 'lucide:search', fns: [f('delegate', '委派'), f('withdraw', '撤回'), f('export', '导出')] },
      { name: '流程角色管理', nameEn: 'Process roles', action: '/admin/process-role-management', icon: 'lucide:users-round', fns: crud(f('member', '成员管理')) },
    ],
  },
  {
    name: '消息', nameEn: 'Messages',
    icon: 'lucide:bell',
    pages: [
      { name: '消息中心', nameEn: 'Message centre', action: '/admin/message-center', icon: 'lucide:inbox', fns: [f('read', '标记已读'), f('delete', '删除')] },
      { name: '消息设置', nameEn: 'Message settings', action: '/admin/message-setting', icon: 'lucide:bell-ring', fns: crud() },
      { name: '自定义消息配置', nameEn: 'Custom messages', action: '/admin/message-custom-config', icon: 'lucide:message-square-more', fns: crud(f('send', '发送')) },
    ],
  },
  {
    name: '填报模板', nameEn: 'Form templates',
    icon: 'lucide:table',
    pages: [{ name: '表格管理', nameEn: 'Table management', action: '/admin/table-manage', icon: 'lucide:sheet', fns: crud(f('publish', '发布'), f('design', '设计')) }],
  },
  { name: '个人中心', nameEn: 'Personal centre', icon: 'lucide:circle-user', action: 'personal-view', pages: [] },
  { name: '测试', nameEn: 'Test', icon: 'lucide:flask-conical', action: 'test/demo', pages: [] },
]

export const ORG_TYPES = [
  { code: 'owner', name: '建设单位' },
  { code: 'design', name: '勘察设计单位' },
  { code: 'construction', name: '施工单位' },
  { code: 'supervision', name: '监理单位' },
  { code: 'testing', name: '检测单位' },
  { code: 'consulting', name: '咨询单位' },
] as const

export interface SeedOrg {
  key: string
  name: string
  short: string
  type: (typeof ORG_TYPES)[number]['code']
  parent?: string
  creditCode: string
  legalPerson: string
  contactPerson: string
  contactPhone: string
  address: string
}

export const ORGS: SeedOrg[] = [
  { key: 'owner', name: '中国铁路华东投资集团有限公司', short: '华东铁投', type: 'owner', creditCode: '91320000MA1XK3T20J', legalPerson: '周立新', contactPerson: '陈晓峰', contactPhone: '13905160218', address: '江苏省南京市建邺区江东中路218号' },
  { key: 'design', name: '中铁远景勘察设计院有限公司', short: '远景设计院', type: 'design', creditCode: '91420100MA4K7B3Q5P', legalPerson: '刘卫东', contactPerson: '孙海燕', contactPhone: '13871023456', address: '湖北省武汉市洪山区珞喻路306号' },
  { key: 'contractor', name: '中铁恒岳建设集团有限公司', short: '中铁恒岳', type: 'construction', creditCode: '91610000MA6W2R8L1R', legalPerson: '赵振华', contactPerson: '马俊', contactPhone: '13709182233', address: '陕西省西安市雁塔区科技路48号' },
  { key: 'contractor-1', name: '中铁恒岳建设集团第一工程有限公司', short: '恒岳一公司', type: 'construction', parent: 'contractor', creditCode: '91610100MA6W4D9K2F', legalPerson: '韩志刚', contactPerson: '郭磊', contactPhone: '13991207788', address: '陕西省西安市未央区凤城八路66号' },
  { key: 'contractor-bridge', name: '中铁恒岳建设集团桥梁工程有限公司', short: '恒岳桥梁', type: 'construction', parent: 'contractor', creditCode: '91610100MA6W5F1M3D', legalPerson: '冯建军', contactPerson: '高宏伟', contactPhone: '13892016655', address: '陕西省宝鸡市渭滨区清姜路12号' },
  { key: 'ccc', name: '中交瀚海工程局有限公司', short: '中交瀚海', type: 'construction', creditCode: '91440300MA5F8H6N45', legalPerson: '黄国平', contactPerson: '林志强', contactPhone: '13825093344', address: '广东省深圳市南山区后海大道1088号' },
  { key: 'supervision', name: '江淮恒信工程监理咨询有限公司', short: '恒信监理', type: 'supervision', creditCode: '91340100MA2T6Y5P71', legalPerson: '吴德明', contactPerson: '许静', contactPhone: '13956071122', address: '安徽省合肥市蜀山区长江西路699号' },
  { key: 'testing', name: '华测中科工程检测有限公司', short: '华测中科', type: 'testing', creditCode: '91110108MA01R2X8LP', legalPerson: '郑永辉', contactPerson: '何丽', contactPhone: '13601234567', address: '北京市海淀区西三环北路27号' },
]

export type SeedRoleKey = 'sysadmin' | 'orgadmin' | 'general' | 'project' | 'tourist' | 'auditor' | 'pm' | 'designadmin'

export interface SeedRole {
  key: SeedRoleKey
  name: string
  remark: string
  scope: 'own' | 'children' | 'all'
  org?: string
  sort: number
  /** Which menu actions (page actions, normalised with a slash) the role gets; 'all' = every menu. */
  menus: 'all' | string[]
  /** Functions on those menus: 'all', 'none', or a list of actions. */
  fns: 'all' | 'none' | string[]
}

const ORGADMIN_EXCLUDES = new Set(['/admin/app-manage', '/admin/terminal-authentication', '/admin/systemLog', '/test/demo'])
export const allPageActions = (): string[] =>
  MENU_TREE.flatMap((g) => [...(g.action ? [g.action] : []), ...g.pages.map((p) => p.action)]).map((a) => (a.startsWith('/') ? a : `/${a}`))

export const ROLES: SeedRole[] = [
  { key: 'sysadmin', name: '系统管理员', remark: '平台全部菜单与功能，数据范围：全部', scope: 'all', org: 'owner', sort: 1, menus: 'all', fns: 'all' },
  {
    key: 'orgadmin',
    name: '组织管理员',
    remark: '本单位及下属单位的组织、人员、项目与角色管理',
    scope: 'children',
    org: 'contractor',
    sort: 2,
    menus: allPageActions().filter((a) => !ORGADMIN_EXCLUDES.has(a)),
    fns: 'all',
  },
  {
    key: 'general',
    name: '普通用户',
    remark: '日常查看与个人中心',
    scope: 'own',
    org: 'contractor',
    sort: 3,
    menus: ['/admin/home', '/admin/project-information', '/admin/work-site-information', '/admin/message-center', '/admin/workflow-query', '/personal-view'],
    fns: ['read', 'export'],
  },
  {
    key: 'project',
    name: '项目账号',
    remark: '参建单位项目账号，查看并维护本单位的项目数据',
    scope: 'own',
    org: 'ccc',
    sort: 4,
    menus: ['/admin/home', '/admin/project', '/admin/project-information', '/admin/designunit', '/admin/work-site-information', '/admin/unit-project', '/admin/message-center', '/personal-view'],
    fns: ['add', 'edit', 'export', 'read'],
  },
  { key: 'tourist', name: '游客', remark: '只读浏览全部菜单，无任何操作功能', scope: 'own', org: 'owner', sort: 5, menus: 'all', fns: 'none' },
  {
    key: 'auditor',
    name: '安全审计员',
    remark: '查看系统日志与流程记录',
    scope: 'all',
    org: 'owner',
    sort: 6,
    menus: ['/admin/home', '/admin/systemLog', '/admin/workflow-query', '/admin/user-audit', '/personal-view'],
    fns: ['export'],
  },
  {
    key: 'pm',
    name: '项目经理',
    remark: '项目、工点与设计单元的维护',
    scope: 'children',
    org: 'contractor',
    sort: 7,
    menus: ['/admin/home', '/admin/project-manage', '/admin/project', '/admin/project-information', '/admin/work-site-information', '/admin/project-worksite-information', '/admin/designunit', '/admin/unit-project', '/admin/message-center', '/personal-view'],
    fns: 'all',
  },
  {
    key: 'designadmin',
    name: '设计院管理员',
    remark: '设计单元、工程字典的维护',
    scope: 'own',
    org: 'design',
    sort: 8,
    menus: ['/admin/home', '/admin/designunit', '/admin/project-design-unit', '/admin/ebs-management', '/admin/wbs-management', '/admin/su-boq', '/personal-view'],
    fns: 'all',
  },
]

export interface SeedAccount {
  name: string
  userName: string
  cellphone: string
  email: string
  level: 'tourist' | 'general' | 'registered'
  org: string
  roles: SeedRoleKey[]
  validDays?: number
}

export const ACCOUNTS: SeedAccount[] = [
  { name: 'admin', userName: '王建国', cellphone: '13800138000', email: 'wangjianguo@trestle.example.cn', level: 'general', org: 'owner', roles: ['sysadmin'] },
  { name: 'tourist', userName: '访客', cellphone: '13800138001', email: 'guest@trestle.example.cn', level: 'tourist', org: 'owner', roles: ['tourist'] },
  { name: 'orgadmin', userName: '刘海涛', cellphone: '13991826350', email: 'liuhaitao@trestle.example.cn', level: 'general', org: 'contractor', roles: ['orgadmin'] },
  { name: 'zhangwei', userName: '张伟', cellphone: '13572108846', email: 'zhangwei@trestle.example.cn', level: 'general', org: 'contractor-1', roles: ['general'] },
  { name: 'lisite', userName: '李思婷', cellphone: '13682457719', email: 'lisiting@trestle.example.cn', level: 'registered', org: 'ccc', roles: ['project'], validDays: 365 },
]
