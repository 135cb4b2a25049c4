/** The account's active sessions: device, IP, times; sign out one, or every other one. */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { LogOut, Monitor } from 'lucide-react'
import type { SessionInfo } from '@/contract/schemas/personal'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { confirm, formatDateTime } from '@/lib/crud'
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
    if (!(await confirm({ description: t('personal.sessions.confirmOne'), destructive: true }))) return
    try {
      await personalApi.signOutSession(s.sessionId)
      toast.success(t('personal.sessions.doneOne'))
    } catch (e) {
      if (isApiError(e) && e.kind === 'code') toast.error(e.message)
    }
    refresh()
  }

  const signOutOthers = async () => {
    if (!(await confirm({ description: t('personal.sessions.confirmOthers'), destructive: true }))) return
    try {
      const { signedOut } = await personalApi.signOutOthers()
      toast.success(t('personal.sessions.doneOthers', { n: signedOut }))
    } catch (e) {
      if (isApiError(e) && e.kind === 'code') toast.error(e.message)
    }
    refresh()
  }

  return (
    <Section
      title={t('personal.sessions.heading')}
      description={t('personal.sessions.hint')}
      actions={
        <Button type="button" variant="outline" className="h-9" onClick={() => void signOutOthers()} disabled={others === 0}>
          <LogOut aria-hidden />
          {t('personal.sessions.signOutOthers')}
        </Button>
      }
    >
      {sessions.isPending ? (
        <div className="grid gap-2">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ) : (
        <div className="overflow-x-auto rounded-md border">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>{t('personal.sessions.device')}</TableHead>
                <TableHead>{t('personal.sessions.ip')}</TableHead>
                <TableHead>{t('personal.sessions.created')}</TableHead>
                <TableHead>{t('personal.sessions.lastSeen')}</TableHead>
                <TableHead className="w-24" />
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((s) => (
                <TableRow key={s.sessionId} data-testid="session-row" data-current={s.current || undefined}>
                  <TableCell>
                    <span className="flex items-center gap-2">
                      <Monitor className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
                      <span className="break-all">{s.carrier || t('personal.sessions.unknown')}</span>
                      {s.current && <Badge variant="success">{t('personal.sessions.current')}</Badge>}
                    </span>
                  </TableCell>
                  <TableCell className="whitespace-nowrap tabular-nums">{s.ip ?? '--'}</TableCell>
                  <TableCell className="whitespace-nowrap tabular-nums">{formatDateTime(s.createdAt)}</TableCell>
                  <TableCell className="whitespace-nowrap tabular-nums">{formatDateTime(s.lastSeenAt)}</TableCell>
                  <TableCell className="text-right">
                    {!s.current && (
                      <Button type="button" variant="ghost" size="sm" className="h-9 text-destructive hover:text-destructive" onClick={() => void signOutOne(s)}>
                        {t('personal.sessions.signOut')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {others === 0 && <p className="border-t px-4 py-3 text-sm text-muted-foreground">{t('personal.sessions.onlyThis')}</p>}
        </div>
      )}
    </Section>
  )
}
