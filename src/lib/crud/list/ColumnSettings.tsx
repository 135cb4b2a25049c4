/** Column settings: show or hide columns, kept per list in localStorage. */
import { useMemo, useState } from 'react'
import { Columns3 } from 'lucide-react'
import { IconButton } from '@/components/ui/button'
import { LazyMenu, lazyMenuPopup } from '@/components/ui/lazy-menu'
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

const ColumnMenu = lazyMenuPopup<{ state: ColumnVisibility<unknown> }>(() => import('./ColumnMenuPopup').then((m) => m.ColumnMenuPopup))

/** The toolbar's column button and its menu (loaded the first time it opens). */
export function ColumnSettings<T>({ state }: { state: ColumnVisibility<T> }) {
  const { t } = useT()
  return (
    <LazyMenu
      popup={ColumnMenu}
      props={{ state: state as ColumnVisibility<unknown> }}
      trigger={<IconButton icon={Columns3} label={t('crud.columns')} tip />}
    />
  )
}
