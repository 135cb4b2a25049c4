/**
 * A person as the outbox carries it (DESIGN §4): add / update / delete through user/*, and the
 * education, certificates, project experience and career resume saved after the person by their
 * addFullByUserId calls — one outbox entry per save of the form, replayed person first, then each
 * changed list. Lists show ID and cellphone numbers masked, local copies too.
 */
import { maskCellphone, maskIdCard } from '@/contract/masks'
import { PEOPLE_API } from '@/contract/endpoints'
import { dictionaryLabel } from '@/lib/dictionary'
import { t } from '@/lib/i18n'
import { crudEntity } from '@/lib/offline/entities'
import { peopleKeys } from './queries'

const SUB_LIST_PATHS = [
  { field: 'educations', path: PEOPLE_API.userEducation.addFullByUserId, parentKey: 'userId' },
  { field: 'certificates', path: PEOPLE_API.userCertificate.addFullByUserId, parentKey: 'userId' },
  { field: 'jobs', path: PEOPLE_API.userJob.addFullByUserId, parentKey: 'userId' },
  { field: 'projects', path: PEOPLE_API.userProject.addFullByUserId, parentKey: 'userId' },
] as const

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v))
const masked = (mask: (v: string | null) => string | null) => (v: unknown) => mask(text(v) || null) ?? ''

export const personOffline = crudEntity({
  entity: 'user',
  label: 'people.entity',
  idKey: 'userId',
  paths: { add: PEOPLE_API.user.add, update: PEOPLE_API.user.update, delete: PEOPLE_API.user.delete },
  subLists: SUB_LIST_PATHS,
  invalidates: [peopleKeys.persons(), peopleKeys.departments(), peopleKeys.audit()],
  titleOf: (d) => text(d.name),
  toLocal: (d) => ({
    ...d,
    idCard: maskIdCard((d.idCard as string | null | undefined) ?? null),
    cellphone: maskCellphone((d.cellphone as string | null | undefined) ?? null),
  }),
  fields: [
    { key: 'name', label: 'people.field.name' },
    { key: 'sex', label: 'people.field.sex', format: (v) => (v ? t(`people.sex.${v as 'male'}`) : '') },
    { key: 'idCard', label: 'people.field.idCard', format: masked(maskIdCard) },
    { key: 'birthDate', label: 'people.field.birthDate' },
    { key: 'cellphone', label: 'people.field.cellphone', format: masked(maskCellphone) },
    { key: 'email', label: 'people.field.email' },
    { key: 'post', label: 'people.field.post', format: (v) => (v ? dictionaryLabel('post', String(v)) : '') },
    { key: 'positionLevel', label: 'people.field.positionLevel', format: (v) => (v ? t(`people.positionLevel.${v as 'orgHead'}`) : '') },
    { key: 'sort', label: 'people.field.sort' },
    { key: 'avatarFileId', label: 'people.field.avatar' },
  ],
})
