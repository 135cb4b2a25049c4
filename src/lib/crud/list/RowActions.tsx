/**
 * Row actions: the buttons of one row, in a column that sticks to the right edge. When the table
 * does not fit (crud/tableEdges.ts) they turn compact: icons only, the text kept as accessible name
 * and tooltip.
 */
import type { FnAction } from '@/contract/catalogue'
import { createContext, useContext, useEffect, type ReactNode, type RefObject } from 'react'
import { MoreHorizontal, Pencil, Trash2 } from 'lucide-react'
import { Button, IconButton } from '@/components/ui/button'
import { ItemsMenu, LazyMenu } from '@/components/ui/lazy-menu'
import { Can } from '@/lib/permissions'
import { useT } from '@/lib/i18n'
import { cn } from '@/lib/utils'

/**
 * Compact row actions: every button with an icon shrinks to a 36 px square showing the icon; its
 * text stays inside, drawn at no size (still its accessible name, and its tooltip — see
 * useActionTitles). Not clipped: a finger's 44 px around the button (styles.css) stays reachable.
 * Text-only buttons keep their text.
 */
export const COMPACT_ACTIONS =
  '[&_button:has(svg)]:w-9 [&_button:has(svg)]:justify-start [&_button:has(svg)]:gap-[10px] [&_button:has(svg)]:text-[0px] [&_button:has(svg)]:px-[10px]'

/**
 * COMPACT_ACTIONS inside a table's box marked `data-compact` (crud/tableEdges.ts: the box's
 * `group/edges` class), so the table's own measure restyles the actions without a render.
 */
const COMPACT_WHEN_MARKED =
  'group-data-[compact]/edges:[&_button:has(svg)]:w-9 group-data-[compact]/edges:[&_button:has(svg)]:justify-start group-data-[compact]/edges:[&_button:has(svg)]:gap-[10px] group-data-[compact]/edges:[&_button:has(svg)]:text-[0px] group-data-[compact]/edges:[&_button:has(svg)]:px-[10px]'

/** The buttons of one row, side by side; compact when told, or when the table's box is marked so. */
const Compact = createContext(false)

export function RowActions({ compact, children }: { compact?: boolean; children: ReactNode }) {
  return (
    <Compact.Provider value={!!compact}>
      <div
        className={cn('inline-flex items-center justify-end gap-0.5 coarse:gap-2', compact ? COMPACT_ACTIONS : COMPACT_WHEN_MARKED)}
        data-compact-actions={compact || undefined}
      >
        {children}
      </div>
    </Compact.Provider>
  )
}

/** One row action: an icon and a text (in compact mode the icon, with the text as tooltip). */
export function RowAction({
  icon,
  label,
  onClick,
  tone = 'primary',
  disabled,
  ariaLabel,
  refused,
}: {
  icon: ReactNode
  label: string
  onClick: () => void
  tone?: 'primary' | 'destructive' | 'success' | 'plain'
  disabled?: boolean
  /** A fuller accessible name, e.g. 编辑 张伟. */
  ariaLabel?: string
  /** Why this action is not offered on this row: shown disabled, with the reason as its tooltip. */
  refused?: string
}) {
  const toneClass = {
    primary: 'text-primary',
    destructive: 'text-destructive hover:text-destructive',
    success: 'text-emerald-700 dark:text-emerald-400',
    plain: undefined,
  }[tone]
  // icon only: the text is its tooltip
  const compact = useContext(Compact)
  const button = (
    <Button
      variant="ghost"
      className={cn('h-9 px-2', toneClass)}
      disabled={disabled || !!refused}
      aria-label={ariaLabel}
      title={compact && !refused ? label : undefined}
      onClick={onClick}
    >
      {icon}
      {label}
    </Button>
  )
  // a disabled button gets no pointer events: the reason sits on a wrapper (tooltip and screen readers)
  return refused ? (
    <span className="inline-flex" title={refused} data-refused="" aria-description={refused}>
      {button}
    </span>
  ) : (
    button
  )
}

/** 编辑, gated by its function. */
export function EditRowAction({ action = 'edit', onClick, ariaLabel }: { action?: FnAction; onClick: () => void; ariaLabel?: string }) {
  const { t } = useT()
  return (
    <Can action={action}>
      <RowAction icon={<Pencil aria-hidden />} label={t('common.edit')} ariaLabel={ariaLabel} onClick={onClick} />
    </Can>
  )
}

/** 删除, gated by its function. */
export function DeleteRowAction({
  action = 'delete',
  onClick,
  pending,
  ariaLabel,
  refused,
}: {
  action?: FnAction
  onClick: () => void
  pending?: boolean
  ariaLabel?: string
  refused?: string
}) {
  const { t } = useT()
  return (
    <Can action={action}>
      <RowAction
        icon={<Trash2 aria-hidden />}
        label={t('common.delete')}
        tone="destructive"
        disabled={pending}
        ariaLabel={ariaLabel}
        refused={refused}
        onClick={onClick}
      />
    </Can>
  )
}

/**
 * A row's 更多 menu: a ⋯ button and its entries (DropdownMenuItem…), Radix's menu loaded the first time it opens. `label` is the button's text
 * (its tooltip), `name` its fuller accessible name (e.g. 更多 张伟).
 */
export function RowMenu({ label, name, children }: { label: string; name: string; children: ReactNode }) {
  return (
    <LazyMenu
      popup={ItemsMenu}
      props={{ children }}
      trigger={<IconButton className="h-9 w-9" icon={MoreHorizontal} label={label} name={name} tip />}
    />
  )
}

/**
 * In compact mode a row action without a title of its own gets its text as tooltip, kept in step
 * with the text; out of compact mode those titles go again. `root` holds the table's rows.
 */
export function markActionTitles(root: HTMLElement, compact: boolean) {
  root.querySelectorAll<HTMLButtonElement>('[data-row-actions] button').forEach((b) => {
    const auto = b.dataset.autoTitle !== undefined
    const text = b.textContent?.trim() ?? ''
    // actions told to be compact (RowActions `compact`) stay so whatever the table's measure
    if ((compact || b.closest('[data-compact-actions]')) && text && b.querySelector('svg') && (auto || !b.title)) {
      if (b.title !== text) b.title = text
      b.dataset.autoTitle = ''
    } else if (!compact && auto) {
      b.removeAttribute('title')
      delete b.dataset.autoTitle
    }
  })
}

/**
 * markActionTitles after each render (new rows, new actions), in the mode the table's box is
 * marked with (`data-compact`, crud/tableEdges.ts).
 */
export function useActionTitles(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = ref.current
    if (root) markActionTitles(root, root.hasAttribute('data-compact'))
  })
}
