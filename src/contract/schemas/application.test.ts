/** A top-level menu's edit (issue 33): its form holds the missing parent as an empty control, which must save as the root. */
import { describe, expect, it } from 'vitest'
import { menuUpdate } from './application'

const menu = {
  applicationMenuId: '01a21678-c3c7-777b-b992-4dd0f69950b6',
  applicationId: '01a21678-c3c7-777b-b992-4dd0f69950b7',
  menuName: '菜单',
  menuNameEn: '',
  action: '',
  iconPath: '',
  sort: 1,
  functionList: [],
  version: 1,
}

describe('a menu’s parent', () => {
  it('is the root when the form leaves it empty', () => {
    const r = menuUpdate.safeParse({ ...menu, parentId: '' })
    expect(r.error?.issues ?? []).toEqual([])
    expect(r.data?.parentId).toBeNull()
  })
  it('is the root when null, and still must be an id when given', () => {
    expect(menuUpdate.safeParse({ ...menu, parentId: null }).data?.parentId).toBeNull()
    expect(menuUpdate.safeParse({ ...menu, parentId: 'x' }).success).toBe(false)
  })
})
