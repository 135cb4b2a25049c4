/** The filter bar: text, select and date filters, 查询 and 重置; bound to the list's search (the URL by default). */
import { useState } from 'react'
import { RotateCcw, Search } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { OptionSelect } from '@/components/ui/lazy-select'
import { useT } from '@/lib/i18n'
import { filtersOf, withFilters, type ListSearch } from '../search'
import type { FilterField } from './types'

const SELECT_ALL = '__all__'

/**
 * Filters bound to a list search: what is submitted becomes the search's filters (back to page 1).
 * With `useListState()` the search is the URL's, so a filtered list can be linked and reloaded.
 */
export function ListFilters({
  fields,
  search,
  onSearchChange,
}: {
  fields: FilterField[]
  search: ListSearch
  onSearchChange: (next: ListSearch) => void
}) {
  if (fields.length === 0) return null
  const values = filtersOf(search)
  return <FilterBar key={JSON.stringify(values)} fields={fields} values={values} onSubmit={(v) => onSearchChange(withFilters(search, v))} />
}

export function FilterBar({
  fields,
  values,
  onSubmit,
}: {
  fields: FilterField[]
  values: Record<string, string>
  onSubmit: (values: Record<string, string>) => void
}) {
  const { t } = useT()
  const [draft, setDraft] = useState<Record<string, string>>(values)
  const set = (name: string, v: string) => setDraft((d) => ({ ...d, [name]: v }))
  return (
    <Card className="px-3 py-3 sm:px-4">
      <form
        role="search"
        className="flex flex-wrap items-end gap-x-4 gap-y-3"
        onSubmit={(e) => {
          e.preventDefault()
          onSubmit(draft)
        }}
      >
        {fields.map((f) => {
          const id = `filter-${f.name}`
          return (
            <div key={f.name} className="flex w-full min-w-0 flex-col gap-1.5 sm:w-56">
              <label htmlFor={id} className="text-sm font-medium text-muted-foreground">
                {f.label}
              </label>
              {f.kind === 'select' ? (
                <OptionSelect
                  id={id}
                  value={draft[f.name] || SELECT_ALL}
                  onValueChange={(v) => set(f.name, v === SELECT_ALL ? '' : v)}
                  options={[
                    { value: SELECT_ALL, label: t('crud.all') },
                    ...(f.options ?? []).map((o) => ({ value: String(o.value), label: o.label })),
                  ]}
                  placeholder={t('crud.selectPlaceholder', { field: f.label })}
                  itemClassName="min-h-9"
                />
              ) : (
                <Input
                  id={id}
                  type={f.kind === 'date' ? 'date' : undefined}
                  value={draft[f.name] ?? ''}
                  placeholder={f.placeholder ?? t('crud.inputPlaceholder', { field: f.label })}
                  onChange={(e) => set(f.name, e.target.value)}
                  enterKeyHint="search"
                />
              )}
            </div>
          )
        })}
        <div className="flex gap-2">
          <Button type="submit" icon={Search}>
            {t('common.search')}
          </Button>
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              setDraft({})
              onSubmit({})
            }}
            icon={RotateCcw}
          >
            {t('common.reset')}
          </Button>
        </div>
      </form>
    </Card>
  )
}
