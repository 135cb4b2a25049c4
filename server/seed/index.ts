/**
 * First-start data, idempotent (skipped when the console application exists): the console
 * application and its menus, and either the demo world (embedded database) or, on a real
 * PostgreSQL server, only the admin account with the system administrator role; on both, the
 * message settings of every business event (seed/messageSettings.ts).
 * Later starts keep the console's menus in line with MENU_TREE through menuSync.ts.
 */
import { eq } from 'drizzle-orm'
import { newId } from '../../src/contract/ids'
import type { Config } from '../config'
import { hashPassword } from '../lib/crypto'
import type { Db } from '../db/client'
import * as t from '../db/schema'
import { deptTree } from '../modules/department'
import { orgTree } from '../modules/org'
import { seedAccountDemo } from './account'
import { seedOrgDemo } from './org'
import { seedPeopleDemo } from './people'
import { seedProjectDemo } from './project'
import { projectDeptTree } from '../modules/project'
import { seedProjectStructureDemo } from './projectStructure'
import { seedTerminalDemo } from './terminal'
import { seedMessageDemo } from './messages'
import { seedMessageSettings } from './messageSettings'
import type { MsgReceiver } from '../../src/contract/schemas/message'
import { seedWorkSiteDemo } from './workSite'
import { seedDictionaryDemo } from './dictionary'
import { seedAttributesDemo } from './attributes'
import { seedTabulationDemo } from './tabulation'
import { ACCOUNTS, MENU_TREE, ORGS, ORG_TYPES, ROLES, type SeedFunction, type SeedRole } from '../db/seed-data'
import { SEED_STAMP, organizationRow } from './rows'

const withSlash = (a: string) => (a.startsWith('/') ? a : `/${a}`)

export async function seed(db: Db, config: Config, demo: boolean): Promise<'seeded' | 'present'> {
  const [present] = await db.select({ id: t.application.applicationId }).from(t.application).where(eq(t.application.code, config.appCode))
  if (present) return 'present'

  const accounts = demo
    ? ACCOUNTS
    : [
        {
          name: 'admin',
          userName: '系统管理员',
          cellphone: null,
          email: null,
          level: 'general' as const,
          org: null,
          roles: ['sysadmin'] as const,
          validDays: undefined,
        },
      ]
  // Hash before the transaction (each hash takes a while on purpose).
  const hashes: string[] = []
  for (const _a of accounts) hashes.push(await hashPassword(demo ? config.demoPassword : (config.adminPassword ?? '')))

  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db

    // ---- the console application and its menus
    const applicationId = newId()
    await tx.insert(t.application).values({
      applicationId,
      name: '工程协同管理平台',
      shortName: '协同平台',
      code: config.appCode,
      type: 'platform',
      url: null,
      sort: 1,
      principal: '王建国',
      principalPhone: '13800138000',
      industry: '铁路工程',
      major: '综合',
      remark: '本平台的管理控制台',
      ...SEED_STAMP,
    })
    const menus: { id: string; parentId: string | null; action: string | null }[] = []
    const functions: { id: string; menuId: string; action: string }[] = []
    const menuRows: (typeof t.applicationMenu.$inferInsert)[] = []
    const fnRows: (typeof t.applicationMenuFunction.$inferInsert)[] = []
    const addFunctions = (menuId: string, fns: SeedFunction[] = []) =>
      fns.forEach((fn, fi) => {
        const fnId = newId()
        functions.push({ id: fnId, menuId, action: fn.action })
        fnRows.push({
          applicationMenuFunctionId: fnId,
          applicationMenuId: menuId,
          functionName: fn.name,
          functionAction: fn.action,
          sort: fi + 1,
          ...SEED_STAMP,
        })
      })
    MENU_TREE.forEach((group, gi) => {
      const groupId = newId()
      menus.push({ id: groupId, parentId: null, action: group.action ?? null })
      menuRows.push({
        applicationMenuId: groupId,
        applicationId,
        parentId: null,
        menuName: group.name,
        menuNameEn: group.nameEn,
        action: group.action ?? null,
        iconPath: group.icon,
        sort: gi + 1,
        ...SEED_STAMP,
      })
      addFunctions(groupId, group.fns)
      group.pages.forEach((page, pi) => {
        const pageId = newId()
        menus.push({ id: pageId, parentId: groupId, action: page.action })
        menuRows.push({
          applicationMenuId: pageId,
          applicationId,
          parentId: groupId,
          menuName: page.name,
          menuNameEn: page.nameEn,
          action: page.action,
          iconPath: page.icon,
          sort: pi + 1,
          ...SEED_STAMP,
        })
        addFunctions(pageId, page.fns)
      })
    })
    await tx.insert(t.applicationMenu).values(menuRows)
    await tx.insert(t.applicationMenuFunction).values(fnRows)

    // ---- organisations
    const orgIds = new Map<string, string>()
    // Unit types are a dictionary (no call adds them): seeded on every installation.
    const typeIds = new Map<string, string>()
    for (const [i, ty] of ORG_TYPES.entries()) {
      const id = newId()
      typeIds.set(ty.code, id)
      await tx
        .insert(t.organizationType)
        .values({ organizationTypeId: id, typeName: ty.name, typeCode: ty.code, sort: i + 1, ...SEED_STAMP })
    }
    if (demo) {
      for (const [i, o] of ORGS.entries()) {
        const id = newId()
        orgIds.set(o.key, id)
        await tx.insert(t.organization).values(
          organizationRow(
            o,
            {
              organizationId: id,
              parentId: o.parent ? (orgIds.get(o.parent) ?? null) : null,
              organizationTypeId: typeIds.get(o.type) ?? null,
            },
            i + 1,
          ),
        )
      }
    }

    // ---- roles and their grants
    const roleIds = new Map<string, string>()
    const roles: SeedRole[] = demo ? ROLES : ROLES.filter((r) => r.key === 'sysadmin')
    for (const r of roles) {
      const roleId = newId()
      roleIds.set(r.key, roleId)
      await tx.insert(t.role).values({
        roleId,
        organizationId: demo && r.org ? (orgIds.get(r.org) ?? null) : null,
        roleName: r.name,
        remark: r.remark,
        status: 1,
        sort: r.sort,
        dataScope: r.scope,
        builtin: r.key === 'sysadmin' ? 'sysadmin' : null,
        ...SEED_STAMP,
      })
      const granted = new Set<string>()
      for (const m of menus) {
        if (r.menus === 'all' || (m.action && (r.menus as readonly string[]).includes(withSlash(m.action)))) {
          granted.add(m.id)
          if (m.parentId) granted.add(m.parentId)
        }
      }
      if (granted.size) await tx.insert(t.roleMenu).values([...granted].map((applicationMenuId) => ({ roleId, applicationMenuId })))
      const fnIds =
        r.fns === 'none'
          ? []
          : functions
              .filter((fn) => granted.has(fn.menuId) && (r.fns === 'all' || (r.fns as readonly string[]).includes(fn.action)))
              .map((fn) => fn.id)
      if (fnIds.length)
        await tx.insert(t.roleMenuFunction).values(fnIds.map((applicationMenuFunctionId) => ({ roleId, applicationMenuFunctionId })))
    }

    // ---- accounts
    for (const [i, a] of accounts.entries()) {
      const accountId = newId()
      await tx.insert(t.account).values({
        accountId,
        accountName: a.name,
        userName: a.userName,
        cellphone: a.cellphone,
        email: a.email,
        level: a.level,
        status: 'normal',
        passwordHash: hashes[i]!,
        validUntil: a.validDays ? new Date(Date.now() + a.validDays * 86400_000) : null,
        organizationId: a.org ? (orgIds.get(a.org) ?? null) : null,
        ...SEED_STAMP,
      })
      for (const key of a.roles) {
        const roleId = roleIds.get(key)
        if (roleId) await tx.insert(t.accountRole).values({ accountId, roleId })
      }
    }
    if (demo) await seedOrgDemo(tx, orgIds)
    if (demo) await seedPeopleDemo(tx, orgIds)
    if (demo) await seedAccountDemo(tx, orgIds, hashes[0]!)
    if (demo) await seedProjectDemo(tx, orgIds)
    // the railway project's containers, design units and unit engineering (after the projects)
    if (demo) await seedProjectStructureDemo(tx)
    if (demo) await seedWorkSiteDemo(tx)
    if (demo) await seedTerminalDemo(tx, orgIds)
    const messageReceivers = demo ? await seedMessageDemo(tx, orgIds, hashes[0]!) : {}
    // ---- message settings: every business event tells the system administrators (the demo: and its groups)
    const sysadminRole = roles.find((r) => r.key === 'sysadmin')
    const admins: MsgReceiver[] = sysadminRole ? [{ type: 'role', id: roleIds.get('sysadmin')!, name: sysadminRole.name }] : []
    await seedMessageSettings(tx, demo ? (orgIds.get('owner') ?? null) : null, (event) => messageReceivers[event] ?? admins)
    if (demo) await seedDictionaryDemo(tx)
    if (demo) await seedAttributesDemo(tx)
    if (demo) await seedTabulationDemo(tx, roleIds)
    // the rows above were written with their parent ids only: the trees' paths from those, in one statement each
    await orgTree.rebuildPaths(tx)
    await deptTree.rebuildPaths(tx)
    await projectDeptTree.rebuildPaths(tx)
  })
  return 'seeded'
}
