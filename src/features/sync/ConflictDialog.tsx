/**
 * The conflict screen (20008 on replay): my edit and the server's current record field by field.
 * Keep mine (re-sent on the current version), take theirs (mine is dropped, the list shows theirs),
 * or merge: per differing field, mine or theirs.
 */
import { useState } from 'react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { hasKey, useT } from '@/lib/i18n'
import { entityOf, outbox, refresh, syncNow, useSyncState, type FieldSpec, type OutboxEntry } from '@/lib/offline'
import { cn } from '@/lib/utils'
import { closeConflict, syncUi } from './state'

type Side = 'mine' | 'theirs'

const isEmpty = (v: unknown) => v === undefined || v === null || v === ''

export interface FieldRow {
  spec: FieldSpec
  mine: unknown
  theirs: unknown
  same: boolean
}

/** The fields my edit sets, with theirs beside them (values compared as text). */
export function conflictRows(entry: OutboxEntry): FieldRow[] {
  const fields = entityOf(entry.entity)?.fields ?? []
  const mine = ((entry.payload.values as Record<string, unknown> | undefined) ?? entry.payload) as Record<string, unknown>
  const theirs = entry.theirs ?? {}
  return fields
    .filter((f) => !isEmpty(mine[f.key]))
    .map((spec) => ({
      spec,
      mine: mine[spec.key],
      theirs: theirs[spec.key],
      same: String(mine[spec.key] ?? '') === String(theirs[spec.key] ?? ''),
    }))
}

export function ConflictDialog() {
  const id = syncUi.use((s) => s.conflict)
  const entry = useSyncState((s) => s.entries.find((e) => e.id === id))
  const { t } = useT()
  return (
    <Dialog open={!!id && !!entry} onOpenChange={(o) => !o && closeConflict()}>
      <DialogContent
        closeLabel={t('common.close')}
        className="flex max-w-3xl flex-col gap-0 p-0 sm:max-w-3xl"
        onInteractOutside={(e) => e.preventDefault()}
      >
        {entry && entry.status === 'conflicted' ? (
          <Body entry={entry} />
        ) : (
          <DialogTitle className="sr-only">{t('sync.centre.resolve')}</DialogTitle>
        )}
      </DialogContent>
    </Dialog>
  )
}

function Body({ entry }: { entry: OutboxEntry }) {
  const { t } = useT()
  const rows = conflictRows(entry)
  const differing = rows.filter((r) => !r.same)
  const [pick, setPick] = useState<Record<string, Side>>(() => Object.fromEntries(differing.map((r) => [r.spec.key, 'mine' as Side])))
  const [busy, setBusy] = useState(false)
  const version = String(entry.theirs?.version ?? '')
  // a decision someone else made first (a task's approval): mine cannot be sent again, only theirs taken
  const final = entityOf(entry.entity)?.final === true
  const theirsLabel = final ? t('sync.conflict.finalTheirs') : t('sync.conflict.theirs', { version })
  const mineLabel = t(final ? 'sync.conflict.finalMine' : 'sync.conflict.mine')
  const show = (spec: FieldSpec, v: unknown) =>
    isEmpty(v) ? t('sync.conflict.empty') : spec.format ? spec.format(v) || String(v) : String(v)

  const resolve = async (how: Parameters<typeof outbox.resolve>[1]) => {
    setBusy(true)
    try {
      await outbox.resolve(entry.id, how)
      await refresh()
      toast.success(t('sync.conflict.done'))
      closeConflict()
      void syncNow()
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <DialogHeader className="border-b px-6 py-4 pr-12">
        <DialogTitle>{t('sync.conflict.title', { name: entry.title })}</DialogTitle>
        <DialogDescription>{t(final ? 'sync.conflict.finalDescription' : 'sync.conflict.description')}</DialogDescription>
      </DialogHeader>
      <div className="max-h-[60vh] overflow-y-auto px-6 py-4">
        <table className="w-full table-fixed border-collapse text-sm" aria-label={t('sync.conflict.title', { name: entry.title })}>
          <thead>
            <tr className="border-b text-left text-muted-foreground">
              <th className="w-28 py-2 pr-2 font-medium">{t('sync.conflict.field')}</th>
              <th className="py-2 pr-2 font-medium">{mineLabel}</th>
              <th className="py-2 font-medium">{theirsLabel}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const label = hasKey(r.spec.label) ? t(r.spec.label) : r.spec.key
              if (r.same)
                return (
                  <tr key={r.spec.key} className="border-b text-muted-foreground">
                    <th scope="row" className="py-2 pr-2 text-left font-normal">
                      {label}
                    </th>
                    <td colSpan={2} className="py-2">
                      {show(r.spec, r.mine)} <span className="text-xs">（{t('sync.conflict.same')}）</span>
                    </td>
                  </tr>
                )
              if (final)
                return (
                  <tr key={r.spec.key} className="border-b" data-field={r.spec.key}>
                    <th scope="row" className="py-2 pr-2 text-left align-top font-medium">
                      {label}
                    </th>
                    <td className="py-2 pr-2 align-top break-words">{show(r.spec, r.mine)}</td>
                    <td className="py-2 align-top break-words">{show(r.spec, r.theirs)}</td>
                  </tr>
                )
              return (
                <tr key={r.spec.key} className="border-b" data-field={r.spec.key}>
                  <th scope="row" className="py-2 pr-2 text-left align-top font-medium">
                    {label}
                  </th>
                  {(['mine', 'theirs'] as const).map((side) => (
                    <td key={side} className="py-1.5 pr-2 align-top">
                      <label
                        className={cn(
                          'flex min-h-9 cursor-pointer items-start gap-2 rounded-md border px-2 py-1.5',
                          pick[r.spec.key] === side ? 'border-primary bg-primary/5' : 'border-transparent hover:bg-muted',
                        )}
                      >
                        <input
                          type="radio"
                          className="mt-1 accent-[hsl(var(--primary))]"
                          name={`pick-${r.spec.key}`}
                          checked={pick[r.spec.key] === side}
                          onChange={() => setPick((p) => ({ ...p, [r.spec.key]: side }))}
                          aria-label={`${label}: ${side === 'mine' ? t('sync.conflict.mine') : theirsLabel}`}
                        />
                        <span className="min-w-0 break-words">{show(r.spec, side === 'mine' ? r.mine : r.theirs)}</span>
                      </label>
                    </td>
                  ))}
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      <DialogFooter className="gap-2 border-t px-6 py-3">
        <Button variant={final ? 'default' : 'outline'} disabled={busy} onClick={() => void resolve('theirs')}>
          {t(final ? 'sync.conflict.acknowledge' : 'sync.conflict.takeTheirs')}
        </Button>
        {!final && differing.length > 1 && (
          <Button variant="outline" disabled={busy} onClick={() => void resolve({ pick })}>
            {t('sync.conflict.merge')}
          </Button>
        )}
        {!final && (
          <Button disabled={busy} onClick={() => void resolve('mine')}>
            {t('sync.conflict.keepMine')}
          </Button>
        )}
      </DialogFooter>
    </>
  )
}
