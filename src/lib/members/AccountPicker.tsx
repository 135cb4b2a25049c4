/**
 * Accounts to add to a role (a role's members, a workflow role's accounts): a button opening a
 * searchable checklist in a popover, with the count picked and one submit. The keyword, the popover
 * and the picks are kept here; the caller gives the candidates' query for a keyword (asked while the
 * popover is open) and the add, then the count added is said and the popover closes. The picks are
 * cleared when the popover closes or the submit succeeds. Each candidate is a labelled checkbox
 * (named by its account, name and unit), not an option holding a checkbox: axe's nested-interactive
 * rule.
 */
import { useState } from 'react'
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query'
import { UserPlus } from 'lucide-react'
import type { AccountStatus } from '@/contract'
import { useT } from '@/lib/i18n'
import { toast } from '@/lib/toast'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Input } from '@/components/ui/input'
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover'

export interface AccountCandidate {
  accountId: string
  accountName: string
  userName: string | null
  organizationName?: string | null
  /** Shown as a badge, named as people's account statuses, when it is not 'normal'. */
  status?: string
}

/** Namespaces holding a members sheet's texts (`add`, `added`, `picker.title` … `picker.submit`), for `texts`. */
export type MembersTextsKey = 'roles.members' | 'workflow.roles.members'

export interface AccountPickerProps<C extends AccountCandidate, K extends QueryKey> {
  /** The namespace of the members sheet holding the texts. */
  texts: MembersTextsKey
  /** The candidates' query for the trimmed keyword. */
  candidates: (keyword: string) => UseQueryOptions<C[], Error, C[], K>
  /** Adds the picked accounts and answers how many were added; rejects to keep the picks. */
  onAdd: (accountIds: string[]) => Promise<number>
  busy?: boolean
  /** How many candidates the gateway answers at most (the limit note shows at that count). */
  limit?: number
}

export function AccountPicker<C extends AccountCandidate, K extends QueryKey>({
  texts: ns,
  candidates,
  onAdd,
  busy,
  limit = 50,
}: AccountPickerProps<C, K>) {
  const { t } = useT()
  const [open, setOpen] = useState(false)
  const [keyword, setKeyword] = useState('')
  const query = useQuery({ ...candidates(keyword.trim()), enabled: open, placeholderData: keepPreviousData })
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set())
  const list = query.data ?? []
  const loading = query.isPending
  const title = t(`${ns}.picker.title`)
  const search = t(`${ns}.picker.search`)

  async function submit() {
    const n = await onAdd([...picked])
    toast.success(t(`${ns}.added`, { n }))
    setKeyword('')
    setOpen(false)
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
        setOpen(o)
        if (!o) setPicked(new Set())
      }}
    >
      <PopoverTrigger asChild>
        <Button className="h-10">
          <UserPlus aria-hidden />
          {t(`${ns}.add`)}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-[26rem] max-w-[calc(100vw-2rem)] p-0">
        <div className="border-b p-3">
          <p className="text-sm font-medium">{title}</p>
          <p className="text-xs text-muted-foreground">{t(`${ns}.picker.description`)}</p>
          <Input
            autoFocus
            className="mt-2 h-10"
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            placeholder={search}
            aria-label={search}
            maxLength={30}
          />
        </div>
        <ul className="max-h-72 overflow-auto py-1" aria-label={title}>
          {loading && <li className="px-3 py-4 text-sm text-muted-foreground">{t('common.loading')}</li>}
          {!loading && list.length === 0 && <li className="px-3 py-4 text-sm text-muted-foreground">{t(`${ns}.picker.empty`)}</li>}
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
                  {c.status && c.status !== 'normal' && (
                    <Badge variant="outline">{t(`people.accountStatus.${c.status as AccountStatus}`)}</Badge>
                  )}
                </label>
              </li>
            )
          })}
          {list.length >= limit && <li className="px-3 py-2 text-xs text-muted-foreground">{t(`${ns}.picker.limit`)}</li>}
        </ul>
        <div className="flex items-center justify-between gap-2 border-t p-3">
          <span className="text-sm text-muted-foreground">{t(`${ns}.picker.selected`, { n: picked.size })}</span>
          <Button disabled={!picked.size || busy} onClick={() => void submit()}>
            {t(`${ns}.picker.submit`)}
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  )
}
