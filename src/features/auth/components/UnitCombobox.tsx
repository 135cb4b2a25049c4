/**
 * The registration form's "所属单位": a search-as-you-type combobox over the public unit search
 * (AUTH_PATHS.orgSearch). Typing (debounced, at least REGISTER_ORG_SEARCH.minKeyword characters)
 * lists matching active units with their type; ↑/↓ move, Enter chooses, Esc closes; the choice is
 * the unit's id (`onChange`), and editing the text again drops it. ARIA 1.2 combobox pattern.
 */
import { forwardRef, useEffect, useId, useRef, useState, type InputHTMLAttributes, type KeyboardEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Building2, Loader2, X } from 'lucide-react'
import { REGISTER_ORG_SEARCH, type RegisterOrgOption } from '@/contract/schemas/auth'
import { Input } from '@/components/ui/input'
import { isApiError } from '@/lib/http'
import { useT } from '@/lib/i18n'
import { cn } from '@/lib/utils'
import { orgSearchQueryOptions } from '../queries'

const DEBOUNCE_MS = 300

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return debounced
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'role'>

export interface UnitComboboxProps extends InputProps {
  /** The chosen unit (null: none). */
  value: RegisterOrgOption | null
  onChange(unit: RegisterOrgOption | null): void
  /** The text in the box (typed, or the chosen unit's name). */
  onTextChange?(text: string): void
}

export const UnitCombobox = forwardRef<HTMLInputElement, UnitComboboxProps>(function UnitCombobox(
  { value, onChange, onTextChange, className, disabled, onBlur, ...props },
  ref,
) {
  const { t } = useT()
  const listId = useId()
  const [text, setText] = useState(value?.organizationName ?? '')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const keyword = useDebounced(text.trim(), DEBOUNCE_MS)
  const enabled = keyword.length >= REGISTER_ORG_SEARCH.minKeyword && keyword !== value?.organizationName
  const search = useQuery({ ...orgSearchQueryOptions(keyword), enabled })
  const options = enabled ? (search.data ?? []) : []
  const typing = text.trim() !== keyword
  const loading = enabled && (search.isFetching || typing)
  const tooShort = text.trim().length > 0 && text.trim().length < REGISTER_ORG_SEARCH.minKeyword
  const showList = open && !value && (tooShort || enabled || typing) && text.trim().length > 0
  const listRef = useRef<HTMLUListElement>(null)

  // A new answer: nothing highlighted until the user moves.
  useEffect(() => setActive(-1), [search.data])
  useEffect(() => {
    if (active >= 0) listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' })
  }, [active])

  const edit = (next: string) => {
    setText(next)
    onTextChange?.(next)
  }
  const choose = (unit: RegisterOrgOption) => {
    onChange(unit)
    edit(unit.organizationName)
    setOpen(false)
    setActive(-1)
  }
  const clear = () => {
    onChange(null)
    edit('')
    setOpen(false)
  }

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      setOpen(true)
      if (!options.length) return
      const step = e.key === 'ArrowDown' ? 1 : -1
      setActive((i) => (i < 0 ? (step > 0 ? 0 : options.length - 1) : (i + step + options.length) % options.length))
    } else if (e.key === 'Enter' && showList) {
      // Enter chooses the highlighted unit; it never submits the form while the list is open.
      e.preventDefault()
      const unit = options[active] ?? (options.length === 1 ? options[0] : undefined)
      if (unit) choose(unit)
    } else if (e.key === 'Escape' && showList) {
      e.preventDefault()
      setOpen(false)
    }
  }

  const failed = enabled && !typing && search.isError
  const status = tooShort
    ? t('signUp.register.unitTooShort', { n: REGISTER_ORG_SEARCH.minKeyword })
    : loading
      ? t('signUp.register.unitSearching')
      : failed
        ? isApiError(search.error) && search.error.kind === 'code'
          ? search.error.message
          : t('signUp.register.unitFailed')
        : options.length === 0
          ? t('signUp.register.unitNone')
          : options.length >= REGISTER_ORG_SEARCH.max
            ? t('signUp.register.unitMore', { n: REGISTER_ORG_SEARCH.max })
            : t('signUp.register.unitCount', { n: options.length })

  return (
    <div className="relative">
      <Building2 className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <Input
        ref={ref}
        {...props}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        disabled={disabled}
        className={cn('pl-9', value || text ? 'pr-9' : undefined, className)}
        value={text}
        title={value?.organizationName}
        onChange={(e) => {
          edit(e.target.value)
          setOpen(true)
          if (value) onChange(null)
        }}
        onFocus={() => setOpen(true)}
        onBlur={(e) => {
          setOpen(false)
          onBlur?.(e)
        }}
        onKeyDown={onKeyDown}
      />
      {(value || text) && !disabled && (
        <button
          type="button"
          className="absolute inset-y-0 right-0 flex w-9 items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          onClick={clear}
          aria-label={t('signUp.register.unitClear')}
        >
          <X className="h-4 w-4" />
        </button>
      )}
      <ul
        id={listId}
        ref={listRef}
        role="listbox"
        aria-label={t('signUp.register.unit')}
        hidden={!showList}
        // Wider than a half-width field (long unit names), anchored at its right edge; never beyond the screen.
        className="absolute right-0 top-full z-50 mt-1 max-h-72 w-[26rem] min-w-full max-w-[calc(100vw-2rem)] overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
      >
        {!loading &&
          !failed &&
          !tooShort &&
          options.map((unit, i) => (
            <li
              key={unit.organizationId}
              id={`${listId}-${i}`}
              data-index={i}
              role="option"
              aria-selected={i === active}
              className={cn(
                'flex cursor-pointer items-center justify-between gap-3 rounded-sm px-2 py-1.5 text-sm',
                i === active ? 'bg-accent text-accent-foreground' : 'hover:bg-accent/60',
              )}
              // Keep the focus in the input: a mousedown would blur it (and close the list) before the click.
              onMouseDown={(e) => e.preventDefault()}
              onMouseMove={() => setActive(i)}
              onClick={() => choose(unit)}
            >
              <span className="min-w-0 break-words">{unit.organizationName}</span>
              {unit.organizationTypeName && (
                <span className="shrink-0 rounded bg-muted px-1.5 py-0.5 text-xs text-muted-foreground">{unit.organizationTypeName}</span>
              )}
            </li>
          ))}
        <li role="presentation" className="flex items-center gap-2 px-2 py-1.5 text-xs text-muted-foreground">
          {loading && <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden />}
          {status}
        </li>
      </ul>
      <span className="sr-only" role="status">
        {value ? t('signUp.register.unitChosen', { name: value.organizationName }) : showList ? status : ''}
      </span>
    </div>
  )
})
