/** Shared pieces of the department / people / audit API tests: paths, valid ID numbers, an organisation to work in. */
import type { Client } from './client'
import { uniqueName } from './helpers'
import { idCardCheckChar } from '../../src/contract/rules'

export const A = '/api/admin/v1'
export const DEPT = `${A}/department`
export const USER = `${A}/user`
export const AUDIT = `${A}/userAudit`

export interface Page<T> {
  records: T[]
  total: number
}
export interface PersonRow {
  userId: string
  organizationId: string | null
  organizationName: string | null
  departmentId: string | null
  departmentName: string | null
  name: string
  sex: string | null
  idCard: string | null
  birthDate: string | null
  cellphone: string | null
  email: string | null
  avatarFileId: string | null
  avatarUrl: string | null
  status: string
  auditStatus: string
  auditReason: string | null
  accountId: string | null
  accountName: string | null
  accountStatus: string | null
  roleNames: string[]
  version: number
}
export interface TreeNode {
  id: string
  name: string
  category: number
  type: string
  parentId: string | null
  organizationId: string
  headCount: number
  children?: TreeNode[]
}

let serial = Math.floor(Math.random() * 900)

/** A valid, fresh ID number (GB 11643) born on `birth` (YYYY-MM-DD). */
export function idCard(
  birth = `19${70 + Math.floor(Math.random() * 29)}-0${1 + Math.floor(Math.random() * 9)}-1${Math.floor(Math.random() * 9)}`,
): string {
  serial = (serial + 7) % 1000
  const region = String(110000 + Math.floor(Math.random() * 89999)).slice(0, 6)
  const first17 = `${region}${birth.replaceAll('-', '')}${String(serial).padStart(3, '0')}`
  return first17 + idCardCheckChar(first17)
}
/** The same number with a wrong check character. */
export const badChecksum = (id: string) => id.slice(0, 17) + (id[17] === '0' ? '1' : '0')

export const phone = () => `13${Math.floor(Math.random() * 10)}${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`

/** An organisation to work in: the admin's own on the demo database, else a new one (ORG's org/add). */
export async function workOrg(admin: Client): Promise<string> {
  const me = await admin.call<{ organizationId: string | null }>('GET', '/api/portal/v1/user/info')
  if (me.body.data.organizationId) return me.body.data.organizationId
  const types = await admin.call<{ organizationTypeId: string }[]>('GET', `${A}/orgType/list`)
  const added = await admin.call<{ organizationId: string }>('POST', `${A}/org/add`, {
    json: { organizationName: uniqueName('测试建设单位'), organizationTypeId: types.body.data[0]!.organizationTypeId },
  })
  if (added.body.code !== 10000) throw new Error(`org/add: ${JSON.stringify(added.body)}`)
  return added.body.data.organizationId
}

export async function addDept(
  c: Client,
  organizationId: string,
  departmentName = uniqueName('工程部'),
  extra: Record<string, unknown> = {},
) {
  return c.call<TreeNode>('POST', `${DEPT}/addByOrgId`, { json: { organizationId, departmentName, type: 'department', ...extra } })
}

export function personBody(organizationId: string, extra: Record<string, unknown> = {}) {
  return {
    organizationId,
    name: uniqueName('赵').slice(0, 12),
    sex: 'male',
    idCard: idCard(),
    cellphone: phone(),
    post: 'engineering',
    positionLevel: 'staff',
    ...extra,
  }
}

export async function addPerson(c: Client, organizationId: string, extra: Record<string, unknown> = {}) {
  return c.call<PersonRow>('POST', `${USER}/add`, { json: personBody(organizationId, extra) })
}

/** Depth-first search of a tree. */
export function findNode(nodes: TreeNode[], id: string): TreeNode | null {
  for (const n of nodes) {
    if (n.id === id) return n
    const inner = findNode(n.children ?? [], id)
    if (inner) return inner
  }
  return null
}
