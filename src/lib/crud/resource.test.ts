import { describe, expect, it } from 'vitest'
import { resourcePaths } from '@/contract'
import { roleAdd, roleUpdate, type Role } from '@/contract/schemas/role'
import { defineResource, queryKeys } from './resource'
import { formatDateTime } from './format'

const roles = defineResource<Role>({
  key: 'role',
  paths: resourcePaths('role'),
  idKey: 'roleId',
  schemas: async () => ({ add: roleAdd, update: roleUpdate }),
})

describe('defineResource', () => {
  it('gives add forms the defaults and a new UUIDv7 the add schema accepts', () => {
    const v = roles.formValues(null, { status: 1 })
    expect(v.status).toBe(1)
    expect(String(v.roleId)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-/)
    expect(roleAdd.safeParse({ ...v, roleName: '项目经理' }).success).toBe(true)
  })

  it('gives edit forms the record with nulls as empty strings; the update schema keeps id and version', () => {
    const record = {
      roleId: '0190a5b2-6c1e-7d3a-9b4f-1a2b3c4d5e6f',
      roleName: '管理员',
      remark: null,
      status: 1,
      sort: 2,
      dataScope: 'all',
      version: 3,
    } as unknown as Role
    const v = roles.formValues(record)
    expect(v.remark).toBe('')
    const parsed = roleUpdate.parse(v)
    expect(parsed).toMatchObject({ roleId: record.roleId, version: 3, roleName: '管理员' })
    expect(roles.idOf(record)).toBe(record.roleId)
  })

  it('scopes query keys by resource', () => {
    expect(queryKeys.listPage(roles, { pageIndex: 1 })).toEqual(['role', 'listPage', { pageIndex: 1 }])
    expect(queryKeys.all(roles)).toEqual(['role'])
  })
})

describe('formatDateTime', () => {
  it('formats local time and tolerates empty values', () => {
    expect(formatDateTime(new Date(2025, 0, 2, 3, 4, 5))).toBe('2025-01-02 03:04')
    expect(formatDateTime(new Date(2025, 0, 2, 3, 4, 5), true)).toBe('2025-01-02 03:04:05')
    expect(formatDateTime(null)).toBe('')
    expect(formatDateTime('garbage')).toBe('')
  })
})
