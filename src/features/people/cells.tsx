/** Cells of the staff list: masked numbers with a permission-gated reveal, role names with a popover. */
import { useState } from 'react'
import { Eye, EyeOff } from 'lucide-react'
import { PEOPLE_FNS } from '@/contract/schemas/people'
import { IconButton } from '@/components/ui/button'
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover'
import { Can } from '@/lib/permissions'
import { useT } from '@/lib/i18n'
import { revealValue } from './api'

const NONE = <span className="text-muted-foreground">--</span>

/** A masked ID number or cellphone; the eye button (function viewIdCard / viewCellphone) fetches the full value. */
export function RevealCell({ userId, masked, kind }: { userId: string; masked: string | null; kind: 'idCard' | 'cellphone' }) {
  const { t } = useT()
  const [full, setFull] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  if (!masked) return NONE
  const field = t(kind === 'idCard' ? 'people.field.idCard' : 'people.field.cellphone')
  const reveal = async () => {
    setBusy(true)
    try {
      setFull(await revealValue(kind, userId))
    } catch {
      /* the client has shown the error */
    } finally {
      setBusy(false)
    }
  }
  return (
    <span className="inline-flex max-w-full items-center gap-0.5">
      <span className="truncate tabular-nums" data-reveal={kind}>
        {full ?? masked}
      </span>
      {full ? (
        <IconButton className="-my-2 h-11 w-11 shrink-0" icon={EyeOff} label={t('people.staff.hide')} tip onClick={() => setFull(null)} />
      ) : (
        <Can action={kind === 'idCard' ? PEOPLE_FNS.viewIdCard : PEOPLE_FNS.viewCellphone}>
          <IconButton
            className="-my-2 h-11 w-11 shrink-0 text-muted-foreground"
            icon={Eye}
            label={t('people.staff.reveal', { field })}
            tip
            pending={busy}
            onClick={() => void reveal()}
          />
        </Can>
      )}
    </span>
  )
}

/** SPEC §3: the first two role names joined, a popover with all when there are more, '--' for none. */
export function RoleNamesCell({ roleNames }: { roleNames: readonly string[] | null | undefined }) {
  const { t } = useT()
  const names = roleNames ?? []
  if (names.length === 0) return NONE
  const firstTwo = names.slice(0, 2).join('、')
  if (names.length <= 2) return <span title={firstTwo}>{firstTwo}</span>
  return (
    <span className="inline-flex max-w-full items-center gap-1">
      <span className="truncate">{firstTwo}</span>
      <Popover>
        <PopoverTrigger asChild>
          <button
            type="button"
            className="shrink-0 rounded px-1 text-xs text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {t('people.staff.moreRoles', { n: names.length })}
          </button>
        </PopoverTrigger>
        <PopoverContent className="w-64 p-3" align="start">
          <p className="mb-2 text-xs font-medium text-muted-foreground">{t('people.staff.allRoles')}</p>
          <ul className="flex flex-wrap gap-1.5">
            {names.map((n) => (
              <li key={n} className="rounded-md bg-muted px-2 py-0.5 text-xs">
                {n}
              </li>
            ))}
          </ul>
        </PopoverContent>
      </Popover>
    </span>
  )
}

/** Display text of roleNames for exports: first two joined, with the rest counted. */
export function roleNamesText(roleNames: readonly string[] | null | undefined): string {
  const names = roleNames ?? []
  return names.length === 0 ? '--' : names.join('、')
}
