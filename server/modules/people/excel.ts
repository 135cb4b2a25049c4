/**
 * Staff import and export (Excel) through the file service's registerImportExport: rows are
 * validated with the contract's `userImportRow`, the organisation and department are looked up by
 * name within the importer's data scope, and each row is written by the staff resource's own add
 * path (so ID-number checks, duplicates and scope apply exactly as for `user/add`). A bad row fails
 * alone and comes back in the report. Exports show ID and cellphone numbers masked, as lists do.
 */
import type { FastifyInstance } from 'fastify'
import { and, eq } from 'drizzle-orm'
import { Code } from '../../../src/contract/codes'
import {
  POSITION_LEVELS,
  POSTS,
  SEXES,
  userAdd,
  userImportRow,
  userImportTarget,
  userListQuery,
  userUpdate,
} from '../../../src/contract/schemas/people'
import { en as peopleEn, zh as peopleZh } from '../../../src/lib/i18n/locales/people'
import type { Ctx } from '../../context'
import { department } from '../../db/schema'
import { orgIdByName } from '../org'
import { localeValues, type ExcelColumn } from '../../lib/excel'
import { ApiError } from '../../lib/http'
import { scopeOrgIds } from '../../lib/permissions'
import { registerImportExport } from '../files'
import { ORG_MENU } from '../../lib/orgScope'
import type { ResourceHandle } from '../../lib/resource'
import { maskPeople } from './user'

export const USER_COLUMNS: ExcelColumn[] = [
  {
    field: 'name',
    title: { zh: '姓名', en: 'Name' },
    required: true,
    width: 12,
    hint: { zh: '最多 30 个字符', en: 'At most 30 characters' },
  },
  { field: 'sex', title: { zh: '性别', en: 'Sex' }, required: true, width: 8, values: localeValues(SEXES, peopleZh.sex, peopleEn.sex) },
  {
    field: 'idCard',
    title: { zh: '身份证号码', en: 'ID number' },
    required: true,
    width: 22,
    hint: { zh: '18 位，校验位须正确；不能与已登记人员重复', en: '18 characters with a correct check character; not registered already' },
  },
  {
    field: 'birthDate',
    title: { zh: '出生日期', en: 'Birth date' },
    width: 12,
    hint: { zh: 'YYYY-MM-DD；不填则取身份证号码中的日期', en: 'YYYY-MM-DD; empty: the date in the ID number' },
  },
  { field: 'cellphone', title: { zh: '手机号码', en: 'Cellphone' }, required: true, width: 14 },
  { field: 'email', title: { zh: '邮箱', en: 'Email' }, width: 24 },
  {
    field: 'organizationName',
    title: { zh: '单位', en: 'Organisation' },
    width: 28,
    hint: {
      zh: '单位全称；不填则导入到开始导入的单位（从首页等处导入时为导入人所在单位）',
      en: 'Full name; empty: the organisation the import was started from (or your own)',
    },
  },
  {
    field: 'departmentName',
    title: { zh: '部门', en: 'Department' },
    width: 16,
    hint: { zh: '该单位下的部门名称；不填则直属单位', en: 'A department of that organisation; empty: directly under it' },
  },
  { field: 'post', title: { zh: '岗位', en: 'Post' }, width: 12, values: localeValues(POSTS, peopleZh.post, peopleEn.post) },
  {
    field: 'positionLevel',
    title: { zh: '职级', en: 'Position level' },
    width: 12,
    values: localeValues(POSITION_LEVELS, peopleZh.positionLevel, peopleEn.positionLevel),
  },
  { field: 'accountName', title: { zh: '账号', en: 'Account' }, width: 14, exportOnly: true },
  {
    field: 'status',
    title: { zh: '状态', en: 'Status' },
    width: 8,
    exportOnly: true,
    values: localeValues(['active', 'archived'], peopleZh.personStatus, peopleEn.personStatus),
  },
]

const NO_ORG = { zh: '单位不存在或无权导入', en: 'No such organisation, or not yours to import into' }
const NO_DEPT = { zh: '该单位下没有这个部门', en: 'The organisation has no such department' }

export function registerPeopleImportExport(
  app: FastifyInstance,
  ctx: Ctx,
  people: ResourceHandle<typeof userAdd, typeof userUpdate, typeof userListQuery>,
): void {
  registerImportExport(app, ctx, {
    name: 'user',
    menu: ORG_MENU,
    columns: USER_COLUMNS,
    example: {
      name: '王志强',
      sex: 'male',
      idCard: '11010519491231002X',
      birthDate: '1949-12-31',
      cellphone: '13912345678',
      email: 'wangzhiqiang@example.cn',
      departmentName: '工程部',
      post: 'engineering',
      positionLevel: 'staff',
    },
    fileName: { zh: '人员', en: 'staff' },
    import: {
      schema: userImportRow,
      target: userImportTarget,
      row: async (w, data, _source, target) => {
        const { organizationName, departmentName, ...fields } = data
        const visible = await scopeOrgIds(ctx, w.auth.account, w.auth.grant?.scope ?? 'own', w.tx)
        // an empty 单位 means the unit the import was started from (else the importer's own)
        const organizationId = organizationName
          ? await orgIdByName(w.tx, organizationName)
          : (target.organizationId ?? w.auth.account.organizationId)
        if (!organizationId || (visible !== null && !visible.includes(organizationId)))
          throw new ApiError(Code.NOT_FOUND, { field: 'organizationName' }, NO_ORG)
        let departmentId: string | undefined
        if (departmentName) {
          const [d] = await w.tx
            .select({ id: department.departmentId })
            .from(department)
            .where(and(eq(department.organizationId, organizationId), eq(department.departmentName, departmentName)))
            .orderBy(department.parentId)
          if (!d) throw new ApiError(Code.NOT_FOUND, { field: 'departmentName' }, NO_DEPT)
          departmentId = d.id
        } else if (!organizationName && target.departmentId) {
          // started from a department: a row naming neither unit nor department goes into it
          const [d] = await w.tx
            .select({ id: department.departmentId })
            .from(department)
            .where(and(eq(department.organizationId, organizationId), eq(department.departmentId, target.departmentId)))
          if (!d) throw new ApiError(Code.NOT_FOUND, { field: 'departmentName' }, NO_DEPT)
          departmentId = d.id
        }
        return people.insert(w, { ...fields, organizationId, departmentId })
      },
    },
    export: {
      query: userListQuery,
      sortable: Object.keys(people.def.sortable),
      rows: async (auth, q, limit) => maskPeople(await people.list(auth, q, limit)),
    },
  })
}
