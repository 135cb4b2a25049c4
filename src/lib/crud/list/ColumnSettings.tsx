/** Column settings: show or hide columns, kept per list in localStorage. */
import { useMemo, useState } from 'react'
import { Columns3 } from 'lucide-react'
import { IconButton } from '@/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { useT } from '@/lib/i18n'
import { loadVisibility, saveVisibility, type Visibility } from '../columns'
import type { ListColumn } from './types'

export interface ColumnVisibility<T> {
  columns: ListColumn<T>[]
  /** column key → shown; a key missing is shown. */
  visibility: Visibility
  defaults: Visibility
  setVisibility: (next: Visibility) => void
  /** The columns shown, in order (e.g. for an export of what the user sees). */
  visibleColumns: ListColumn<T>[]
}

/** Which of `columns` are shown: the user's choice for `storageKey` (localStorage), else the columns' defaults. */
export function useColumnVisibility<T>(storageKey: string, columns: ListColumn<T>[]): ColumnVisibility<T> {
  const defaults = useMemo(() => Object.fromEntries(columns.map((c) => [c.key, !c.defaultHidden])) as Visibility, [columns])
  const [visibility, setState] = useState<Visibility>(() => loadVisibility(storageKey, defaults))
  const setVisibility = (next: Visibility) => {
    setState(next)
    saveVisibility(storageKey, next)
  }
  const visibleColumns = columns.filter((c) => visibility[c.key] !== false)
  return { columns, visibility, defaults, setVisibility, visibleColumns }
}

/** The toolbar's column button and menu. */
export function ColumnSettings<T>({ state }: { state: ColumnVisibility<T> }) {
  const { t } = useT()
  const { columns, visibility, defaults, setVisibility: onChange } = state
  const shown = columns.filter((c) => visibility[c.key] !== false).length
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <IconButton icon={Columns3} label={t('crud.columns')} tip />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-h-96 overflow-y-auto">
        <DropdownMenuLabel>{t('crud.columns')}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {columns.map((c) => {
          const on = visibility[c.key] !== false
          return (
            <DropdownMenuCheckboxItem
              key={c.key}
              className="min-h-9"
              checked={on}
              disabled={on && shown === 1}
              onSelect={(e) => e.preventDefault()}
              onCheckedChange={(v) => onChange({ ...visibility, [c.key]: v === true })}
            >
              {c.header}
            </DropdownMenuCheckboxItem>
          )
        })}
        <DropdownMenuSeparator />
        <DropdownMenuItem className="min-h-9" onSelect={() => onChange(Object.fromEntries(columns.map((c) => [c.key, true])))}>
          {t('crud.showAllColumns')}
        </DropdownMenuItem>
        {Object.keys(defaults).some((k) => defaults[k] !== (visibility[k] !== false)) && (
          <DropdownMenuItem className="min-h-9" onSelect={() => onChange(defaults)}>
            {t('common.reset')}
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
