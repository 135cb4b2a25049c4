/** Cells of the staff list: masked numbers with a permission-gated reveal, role names with a popover. */
import { useState } from 'react'
import { Eye, EyeOff } from 'lucide-react'
import { IconButton } from '@/components/ui/button'
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover'
import { useT, type TKey, type TParams } from '@/lib/i18n'
import { revealValue } from './api'

const NONE = <span className="text-muted-foreground">--</span>

/**
 * A masked ID number or cellphone; the eye button (function viewIdCard / viewCellphone, `canReveal`)
 * fetches the full value. The list decides the permission and the button's texts once for all its
 * rows (`revealTexts`): a cell subscribes to nothing, as a screenful of rows mounts on every scroll.
 */
export function RevealCell({
  userId,
  masked,
  kind,
  canReveal,
  texts,
}: {
  userId: string
  masked: string | null
  kind: 'idCard' | 'cellphone'
  canReveal: boolean
  texts: RevealTexts
}) {
  const [full, setFull] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  if (!masked) return NONE
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
        <IconButton className="-my-2 h-11 w-11 shrink-0" icon={EyeOff} label={texts.hide} tip onClick={() => setFull(null)} />
      ) : (
        canReveal && (
          <IconButton
            className="-my-2 h-11 w-11 shrink-0 text-muted-foreground"
            icon={Eye}
            label={texts.reveal}
            tip
            pending={busy}
            onClick={() => void reveal()}
          />
        )
      )}
    </span>
  )
}

/** The eye button's texts for one kind of value. */
export interface RevealTexts {
  reveal: string
  hide: string
}

/** The texts of RevealCell's buttons for a kind of value, in the current language. */
export function revealTexts(t: (key: TKey, params?: TParams) => string, kind: 'idCard' | 'cellphone'): RevealTexts {
  const field = t(kind === 'idCard' ? 'people.field.idCard' : 'people.field.cellphone')
  return { reveal: t('people.staff.reveal', { field }), hide: t('people.staff.hide') }
}

/** SPEC §3: the first two role names joined, a popover with all when there are more, '--' for none. */
export function RoleNamesCell({ roleNames }: { roleNames: readonly string[] | null | undefined }) {
  const names = roleNames ?? []
  if (names.length === 0) return NONE
  const firstTwo = names.slice(0, 2).join('、')
  if (names.length <= 2) return <span title={firstTwo}>{firstTwo}</span>
  return <MoreRoles names={names} firstTwo={firstTwo} />
}

/** More than two role names: the first two and a popover with all of them. */
function MoreRoles({ names, firstTwo }: { names: readonly string[]; firstTwo: string }) {
  const { t } = useT()
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
