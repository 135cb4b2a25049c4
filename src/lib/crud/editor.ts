/**
 * A heavy editor's save cycle (the sheet designer, the workflow model editor): unsaved changes (leaving
 * asks first), one action at a time (`busy`), a save saying the gateway's own message (SPEC), a publish
 * after a question. Both refetch `refetch`; a refusal by code goes to `onRefusal`.
 */
import { useState } from 'react'
import { useQueryClient, type QueryKey } from '@tanstack/react-query'
import { useT } from '@/lib/i18n'
import { toast } from '@/lib/toast'
import { confirm } from './confirm'
import type { ConfirmOptions } from './confirmQueue'
import { useLeaveGuard } from './dirty'
import { isApiError, type ApiErrorLike } from './errors'

export function useEditorSave({ refetch, onRefusal }: { refetch: QueryKey; onRefusal: (e: ApiErrorLike) => void }) {
  const { t } = useT()
  const qc = useQueryClient()
  const [dirty, setDirty] = useState(false)
  const [busy, setBusy] = useState(false)
  useLeaveGuard(dirty)

  const refuse = (e: unknown) => {
    if (isApiError(e) && e.kind === 'code') onRefusal(e)
  }

  async function run(work: () => Promise<unknown>) {
    setBusy(true)
    try {
      await work()
    } finally {
      setBusy(false)
    }
  }

  /** Sends a save (`request` takes the gateway's message and keeps what was saved); answers it, or null when refused. */
  async function send<T>(request: (onMessage: (message: string) => void) => Promise<T>): Promise<T | null> {
    let message = t('common.success')
    try {
      const saved = await request((m) => (message = m))
      setDirty(false)
      toast.success(message)
      await qc.invalidateQueries({ queryKey: refetch })
      return saved
    } catch (e) {
      refuse(e)
      return null
    }
  }

  /** After the question, publishes what `current` answers (unsaved changes saved first); `request` answers what to say. */
  const publish = <S>(question: ConfirmOptions, current: () => S | null | Promise<S | null>, request: (saved: S) => Promise<string>) =>
    run(async () => {
      if (!(await confirm(question))) return
      const saved = await current()
      if (!saved) return
      try {
        toast.success(await request(saved))
        await qc.invalidateQueries({ queryKey: refetch })
      } catch (e) {
        refuse(e)
      }
    })

  return { dirty, setDirty, busy, run, send, publish }
}
