/**
 * The built-in `contact` invitation: the holder of an account fills in their own name, cellphone
 * and email (target: accountId; created by whoever may invite on /admin/organization, within scope).
 */
import { Code } from '../../../src/contract/codes'
import { contactForm } from '../../../src/contract/schemas/invite'
import { accountContact, accountUnit, cellphoneInUse, setAccountContact } from '../account'
import { ApiError } from '../../lib/http'
import { registerInvitePurpose } from '../../lib/invitePurposes'
import texts from './texts.json'

export function registerContactPurpose(): void {
  registerInvitePurpose('contact', {
    perm: { menu: '/admin/organization', fn: 'invite' },
    target: async (db, accountId) => {
      return accountUnit(db, accountId)
    },
    load: async (db, accountId) => {
      return (await accountContact(db, accountId)) ?? {}
    },
    schema: contactForm,
    submit: async (tx, accountId, data) => {
      if (await cellphoneInUse(tx, data.cellphone, accountId))
        throw new ApiError(Code.DUPLICATE, { field: 'cellphone', value: data.cellphone }, texts.contact.phoneTaken)
      await setAccountContact(tx, accountId, { userName: data.userName, cellphone: data.cellphone, email: data.email ?? null }, new Date())
    },
    fields: [
      { name: 'userName', label: { zh: '姓名', en: 'Name' }, required: true, maxLength: 30 },
      { name: 'cellphone', label: { zh: '手机号', en: 'Cellphone' }, required: true, maxLength: 11 },
      { name: 'email', label: { zh: '邮箱', en: 'Email' }, maxLength: 100 },
    ],
  })
}
