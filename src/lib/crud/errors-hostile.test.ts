/**
 * The console shows the gateway's refusals of hostile input (DESIGN §3) like its own: a control
 * character in a text field and an integer beyond its column are the same keys on both sides,
 * rendered with the field's label in zh and en.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { loadBothLanguages } from '@/lib/i18n'
import { roleAdd } from '@/contract/schemas/role'
import { errorText, mapServerErrors } from './errors'

// these texts are read in both languages: the console loads a language's catalogues when it shows it
beforeAll(() => loadBothLanguages())

describe('control characters and integer bounds in forms', () => {
  it('renders the keys with the field label in zh and en', () => {
    expect(errorText('v.control', 'zh', '角色名称')).toBe('角色名称不能包含控制字符')
    expect(errorText('v.control', 'en', 'Role name')).toBe('Role name may not contain control characters')
    expect(errorText('v.tooLarge:2147483647', 'zh', '排序')).toBe('排序不能大于2147483647')
    expect(errorText('v.tooLarge:2147483647', 'en', 'Sort')).toBe('Sort may not be greater than 2147483647')
  })

  it("the form's schema refuses what the gateway refuses, and the gateway's answer maps onto the same fields", () => {
    const local = roleAdd.safeParse({ roleName: '项目\u0000经理', dataScope: 'own', sort: 2147483648 })
    expect(local.success).toBe(false)
    expect(local.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['roleName', 'v.control'],
      ['sort', 'v.tooLarge:2147483647'],
    ])
    const server = mapServerErrors(
      [
        { field: 'roleName', key: 'v.control', message: '不能包含控制字符' },
        { field: 'sort', key: 'v.tooLarge:2147483647', message: '不能大于2147483647' },
      ],
      (p) => p === 'roleName' || p === 'sort',
    )
    expect(server.fields).toEqual([
      { name: 'roleName', message: 'v.control' },
      { name: 'sort', message: 'v.tooLarge:2147483647' },
    ])
  })
})
