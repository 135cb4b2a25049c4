/**
 * The `account` invitation (SPEC §2 "invite by QR code or link"): targetId is a unit. The invitee
 * opens /sign?token=…, chooses an account name and password and gives their name and cellphone;
 * the account is created pending review in that unit (with a pending staff record, so the user
 * audit sees it too), and an administrator approves or rejects it (generalAccount/audit).
 * Created by those with `invite` on /admin/organization, within their scope; single use, expiring
 * (the invite module). A unit at its account limit refuses the registration (20021).
 */
import { eq, sql } from 'drizzle-orm'
import { Code } from '../../../src/contract/codes'
import { newId } from '../../../src/contract/ids'
import { ACCOUNT_FNS, ACCOUNT_MENU, accountInviteForm } from '../../../src/contract/schemas/account'
import { account } from '../../db/schema'
import { findOrg, orgName } from '../org'
import { hashPassword } from '../../lib/crypto'
import { ApiError } from '../../lib/http'
import { normalizeName } from './queries'
import { registerInvitePurpose } from '../../lib/invitePurposes'
import { addRegistrationPerson } from './personPort'
import { ensureSeats, recordChanges } from './state'
import texts from './texts.json'

export function registerAccountInvite(): void {
  registerInvitePurpose('account', {
    perm: { menu: ACCOUNT_MENU.general, fn: ACCOUNT_FNS.general.invite },
    target: async (db, organizationId) => {
      const unit = await findOrg(db, organizationId)
      return unit && { organizationId: unit.organizationId }
    },
    load: async (db, organizationId) => {
      return { organizationName: await orgName(db, organizationId) }
    },
    schema: accountInviteForm,
    submit: async (tx, organizationId, data, invite) => {
      const [nameClash] = await tx
        .select({ id: account.accountId })
        .from(account)
        .where(eq(sql`lower(${account.accountName})`, normalizeName(data.accountName)))
      if (nameClash) throw new ApiError(Code.DUPLICATE, { field: 'accountName', value: data.accountName }, texts.invite.taken.name)
      const [phoneClash] = await tx.select({ id: account.accountId }).from(account).where(eq(account.cellphone, data.cellphone))
      if (phoneClash) throw new ApiError(Code.DUPLICATE, { field: 'cellphone', value: data.cellphone }, texts.invite.taken.phone)
      // The place is taken at approval; refuse already now when none is left.
      await ensureSeats(tx, organizationId, 1)
      const accountId = newId()
      const now = new Date()
      await tx.insert(account).values({
        accountId,
        accountName: data.accountName,
        userName: data.userName,
        cellphone: data.cellphone,
        email: data.email ?? null,
        level: 'general',
        status: 'pending',
        passwordHash: await hashPassword(data.password),
        organizationId,
        createTime: now,
        updateTime: now,
        createBy: invite.createBy ?? accountId,
        updateBy: accountId,
      })
      await addRegistrationPerson(tx, { accountId, userName: data.userName, cellphone: data.cellphone, email: data.email, organizationId })
      await recordChanges(
        tx,
        [{ accountId, accountName: data.accountName, field: 'created', toValue: 'pending', remark: 'invite' }],
        { accountId: null, accountName: data.accountName },
        now,
      )
    },
    fields: [
      { name: 'accountName', label: { zh: '账号', en: 'Account name' }, required: true, maxLength: 20 },
      { name: 'password', label: { zh: '密码', en: 'Password' }, kind: 'password', required: true, maxLength: 20 },
      { name: 'confirmPassword', label: { zh: '确认密码', en: 'Confirm password' }, kind: 'password', required: true, maxLength: 20 },
      { name: 'userName', label: { zh: '姓名', en: 'Name' }, required: true, maxLength: 30 },
      { name: 'cellphone', label: { zh: '手机号', en: 'Cellphone' }, required: true, maxLength: 11 },
      { name: 'email', label: { zh: '邮箱', en: 'Email' }, maxLength: 100 },
    ],
  })
}
