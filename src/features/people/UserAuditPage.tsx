/**
 * /admin/user-audit: people waiting for review (registration, profile invitations, additions),
 * approved and rejected. Approve and reject per row and in batch, each after a confirm prompt;
 * a rejection needs a reason, shown in the list. Only pending records can be decided (the gateway's
 * account state machine refuses the rest): the actions and the batch selection are for those only.
 */
import { useState } from 'react'
import { Check, X } from 'lucide-react'
import { AUDIT_STATUSES, auditBody, PEOPLE_FNS, type AuditRow, type AuditStatus } from '@/contract/schemas/people'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { ActionDialog, confirm, defineResource, enumOptions, formatDateTime, FormField, ListPage, RowAction, useActionForm, type FilterField, type ListColumn } from '@/lib/crud'
import { permissionsOf } from '@/lib/permissions'
import { useT } from '@/lib/i18n'
import { useAudit } from './api'
import { auditList } from './queries'

/** <Can> of the 用户审核 screen: only its functions (src/contract/catalogue.ts) compile. */
const { Can } = permissionsOf('/admin/user-audit')

const auditResource = defineResource<AuditRow>({
  key: auditList.key,
  paths: { ...auditList.paths, add: '', update: '', delete: '' },
  idKey: 'userId',
  addSchema: auditBody,
  updateSchema: auditBody,
})

const STATUS_BADGE: Record<AuditStatus, 'warning' | 'success' | 'destructive'> = { pending: 'warning', approved: 'success', rejected: 'destructive' }

/** Only a pending record can be approved or rejected. */
const isPending = (r: AuditRow) => r.auditStatus === 'pending'

type Rejecting = { ids: string[]; who: string; done?: () => void } | null

export function UserAuditPage() {
  const { t } = useT()
  const audit = useAudit()
  const [rejecting, setRejecting] = useState<Rejecting>(null)
  const statusLabel = (s: AuditStatus) => t(`people.audit.status.${s}`)

  const approve = async (ids: string[], who: string | null, done?: () => void) => {
    const ok = await confirm({ title: t('people.audit.approveTitle'), description: who ? t('people.audit.approveConfirm', { name: who }) : t('people.audit.approveManyConfirm', { n: ids.length }) })
    if (!ok) return
    try {
      await audit.mutateAsync({ userIds: ids, decision: 'approve' })
      done?.()
    } catch {
      /* the client has shown the error */
    }
  }

  const filters: FilterField[] = [
    { name: 'keyword', label: t('people.audit.keyword'), placeholder: t('people.audit.keywordPlaceholder') },
    { name: 'auditStatus', label: t('people.field.auditStatus'), kind: 'select', options: enumOptions(AUDIT_STATUSES, statusLabel) },
  ]

  const columns: ListColumn<AuditRow>[] = [
    { key: 'name', header: t('people.field.name'), sortable: true, cell: (r) => <span className="font-medium">{r.name}</span> },
    { key: 'sex', header: t('people.field.sex'), cell: (r) => (r.sex ? t(`people.sex.${r.sex}`) : '--'), exportValue: (r) => (r.sex ? t(`people.sex.${r.sex}`) : '') },
    { key: 'idCard', header: t('people.field.idCard'), cell: (r) => <span className="tabular-nums">{r.idCard ?? '--'}</span> },
    { key: 'cellphone', header: t('people.field.cellphone'), cell: (r) => <span className="tabular-nums">{r.cellphone ?? '--'}</span> },
    { key: 'accountName', header: t('people.field.accountName') },
    {
      key: 'organizationName',
      header: t('people.field.organization'),
      className: 'max-w-[14rem] truncate',
      cell: (r) => <span title={[r.organizationName, r.departmentName].filter(Boolean).join(' / ')}>{[r.organizationName, r.departmentName].filter(Boolean).join(' / ') || '--'}</span>,
    },
    {
      key: 'auditStatus',
      header: t('people.field.auditStatus'),
      cell: (r) => <Badge variant={STATUS_BADGE[r.auditStatus]}>{statusLabel(r.auditStatus)}</Badge>,
      exportValue: (r) => statusLabel(r.auditStatus),
    },
    {
      key: 'auditReason',
      header: t('people.audit.reason'),
      className: 'max-w-[16rem] truncate',
      cell: (r) => (r.auditReason ? <span title={r.auditReason}>{r.auditReason}</span> : <span className="text-muted-foreground">--</span>),
    },
    {
      key: 'createTime',
      header: t('people.audit.submitTime'),
      sortable: true,
      cell: (r) => <span className="tabular-nums text-muted-foreground">{formatDateTime(r.createTime)}</span>,
      exportValue: (r) => formatDateTime(r.createTime),
    },
    { key: 'auditBy', header: t('people.audit.auditBy'), defaultHidden: true },
    {
      key: 'auditTime',
      header: t('people.audit.auditTime'),
      sortable: true,
      defaultHidden: true,
      cell: (r) => formatDateTime(r.auditTime) || '--',
      exportValue: (r) => formatDateTime(r.auditTime),
    },
  ]

  return (
    <>
      <ListPage
        resource={auditResource}
        title={t('people.audit.title')}
        description={t('people.audit.description')}
        filters={filters}
        columns={columns}
        deletable={false}
        canSelect={isPending}
        rowActions={(r) =>
          isPending(r) ? (
            <>
              <Can action={PEOPLE_FNS.audit}>
                <RowAction icon={<Check aria-hidden />} label={t('people.audit.approve')} tone="success" disabled={audit.isPending} onClick={() => void approve([r.userId], r.name)} />
              </Can>
              <Can action={PEOPLE_FNS.audit}>
                <RowAction
                  icon={<X aria-hidden />}
                  label={t('people.audit.reject')}
                  tone="destructive"
                  disabled={audit.isPending}
                  onClick={() => setRejecting({ ids: [r.userId], who: r.name })}
                />
              </Can>
            </>
          ) : null
        }
        bulkActions={(ids, clear) => (
          <>
            <Can action={PEOPLE_FNS.audit}>
              <Button variant="outline" disabled={ids.length === 0 || audit.isPending} onClick={() => void approve(ids, null, clear)}>
                <Check aria-hidden />
                {t('people.audit.batchApprove')}
              </Button>
            </Can>
            <Can action={PEOPLE_FNS.audit}>
              <Button
                variant="outline"
                disabled={ids.length === 0 || audit.isPending}
                onClick={() => setRejecting({ ids, who: t('people.audit.rejectMany', { n: ids.length }), done: clear })}
              >
                <X aria-hidden />
                {t('people.audit.batchReject')}
              </Button>
            </Can>
          </>
        )}
      />
      <RejectDialog key={rejecting?.ids.join(',') ?? 'none'} rejecting={rejecting} onClose={() => setRejecting(null)} />
    </>
  )
}

/** The reason of a rejection: required, at most 200 characters (the contract's auditBody); a confirmation, then the call. */
function RejectDialog({ rejecting, onClose }: { rejecting: Rejecting; onClose: () => void }) {
  const { t } = useT()
  const audit = useAudit()
  const action = useActionForm({
    schema: auditBody,
    defaultValues: { userIds: rejecting?.ids ?? [], decision: 'reject', reason: '' },
    confirm: () => confirm({ title: t('people.audit.rejectTitle'), description: t('people.audit.rejectConfirm', { n: rejecting?.ids.length ?? 0 }), destructive: true, confirmText: t('people.audit.reject') }),
    action: (v) => audit.mutateAsync({ userIds: v.userIds as string[], decision: 'reject', reason: String(v.reason).trim() }),
    // the call toasts how many were rejected
    success: false,
    onDone: () => {
      rejecting?.done?.()
      onClose()
    },
  })
  return (
    <ActionDialog
      open={!!rejecting}
      onClose={onClose}
      title={t('people.audit.rejectTitle')}
      description={t('people.audit.rejectFor', { who: rejecting?.who ?? '' })}
      action={action}
      submitText={t('people.audit.reject')}
      destructive
    >
      <FormField name="reason" label={t('people.audit.reason')} kind="textarea" required maxLength={200} />
    </ActionDialog>
  )
}
