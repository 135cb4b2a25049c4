/** The account's active sessions: device, IP, times; sign out one, or every other one. */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from '@/lib/toast'
import { LogOut, Monitor } from 'lucide-react'
import type { SessionInfo } from '@/contract/schemas/personal'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { confirm, DataTable, formatDateTime, RowAction, type ListColumn } from '@/lib/crud'
import { isApiError } from '@/lib/http'
import { useT } from '@/lib/i18n'
import { personalApi } from './api'
import { personalKeys, sessionsQueryOptions } from './queries'
import { Section } from './Section'

export function SessionsSection() {
  const { t } = useT()
  const qc = useQueryClient()
  const sessions = useQuery(sessionsQueryOptions())
  const rows = sessions.data ?? []
  const others = rows.filter((s) => !s.current).length
  const refresh = () => void qc.invalidateQueries({ queryKey: personalKeys.sessions() })

  const signOutOne = async (s: SessionInfo) => {
    if (!(await confirm({ title: t('personal.sessions.signOutTitle'), description: t('personal.sessions.confirmOne'), destructive: true })))
      return
    try {
      await personalApi.signOutSession(s.sessionId)
      toast.success(t('personal.sessions.doneOne'))
    } catch (e) {
      if (isApiError(e) && e.kind === 'code') toast.error(e.message)
    }
    refresh()
  }

  const signOutOthers = async () => {
    if (
      !(await confirm({ title: t('personal.sessions.signOutTitle'), description: t('personal.sessions.confirmOthers'), destructive: true }))
    )
      return
    try {
      const { signedOut } = await personalApi.signOutOthers()
      toast.success(t('personal.sessions.doneOthers', { n: signedOut }))
    } catch (e) {
      if (isApiError(e) && e.kind === 'code') toast.error(e.message)
    }
    refresh()
  }

  const columns: ListColumn<SessionInfo>[] = [
    {
      key: 'carrier',
      header: t('personal.sessions.device'),
      className: 'whitespace-normal',
      cell: (s) => (
        <span className="flex items-center gap-2">
          <Monitor className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
          <span className="break-all">{s.carrier || t('personal.sessions.unknown')}</span>
          {s.current && <Badge variant="success">{t('personal.sessions.current')}</Badge>}
        </span>
      ),
    },
    { key: 'ip', header: t('personal.sessions.ip'), className: 'tabular-nums' },
    { key: 'createdAt', header: t('personal.sessions.created'), className: 'tabular-nums', cell: (s) => formatDateTime(s.createdAt) },
    { key: 'lastSeenAt', header: t('personal.sessions.lastSeen'), className: 'tabular-nums', cell: (s) => formatDateTime(s.lastSeenAt) },
  ]

  return (
    <Section
      title={t('personal.sessions.heading')}
      description={t('personal.sessions.hint')}
      actions={
        <Button type="button" variant="outline" className="h-9" onClick={() => void signOutOthers()} disabled={others === 0} icon={LogOut}>
          {t('personal.sessions.signOutOthers')}
        </Button>
      }
    >
      <div className="overflow-hidden rounded-md border">
        <DataTable
          label={t('personal.sessions.heading')}
          rows={rows}
          columns={columns}
          getRowId={(s) => s.sessionId}
          rowAttributes={(s) => ({ 'data-testid': 'session-row', 'data-current': s.current || undefined })}
          loading={sessions.isPending}
          loadingRows={2}
          error={sessions.isError && !sessions.data ? { message: sessions.error?.message, retry: refresh } : null}
          rowActions={(s) =>
            s.current ? null : (
              <RowAction
                icon={<LogOut aria-hidden />}
                label={t('personal.sessions.signOut')}
                tone="destructive"
                onClick={() => void signOutOne(s)}
              />
            )
          }
        />
        {!sessions.isPending && others === 0 && (
          <p className="border-t px-4 py-3 text-sm text-muted-foreground">{t('personal.sessions.onlyThis')}</p>
        )}
      </div>
    </Section>
  )
}
