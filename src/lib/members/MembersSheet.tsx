/**
 * A role's members in a sheet, the parts a role's (features/roles) and a workflow role's
 * (features/workflow/roles) share: the sheet titled by the role, and the removal of members after a
 * confirmation naming them (a row's 移除 or the selected ones). The texts are the members namespace of each (`MembersTextsKey`).
 */
import type { ReactNode } from 'react'
import { Sheet } from '@/components/ui/sheet'
import { UserMinus } from 'lucide-react'
import { confirm, RowAction } from '@/lib/crud'
import { useT } from '@/lib/i18n'
import { toast } from '@/lib/toast'
import type { MembersTextsKey } from './AccountPicker'

interface Role {
  roleName: string
}

interface Member {
  accountId: string
  accountName: string
  userName: string | null
}

export interface MembersSheetProps<R extends Role> {
  role: R | null
  open: boolean
  onOpenChange: (open: boolean) => void
}

/** The sheet; its body is made while it is open with a role. */
export function MembersSheet<R extends Role>({
  texts,
  role,
  open,
  onOpenChange,
  children,
}: MembersSheetProps<R> & { texts: MembersTextsKey; children: (role: R) => ReactNode }) {
  const { t } = useT()
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={t(`${texts}.title`, { role: role?.roleName ?? '' })}
      description={t(`${texts}.description`)}
    >
      {open && role && children(role)}
    </Sheet>
  )
}

/**
 * Removes members after a confirmation naming them, then says how many (`removeMembers` answers whether
 * they were removed); `rowAction` is a member row's 移除. `busy`: a removal is under way.
 */
export function useRemoveMembers(texts: MembersTextsKey, role: Role, remove: (accountIds: string[]) => Promise<unknown>, busy: boolean) {
  const { t } = useT()
  async function removeMembers(list: Member[]): Promise<boolean> {
    const names = list.map((m) => m.userName || m.accountName).join('、')
    const ok = await confirm({
      title: t(`${texts}.removeTitle`),
      description: t(`${texts}.removeConfirm`, { names, role: role.roleName }),
      destructive: true,
      confirmText: t(`${texts}.remove`),
    })
    if (!ok) return false
    await remove(list.map((m) => m.accountId))
    toast.success(t(`${texts}.removed`, { n: list.length }))
    return true
  }
  const rowAction = (m: Member) => (
    <RowAction
      icon={<UserMinus aria-hidden />}
      label={t(`${texts}.remove`)}
      tone="destructive"
      disabled={busy}
      onClick={() => void removeMembers([m])}
    />
  )
  return { removeMembers, rowAction }
}
