/**
 * Seed data: the console's menu tree (from the catalogue, src/contract/catalogue.ts: every route
 * of SPEC §2 under Chinese group menus, lucide icons, functions on every page) and the demo
 * organisations, roles and accounts.
 * Some actions are stored without their leading slash on purpose: the console adds it (SPEC §2).
 */
import { CATALOGUE, MENU_PATHS, type CataloguePage, type FnAction, type MenuPath } from '../../src/contract/catalogue'
import type { WorkSiteStatus, WorkSiteType } from '../../src/contract/schemas/workSite'

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
  /** A group that is itself a page (home, personal centre, test), with that page's functions. */
  action?: string
  fns?: SeedFunction[]
  pages: SeedPage[]
}

/** The catalogue (src/contract/catalogue.ts) as the seed's tree: every menu, its functions, in order. */
export const MENU_TREE: SeedGroup[] = CATALOGUE.map((e): SeedGroup => {
  const page = (p: CataloguePage): SeedPage => ({
    name: p.name,
    nameEn: p.nameEn,
    action: p.bare ? p.path.slice(1) : p.path,
    icon: p.icon,
    fns: Object.entries(p.fns).map(([action, name]) => ({ action, name })),
  })
  if (!('pages' in e)) return { name: e.name, nameEn: e.nameEn, icon: e.icon, action: page(e).action, fns: page(e).fns, pages: [] }
  return { name: e.name, nameEn: e.nameEn, icon: e.icon, pages: e.pages.map(page) }
})

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
  {
    key: 'owner',
    name: '中国铁路华东投资集团有限公司',
    short: '华东铁投',
    type: 'owner',
    creditCode: '91320000MA1XK3T20J',
    legalPerson: '周立新',
    contactPerson: '陈晓峰',
    contactPhone: '13905160218',
    address: '江苏省南京市建邺区江东中路218号',
  },
  {
    key: 'design',
    name: '中铁远景勘察设计院有限公司',
    short: '远景设计院',
    type: 'design',
    creditCode: '91420100MA4K7B3Q5P',
    legalPerson: '刘卫东',
    contactPerson: '孙海燕',
    contactPhone: '13871023456',
    address: '湖北省武汉市洪山区珞喻路306号',
  },
  {
    key: 'contractor',
    name: '中铁恒岳建设集团有限公司',
    short: '中铁恒岳',
    type: 'construction',
    creditCode: '91610000MA6W2R8L1R',
    legalPerson: '赵振华',
    contactPerson: '马俊',
    contactPhone: '13709182233',
    address: '陕西省西安市雁塔区科技路48号',
  },
  {
    key: 'contractor-1',
    name: '中铁恒岳建设集团第一工程有限公司',
    short: '恒岳一公司',
    type: 'construction',
    parent: 'contractor',
    creditCode: '91610100MA6W4D9K2F',
    legalPerson: '韩志刚',
    contactPerson: '郭磊',
    contactPhone: '13991207788',
    address: '陕西省西安市未央区凤城八路66号',
  },
  {
    key: 'contractor-bridge',
    name: '中铁恒岳建设集团桥梁工程有限公司',
    short: '恒岳桥梁',
    type: 'construction',
    parent: 'contractor',
    creditCode: '91610100MA6W5F1M3D',
    legalPerson: '冯建军',
    contactPerson: '高宏伟',
    contactPhone: '13892016655',
    address: '陕西省宝鸡市渭滨区清姜路12号',
  },
  {
    key: 'ccc',
    name: '中交瀚海工程局有限公司',
    short: '中交瀚海',
    type: 'construction',
    creditCode: '91440300MA5F8H6N45',
    legalPerson: '黄国平',
    contactPerson: '林志强',
    contactPhone: '13825093344',
    address: '广东省深圳市南山区后海大道1088号',
  },
  {
    key: 'supervision',
    name: '江淮恒信工程监理咨询有限公司',
    short: '恒信监理',
    type: 'supervision',
    creditCode: '91340100MA2T6Y5P71',
    legalPerson: '吴德明',
    contactPerson: '许静',
    contactPhone: '13956071122',
    address: '安徽省合肥市蜀山区长江西路699号',
  },
  {
    key: 'testing',
    name: '华测中科工程检测有限公司',
    short: '华测中科',
    type: 'testing',
    creditCode: '91110108MA01R2X8LP',
    legalPerson: '郑永辉',
    contactPerson: '何丽',
    contactPhone: '13601234567',
    address: '北京市海淀区西三环北路27号',
  },
]

export type SeedRoleKey = 'sysadmin' | 'orgadmin' | 'general' | 'project' | 'tourist' | 'auditor' | 'pm' | 'designadmin'

export interface SeedRole {
  key: SeedRoleKey
  name: string
  remark: string
  scope: 'own' | 'children' | 'all'
  org?: string
  sort: number
  /** Which menus (catalogue paths) the role gets; 'all' = every menu. */
  menus: 'all' | MenuPath[]
  /** Functions on those menus: 'all', 'none', or a list of actions. */
  fns: 'all' | 'none' | FnAction[]
}

const ORGADMIN_EXCLUDES = new Set<MenuPath>(['/admin/app-manage', '/admin/terminal-authentication', '/admin/systemLog', '/test/demo'])
/** Every page's menu path (normalised with a slash), in menu order. */
export const allPageActions = (): MenuPath[] => [...MENU_PATHS]

export const ROLES: SeedRole[] = [
  {
    key: 'sysadmin',
    name: '系统管理员',
    remark: '平台全部菜单与功能，数据范围：全部',
    scope: 'all',
    org: 'owner',
    sort: 1,
    menus: 'all',
    fns: 'all',
  },
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
    menus: [
      '/admin/home',
      '/admin/project-information',
      '/admin/work-site-information',
      '/admin/message-center',
      '/admin/workflow-query',
      '/personal-view',
    ],
    fns: ['read', 'export'],
  },
  {
    key: 'project',
    name: '项目账号',
    remark: '参建单位项目账号，查看并维护本单位的项目数据',
    scope: 'own',
    org: 'ccc',
    sort: 4,
    menus: [
      '/admin/home',
      '/admin/project',
      '/admin/project-information',
      '/admin/designunit',
      '/admin/work-site-information',
      '/admin/project-worksite-information',
      '/admin/unit-project',
      '/admin/message-center',
      '/personal-view',
    ],
    fns: ['add', 'edit', 'export', 'read'],
  },
  {
    key: 'tourist',
    name: '游客',
    remark: '只读浏览全部菜单，无任何操作功能',
    scope: 'own',
    org: 'owner',
    sort: 5,
    menus: 'all',
    fns: 'none',
  },
  {
    key: 'auditor',
    name: '安全审计员',
    remark: '查看系统日志与流程记录',
    scope: 'all',
    org: 'owner',
    sort: 6,
    menus: ['/admin/home', '/admin/systemLog', '/admin/workflow-query', '/admin/user-audit', '/admin/message-center', '/personal-view'],
    fns: ['export'],
  },
  {
    key: 'pm',
    name: '项目经理',
    remark: '项目、工点与设计单元的维护',
    scope: 'children',
    org: 'contractor',
    sort: 7,
    menus: [
      '/admin/home',
      '/admin/project-manage',
      '/admin/project',
      '/admin/project-information',
      '/admin/work-site-information',
      '/admin/project-worksite-information',
      '/admin/designunit',
      '/admin/unit-project',
      '/admin/message-center',
      '/personal-view',
    ],
    fns: 'all',
  },
  {
    key: 'designadmin',
    name: '设计院管理员',
    remark: '设计单元、工程字典的维护',
    scope: 'own',
    org: 'design',
    sort: 8,
    menus: [
      '/admin/home',
      '/admin/designunit',
      '/admin/project-design-unit',
      '/admin/ebs-management',
      '/admin/wbs-management',
      '/admin/su-boq',
      '/admin/message-center',
      '/personal-view',
    ],
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
  {
    name: 'admin',
    userName: '王建国',
    cellphone: '13800138000',
    email: 'wangjianguo@trestle.example.cn',
    level: 'general',
    org: 'owner',
    roles: ['sysadmin'],
  },
  {
    name: 'tourist',
    userName: '访客',
    cellphone: '13800138001',
    email: 'guest@trestle.example.cn',
    level: 'tourist',
    org: 'owner',
    roles: ['tourist'],
  },
  {
    name: 'orgadmin',
    userName: '刘海涛',
    cellphone: '13991826350',
    email: 'liuhaitao@trestle.example.cn',
    level: 'general',
    org: 'contractor',
    roles: ['orgadmin'],
  },
  {
    name: 'zhangwei',
    userName: '张伟',
    cellphone: '13572108846',
    email: 'zhangwei@trestle.example.cn',
    level: 'general',
    org: 'contractor-1',
    roles: ['general'],
  },
  {
    name: 'lisite',
    userName: '李思婷',
    cellphone: '13682457719',
    email: 'lisiting@trestle.example.cn',
    level: 'registered',
    org: 'ccc',
    roles: ['project'],
    validDays: 365,
  },
]

// ---- demo work sites (server/seed/workSite.ts) on the demo railway project 沪渝蓉高铁武宜段 ----

export interface SeedWorkSite {
  code: string
  name: string
  type: WorkSiteType
  status: WorkSiteStatus
  /** Chainage range on the main line, metres. */
  from: number
  to: number
  /** The design unit of this number (DU-nn), and its section's container. */
  designUnit: number
  phone: string
  lng: number
  lat: number
  address: string
  description: string
}

export const DEMO_WORK_SITES: SeedWorkSite[] = [
  {
    code: 'GD-01',
    name: '汉口特大桥1号工点',
    type: 'bridge',
    status: 'building',
    from: 1_200,
    to: 4_800,
    designUnit: 1,
    phone: '13871236650',
    lng: 114.2561234,
    lat: 30.6192345,
    address: '湖北省武汉市东西湖区走马岭街道',
    description: '桩基与承台施工，3 台旋挖钻，夜间施工需报备',
  },
  {
    code: 'GD-02',
    name: '东西湖路基2号工点',
    type: 'subgrade',
    status: 'building',
    from: 12_500,
    to: 16_300,
    designUnit: 2,
    phone: '13907181234',
    lng: 114.1023456,
    lat: 30.6534567,
    address: '湖北省武汉市东西湖区新沟镇',
    description: 'CFG 桩地基处理，路基填筑至基床底层',
  },
  {
    code: 'GD-03',
    name: '汉川1号拌合站',
    type: 'mixing',
    status: 'building',
    from: 24_300,
    to: 24_900,
    designUnit: 3,
    phone: '0712-8456231',
    lng: 113.8345678,
    lat: 30.6612345,
    address: '湖北省孝感市汉川市马口镇',
    description: 'HZS180 拌合楼两座，日产能 3,000 方',
  },
  {
    code: 'GD-04',
    name: '天门制梁场',
    type: 'beamYard',
    status: 'preparing',
    from: 41_000,
    to: 42_200,
    designUnit: 5,
    phone: '13636012345',
    lng: 113.1667891,
    lat: 30.6634567,
    address: '湖北省天门市岳口镇',
    description: '900 t 箱梁预制，场地平整中',
  },
  {
    code: 'GD-05',
    name: '仙桃隧道进口工点',
    type: 'tunnel',
    status: 'suspended',
    from: 66_000,
    to: 68_400,
    designUnit: 7,
    phone: '13971234567',
    lng: 113.4545678,
    lat: 30.3623456,
    address: '湖北省仙桃市郑场镇',
    description: '雨季停工，待边坡防护验收后复工',
  },
  {
    code: 'GD-06',
    name: '荆州站房工点',
    type: 'station',
    status: 'completed',
    from: 128_000,
    to: 129_500,
    designUnit: 13,
    phone: '0716-8123456',
    lng: 112.2398765,
    lat: 30.3356789,
    address: '湖北省荆州市沙市区',
    description: '站台及雨棚完工，已移交',
  },
]
