/**
 * Values picked one at a time (a node's executors, the accounts a task is copied to): a searchable
 * select offering the options not picked yet, and the picked ones as removable chips. The caller
 * owns the value and the texts.
 */
import { forwardRef, type ReactNode } from 'react'
import { X } from 'lucide-react'
import { SearchableSelect, type SearchableOption } from './ui/searchable-select'

export interface ChipPickerProps {
  id: string
  options: readonly SearchableOption[]
  ids: string[]
  onChange: (ids: string[]) => void
  texts: { placeholder: string; search: string; empty: string; remove: (name: string) => string }
  /** Shown instead of the chips while nothing is picked. */
  none?: ReactNode
  'aria-invalid'?: boolean
  'aria-describedby'?: string
}

export const ChipPicker = forwardRef<HTMLButtonElement, ChipPickerProps>(function ChipPicker(
  { id, options, ids, onChange, texts, none, ...aria },
  ref,
) {
  const nameOf = (value: string) => options.find((o) => o.value === value)?.text ?? value
  return (
    <>
      <SearchableSelect
        id={id}
        ref={ref}
        {...aria}
        options={options.filter((o) => !ids.includes(o.value))}
        value=""
        onValueChange={(v) => onChange([...ids, v])}
        placeholder={texts.placeholder}
        searchPlaceholder={texts.search}
        emptyText={texts.empty}
      />
      {ids.length === 0 ? (
        none
      ) : (
        <ul className="flex flex-wrap gap-1.5">
          {ids.map((v) => (
            <li key={v} className="inline-flex items-center gap-1 rounded border bg-muted px-2 py-0.5 text-xs">
              {nameOf(v)}
              <button
                type="button"
                className="rounded text-muted-foreground hover:text-foreground"
                aria-label={texts.remove(nameOf(v))}
                onClick={() => onChange(ids.filter((x) => x !== v))}
              >
                <X aria-hidden className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  )
})
