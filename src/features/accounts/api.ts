/** Account calls besides the list machinery: state changes, passwords, periods, history, grantable roles. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from '@/lib/toast'
import { ACCOUNT_API, type Account } from '@/contract/schemas/account'
import { orgSearchOptionsQueryOptions } from '@/features/organization/queries'
import { projectDepartmentOptionsQueryOptions } from '@/features/projects/queries'
import { roleOptionsQueryOptions } from '@/features/roles/queries'
import { invalidateResource } from '@/lib/crud'
import { http } from '@/lib/http'
import { submitEdit } from '@/lib/offline'
import { t, type TKey } from '@/lib/i18n'
import { accountHistoryQueryOptions, accountKeys, type AccountKind } from './queries'
import { accountResource } from './resource'

export type AccountCall =
  'enable' | 'unlock' | 'audit' | 'resetPwd' | 'updateValidPeriod' | 'updatePwdValidPeriod' | 'updateProjectDept' | 'enablePhoneLogin'

function pathOf(kind: AccountKind, call: AccountCall): string {
  const api = ACCOUNT_API[kind] as Record<string, string>
  return api[call] ?? (ACCOUNT_API.general as Record<string, string>)[call]!
}

/** One mutation for every state call; refreshes both account lists (and unit account counts). */
export function useAccountCall(kind: AccountKind) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async ({
      call,
      body,
      rows,
    }: {
      call: AccountCall
      body: Record<string, unknown>
      done?: TKey
      rows?: Account[]
    }): Promise<{ queued: boolean }> => {
      const offline = accountResource(kind).offline
      if (call !== 'enable' || !offline) {
        await http.post<unknown>(pathOf(kind, call), body)
        return { queued: false }
      }
      // enable / stop works offline: one outbox entry per account (sent at once when reachable),
      // based on the account as the list showed it — an edit queued after it is rebased onto the
      // version the gateway answers for it
      let queued = false
      for (const id of body.ids as string[]) {
        const row = rows?.find((r) => r.accountId === id) ?? null
        const r = await submitEdit({
          entity: offline.entity.entity,
          entityId: id,
          op: 'enable',
          payload: { enable: body.enable === true },
          baseVersion: row?.version ?? null,
          base: row as Record<string, unknown> | null,
        })
        queued ||= r.queued
      }
      return { queued }
    },
    onSuccess: async (r, v) => {
      if (r.queued) toast.info(t('sync.queued'))
      else if (v.done) toast.success(t(v.done))
      await invalidateResource(qc, accountResource(kind))
      await qc.invalidateQueries({ queryKey: accountKeys.histories() })
    },
    // enable / stop goes to the outbox offline (never paused by navigator.onLine)
    networkMode: 'always',
  })
}

export function useAccountHistory(kind: AccountKind, accountId: string | null, pageIndex: number, pageSize = 10) {
  return useQuery({ ...accountHistoryQueryOptions(kind, accountId, pageIndex, pageSize), enabled: !!accountId })
}

/** Roles the caller sees (the gateway still refuses those beyond the caller's own grants). */
export function useRoleOptions(enabled: boolean) {
  return useQuery({ ...roleOptionsQueryOptions(), enabled })
}

/** Departments of the caller's projects, for a registered account's 项目部门 ("project / organisation / department"). */
export function useProjectDeptOptions(enabled: boolean) {
  const q = useQuery({ ...projectDepartmentOptionsQueryOptions(), enabled })
  return (q.data ?? []).map((d) => ({
    value: d.projectDepartmentId,
    label: [d.projectName, d.projectOrganizationName, ...d.pathNames, d.departmentName].join(' / '),
  }))
}

/** Units the caller sees, for the unit field of the account form: found by name, short name or credit code, under their type. */
export function useUnitOptions(enabled: boolean) {
  return useQuery({ ...orgSearchOptionsQueryOptions(), enabled })
}

/** A random password of SPEC §5 (letters, digits and a special character), never equal to the account name. */
export function generatePassword(accountName: string): string {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789', '@#$%&*!?']
  const all = sets.join('')
  const pick = (chars: string) => chars[crypto.getRandomValues(new Uint32Array(1))[0]! % chars.length]!
  for (;;) {
    const chars = [...sets.map(pick), ...Array.from({ length: 8 }, () => pick(all))]
    for (let i = chars.length - 1; i > 0; i--) {
      const j = crypto.getRandomValues(new Uint32Array(1))[0]! % (i + 1)
      ;[chars[i], chars[j]] = [chars[j]!, chars[i]!]
    }
    const pw = chars.join('')
    if (pw.toLowerCase() !== accountName.toLowerCase()) return pw
  }
}
