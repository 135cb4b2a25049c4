import type { Shape } from '../shape'

/** Role management (/admin/role-manage). */
export const zh = {
  title: '角色管理',
  description: '维护本单位的角色、状态与数据权限范围',
  entity: '角色',
  field: {
    roleName: '角色名称',
    status: '状态',
    dataScope: '数据权限',
    memberCount: '成员数',
    organizationName: '所属单位',
    sort: '排序',
    remark: '备注',
    updateTime: '更新时间',
    createTime: '创建时间',
  },
  dataScope: { own: '本单位', children: '本单位及下级', all: '全部' },
  statusHint: '停用后，该角色的成员将失去此角色授予的权限',
  builtin: '内置',
  builtinTitle: '内置角色，不能删除或停用',
  builtinStatusHint: '内置角色不能停用（停用后将无人能管理平台）',
  sortHint: '正整数，越小越靠前',
}

export const en: Shape<typeof zh> = {
  title: 'Roles',
  description: "Your organisation's roles, their status and data scope",
  entity: 'role',
  field: {
    roleName: 'Role name',
    status: 'Status',
    dataScope: 'Data scope',
    memberCount: 'Members',
    organizationName: 'Organisation',
    sort: 'Sort',
    remark: 'Remark',
    updateTime: 'Updated',
    createTime: 'Created',
  },
  dataScope: { own: 'Own organisation', children: 'Own and subordinate', all: 'All' },
  statusHint: 'When stopped, its members lose the permissions this role grants',
  builtin: 'Built-in',
  builtinTitle: 'A built-in role: it cannot be deleted or stopped',
  builtinStatusHint: 'A built-in role cannot be stopped (nobody could administer the platform any more)',
  sortHint: 'A positive integer; smaller comes first',
}
