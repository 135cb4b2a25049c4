/** Shared by the terminal and log API tests: an administrator of one unit holding some menus (data scope: the unit and below). */
import { expect } from 'vitest'
import { Client } from './client'
import type { Target } from './global-setup'
import { PASSWORD, mustAdd, newUnit } from './accounts-fixtures'
import { addMembers, addRole, byAction, saveMenus, tree } from './roles-fixtures'

export async function unitAdmin(
  t: Target,
  admin: Client,
  grants: { menu: string; fns: string[] }[],
): Promise<{ client: Client; accountName: string; organizationId: string; roleId: string }> {
  const organizationId = await newUnit(admin, '日志测试单位')
  const role = await addRole(admin, '单位管理', 'children')
  const tr = await tree(admin, role.roleId)
  const menus = grants.map((g) => byAction(tr, g.menu))
  const functionIds = grants.flatMap((g, i) =>
    g.fns.map((f) => {
      const fn = menus[i]!.functions.find((x) => x.functionAction === f)
      if (!fn) throw new Error(`no function ${f} on ${g.menu}`)
      return fn.applicationMenuFunctionId
    }),
  )
  const saved = await saveMenus(
    admin,
    role.roleId,
    tr.applicationId,
    menus.map((m) => m.applicationMenuId),
    functionIds,
  )
  expect(saved.body.code, saved.text).toBe(10000)
  const acc = await mustAdd(admin, organizationId)
  const added = await addMembers(admin, role.roleId, [acc.accountId])
  expect(added.body.code, added.text).toBe(10000)
  const client = await new Client(t.url).signIn(acc.accountName, PASSWORD)
  return { client, accountName: acc.accountName, organizationId, roleId: role.roleId }
}
