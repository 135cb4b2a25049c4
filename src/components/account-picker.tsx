/**
 * Accounts to add to something (a role's members, a workflow role's accounts): a button opening a
 * searchable checklist in a popover, with the count picked and one submit. The caller owns the
 * query (its keyword and whether the popover is open decide it) and the texts; the picks are kept
 * here and cleared when the popover closes or the submit succeeds. Each candidate is a labelled
 * checkbox (named by its account, name and unit), not an option holding a checkbox: axe's
 * nested-interactive rule.
 */
import { useState } from 'react'
import { UserPlus } from 'lucide-react'
import type { AccountStatus } from '@/contract'
import { useT } from '@/lib/i18n'
import { Badge } from './ui/badge'
import { Button } from './ui/button'
import { Checkbox } from './ui/checkbox'
import { Input } from './ui/input'
import { Popover, PopoverContent, PopoverTrigger } from './ui/popover'

export interface AccountCandidate {
  accountId: string
  accountName: string
  userName: string | null
  organizationName?: string | null
  /** Shown as a badge when it is not 'normal' (with `statusLabel`). */
  status?: string
}

export interface AccountPickerTexts {
  /** The button's label. */
  trigger: string
  title: string
  description: string
  search: string
  empty: string
  /** Said under a full list (`limit` candidates or more). */
  limitNote: string
  selected: (n: number) => string
  submit: string
}

/** Namespaces holding a members sheet's texts (`add`, `picker.title` … `picker.submit`), for `texts`. */
export type MembersTextsKey = 'roles.members' | 'workflow.roles.members'

function membersTexts(t: ReturnType<typeof useT>['t'], ns: MembersTextsKey): AccountPickerTexts {
  return {
    trigger: t(`${ns}.add`),
    title: t(`${ns}.picker.title`),
    description: t(`${ns}.picker.description`),
    search: t(`${ns}.picker.search`),
    empty: t(`${ns}.picker.empty`),
    limitNote: t(`${ns}.picker.limit`),
    selected: (n) => t(`${ns}.picker.selected`, { n }),
    submit: t(`${ns}.picker.submit`),
  }
}

export interface AccountPickerProps {
  /** The texts, or the namespace of a members sheet holding them (accounts' statuses then named as people's). */
  texts: AccountPickerTexts | MembersTextsKey
  open: boolean
  onOpenChange: (open: boolean) => void
  keyword: string
  onKeywordChange: (keyword: string) => void
  candidates: readonly AccountCandidate[] | undefined
  loading: boolean
  /** Adds the picked accounts; resolves when done (then the picks are cleared), rejects to keep them. */
  onAdd: (accountIds: string[]) => Promise<void>
  busy?: boolean
  statusLabel?: (status: string) => string
  /** How many candidates the gateway answers at most (the limit note shows at that count). */
  limit?: number
}

export function AccountPicker({
  texts: given,
  open,
  onOpenChange,
  keyword,
  onKeywordChange,
  candidates,
  loading,
  onAdd,
  busy,
  statusLabel: ownStatusLabel,
  limit = 50,
}: AccountPickerProps) {
  const { t } = useT()
  const texts = typeof given === 'string' ? membersTexts(t, given) : given
  const statusLabel =
    ownStatusLabel ?? (typeof given === 'string' ? (s: string) => t(`people.accountStatus.${s as AccountStatus}`) : undefined)
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set())
  const list = candidates ?? []

  async function submit() {
    await onAdd([...picked])
    setPicked(new Set())
  }

  const toggle = (id: string) =>
    setPicked((p) => {
      const next = new Set(p)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })

  return (
    <Popover
      open={open}
      onOpenChange={(o) => {
        onOpenChange(o)
        if (!o) setPicked(new Set())
      }}
    >
      <PopoverTrigger asChild>
        <Button className="h-10">
          <UserPlus aria-hidden />
          {texts.trigger}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-[26rem] max-w-[calc(100vw-2rem)] p-0">
        <div className="border-b p-3">
          <p className="text-sm font-medium">{texts.title}</p>
          <p className="text-xs text-muted-foreground">{texts.description}</p>
          <Input
            autoFocus
            className="mt-2 h-10"
            value={keyword}
            onChange={(e) => onKeywordChange(e.target.value)}
            placeholder={texts.search}
            aria-label={texts.search}
            maxLength={30}
          />
        </div>
        <ul className="max-h-72 overflow-auto py-1" aria-label={texts.title}>
          {loading && <li className="px-3 py-4 text-sm text-muted-foreground">{t('common.loading')}</li>}
          {!loading && list.length === 0 && <li className="px-3 py-4 text-sm text-muted-foreground">{texts.empty}</li>}
          {list.map((c) => {
            const on = picked.has(c.accountId)
            return (
              <li key={c.accountId}>
                <label className="flex min-h-11 cursor-pointer items-center gap-3 px-3 py-1.5 hover:bg-muted">
                  <Checkbox checked={on} onCheckedChange={() => toggle(c.accountId)} />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium">
                      {c.accountName}
                      {c.userName ? <span className="ml-2 font-normal text-muted-foreground">{c.userName}</span> : null}
                    </span>
                    <span className="block truncate text-xs text-muted-foreground">{c.organizationName || t('common.none')}</span>
                  </span>
                  {c.status && c.status !== 'normal' && statusLabel && <Badge variant="outline">{statusLabel(c.status)}</Badge>}
                </label>
              </li>
            )
          })}
          {list.length >= limit && <li className="px-3 py-2 text-xs text-muted-foreground">{texts.limitNote}</li>}
        </ul>
        <div className="flex items-center justify-between gap-2 border-t p-3">
          <span className="text-sm text-muted-foreground">{texts.selected(picked.size)}</span>
          <Button disabled={!picked.size || busy} onClick={() => void submit()}>
            {texts.submit}
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  )
}
