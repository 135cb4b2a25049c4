/**
 * Staff import and export (Excel) through the file service's registerImportExport: rows are
 * validated with the contract's `userImportRow`, the organisation and department are looked up by
 * name within the importer's data scope, and each row is written by the staff resource's own add
 * path (so ID-number checks, duplicates and scope apply exactly as for `user/add`). A bad row fails
 * alone and comes back in the report. Exports show ID and cellphone numbers masked, as lists do. The
 * post is an item of the data dictionary key `post`: named by its code or its zh or en name in the
 * sheet, exported by its name in the request's language.
 */
import type { FastifyInstance } from 'fastify'
import { and, eq } from 'drizzle-orm'
import { Code } from '../../../src/contract/codes'
import { excelColumns } from '../../../src/contract/fields'
import { PERSON_FIELDS } from '../../../src/contract/fields/people'
import { userAdd, userImportRow, userImportTarget, userListQuery, userUpdate } from '../../../src/contract/schemas/people'
import * as peopleTexts from '../../../src/lib/i18n/locales/people'
import type { Ctx } from '../../context'
import { department } from '../../db/schema'
import { orgIdByName } from '../org'
import { columnsBefore, localeValues, type ExcelColumn } from '../../lib/excel'
import { localeTexts } from '../../lib/fields'
import { ApiError } from '../../lib/http'
import { scopeOrgIds } from '../../lib/permissions'
import { registerImportExport } from '../files'
import { ORG_MENU } from '../../lib/orgScope'
import type { ResourceHandle } from '../../lib/resource'
import { maskPeople } from './user'
import { postNames, postResolver } from './posts'
import texts from './texts.json'

const text = localeTexts({ people: peopleTexts })

/** The post's cell of an exported row: its name in the request's language (the export's rows add them), else its code. */
const POST_NAME = 'postName'

/**
 * The person's declared fields (the ID and cellphone numbers titled as the templates always had them),
 * the organisation and department by name before the post, and what an export adds.
 */
export const USER_COLUMNS: ExcelColumn[] = [
  ...columnsBefore(
    excelColumns(PERSON_FIELDS, text, {
      idCard: {
        field: 'idCard',
        title: { zh: '身份证号码', en: 'ID number' },
        required: true,
        width: 22,
        hint: {
          zh: '18 位，校验位须正确；不能与已登记人员重复',
          en: '18 characters with a correct check character; not registered already',
        },
      },
      cellphone: { field: 'cellphone', title: { zh: '手机号码', en: 'Cellphone' }, required: true, width: 14 },
    }),
    'post',
    [
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
    ],
  ).map((c): ExcelColumn =>
    c.field === 'post' ? { ...c, format: (v, rec, lang) => (rec[POST_NAME] as Record<string, string> | undefined)?.[lang] ?? v } : c,
  ),
  { field: 'accountName', title: text('people.field.accountName'), width: 14, exportOnly: true },
  {
    field: 'status',
    title: text('people.field.status'),
    width: 8,
    exportOnly: true,
    values: localeValues(['active', 'archived'], peopleTexts.zh.personStatus, peopleTexts.en.personStatus),
  },
]

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
          throw new ApiError(Code.NOT_FOUND, { field: 'organizationName' }, texts.excel.noOrg)
        let departmentId: string | undefined
        if (departmentName) {
          const [d] = await w.tx
            .select({ id: department.departmentId })
            .from(department)
            .where(and(eq(department.organizationId, organizationId), eq(department.departmentName, departmentName)))
            .orderBy(department.parentId)
          if (!d) throw new ApiError(Code.NOT_FOUND, { field: 'departmentName' }, texts.excel.noDept)
          departmentId = d.id
        } else if (!organizationName && target.departmentId) {
          // started from a department: a row naming neither unit nor department goes into it
          const [d] = await w.tx
            .select({ id: department.departmentId })
            .from(department)
            .where(and(eq(department.organizationId, organizationId), eq(department.departmentId, target.departmentId)))
          if (!d) throw new ApiError(Code.NOT_FOUND, { field: 'departmentName' }, texts.excel.noDept)
          departmentId = d.id
        }
        // a post named by its name is stored as its code (one that is no enabled post is refused by the add)
        const post = fields.post ? ((await postResolver(w.tx))(fields.post) ?? fields.post) : undefined
        return people.insert(w, { ...fields, post, organizationId, departmentId })
      },
    },
    export: {
      query: userListQuery,
      sortable: Object.keys(people.def.sortable),
      rows: async (auth, q, limit) => {
        const names = await postNames(ctx.db)
        return maskPeople(await people.list(auth, q, limit)).map((r) => ({ ...r, [POST_NAME]: names.get(String(r.post)) }))
      },
    },
  })
}
