/** The column settings' menu, loaded the first time it opens (LazyMenu in ./ColumnSettings.tsx). */
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import type { MenuPopupProps } from '@/components/ui/lazy-menu'
import { useT } from '@/lib/i18n'
import type { ColumnVisibility } from './ColumnSettings'

export function ColumnMenuPopup<T>({ state, trigger }: { state: ColumnVisibility<T> } & MenuPopupProps) {
  const { t } = useT()
  const { columns, visibility, defaults, setVisibility: onChange } = state
  const shown = columns.filter((c) => visibility[c.key] !== false).length
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
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
