/** React side of the outbox: local copies and marks of an entity, merged list rows, the row mark. */
import { useMemo } from 'react'
import { CloudOff, GitMerge, Loader2, TriangleAlert } from 'lucide-react'
import { useT } from '@/lib/i18n'
import { cn } from '@/lib/utils'
import { mergeLocal, type Merged } from './merge'
import { useSyncState } from './runtime'
import type { EntryStatus, LocalRecord } from './types'

const NONE: LocalRecord[] = []

/** The signed-in account's local copies of an entity (stable between changes). */
export function useLocalRecords(entity: string | undefined): LocalRecord[] {
  return useSyncState((s) => (entity ? s.records[entity] : undefined)) ?? NONE
}

/** Status marks of an entity's records: id → pending / sending / failed / conflicted. */
export function useMarks(entity: string | undefined): Record<string, EntryStatus> | undefined {
  return useSyncState((s) => (entity ? s.marks[entity] : undefined))
}

/** A list's rows with the local copies merged in (see mergeLocal). */
export function useMergedRows<T extends object>(
  entity: string | undefined,
  rows: readonly T[],
  idOf: (row: T) => string,
  belongs?: (data: Record<string, unknown>) => boolean,
): Merged<T> {
  const locals = useLocalRecords(entity)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- idOf / belongs are read at merge time
  return useMemo(() => mergeLocal(rows, locals, idOf, belongs), [rows, locals])
}

const STYLE: Record<EntryStatus, string> = {
  pending: 'border-sky-500/40 bg-sky-500/10 text-sky-800 dark:text-sky-300',
  sending: 'border-sky-500/40 bg-sky-500/10 text-sky-800 dark:text-sky-300',
  failed: 'border-destructive/40 bg-destructive/10 text-destructive',
  conflicted: 'border-amber-500/50 bg-amber-500/10 text-amber-800 dark:text-amber-300',
}

/** The small badge on a row or form of a record with unsynced edits; `compact`: the icon only (narrow columns), the text for screen readers and as a tooltip. */
export function SyncMark({ status, className, compact }: { status: EntryStatus | undefined; className?: string; compact?: boolean }) {
  // most rows have none: nothing rendered and nothing subscribed (a list mounts a screenful of rows as it scrolls)
  return status ? <Mark status={status} className={className} compact={compact} /> : null
}

function Mark({ status, className, compact }: { status: EntryStatus; className?: string; compact?: boolean }) {
  const { t } = useT()
  const Icon = status === 'sending' ? Loader2 : status === 'failed' ? TriangleAlert : status === 'conflicted' ? GitMerge : CloudOff
  const label = t(`sync.mark.${status}`)
  return (
    <span
      data-sync-mark={status}
      title={compact ? label : undefined}
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full border text-[11px] font-medium leading-5',
        compact ? 'h-5 w-5 justify-center' : 'px-1.5 py-0',
        STYLE[status],
        className,
      )}
    >
      <Icon className={cn('h-3 w-3', status === 'sending' && 'animate-spin')} aria-hidden />
      <span className={compact ? 'sr-only' : undefined}>{label}</span>
    </span>
  )
}
