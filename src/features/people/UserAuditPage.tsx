/**
 * /admin/user-audit: people waiting for review (registration, profile invitations, additions),
 * approved and rejected. Approve and reject per row and in batch, each after a confirm prompt;
 * a rejection needs a reason, shown in the list. Only pending records can be decided (the gateway's
 * account state machine refuses the rest): the actions and the batch selection are for those only.
 * A record waiting in a running audit process (a workflow model bound to this menu, issue 29) shows
 * 审批中 with the node it waits at; its task on 流程查询 decides it, so its 通过/驳回 are disabled
 * with the reason (the gateway refuses them too, 20021) and it cannot be selected.
 */
import { useState } from 'react'
import { Check, X } from 'lucide-react'
import { AUDIT_STATUSES, PEOPLE_FNS, type AuditRow, type AuditStatus } from '@/contract/schemas/people'
import type { ReviewDecision } from '@/contract/schemas/common'
import { ReviewDialog, type ReviewTarget } from '@/features/accounts'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { defineResource, enumOptions, formatDateTime, ListPage, RowAction, type FilterField, type ListColumn } from '@/lib/crud'
import { permissionsOf } from '@/lib/permissions'
import { useT } from '@/lib/i18n'
import { useAudit } from './api'
import { SubmissionDetails } from './SubmissionDetails'
import { auditList } from './queries'

/** <Can> of the 用户审核 screen: only its functions (src/contract/catalogue.ts) compile. */
const { Can } = permissionsOf('/admin/user-audit')

const auditResource = defineResource<AuditRow>({
  key: auditList.key,
  paths: { ...auditList.paths, add: '', update: '', delete: '' },
  idKey: 'userId',
  schemas: () => import('@/contract/schemas/people').then((m) => ({ add: m.auditBody, update: m.auditBody })),
})

const STATUS_BADGE: Record<AuditStatus, 'warning' | 'success' | 'destructive'> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'destructive',
}

/** The two decisions, as a row's action and as a batch button show them. */
const DECISIONS = [
  { decision: 'approve', icon: Check, tone: 'success', label: 'people.audit.approve', batch: 'people.audit.batchApprove' },
  { decision: 'reject', icon: X, tone: 'destructive', label: 'people.audit.reject', batch: 'people.audit.batchReject' },
] as const

/** Only a pending record can be approved or rejected. */
const isPending = (r: AuditRow) => r.auditStatus === 'pending'
/** A pending record not waiting in a running audit process: decided here. */
const isDecidable = (r: AuditRow) => isPending(r) && !r.process

export function UserAuditPage() {
  const { t } = useT()
  const audit = useAudit()
  const [reviewing, setReviewing] = useState<ReviewTarget | null>(null)
  const statusLabel = (s: AuditStatus) => t(`people.audit.status.${s}`)
  const processLabel = (nodes: string[]) =>
    nodes.length ? t('people.audit.processAt', { node: nodes.join('、') }) : t('people.audit.processRunning')

  /** The one review dialog of 账号 (issue 10 #1): approve with roles, or reject with a reason. */
  const review = (rows: AuditRow[], initial: ReviewDecision['decision'], done?: () => void) =>
    setReviewing({
      who: rows.length === 1 ? rows[0]!.name : t('people.audit.rejectMany', { n: rows.length }),
      initial,
      // one record: what it submitted (and what a profile changed) before the decision
      details: rows.length === 1 ? <SubmissionDetails userId={rows[0]!.userId} /> : undefined,
      toasts: true,
      done,
      submit: (d) => audit.mutateAsync({ userIds: rows.map((r) => r.userId), ...d }),
    })

  const filters: FilterField[] = [
    { name: 'keyword', label: t('people.audit.keyword'), placeholder: t('people.audit.keywordPlaceholder') },
    { name: 'auditStatus', label: t('people.field.auditStatus'), kind: 'select', options: enumOptions(AUDIT_STATUSES, statusLabel) },
  ]

  const columns: ListColumn<AuditRow>[] = [
    { key: 'name', header: t('people.field.name'), sortable: true, cell: (r) => <span className="font-medium">{r.name}</span> },
    {
      key: 'sex',
      header: t('people.field.sex'),
      cell: (r) => (r.sex ? t(`people.sex.${r.sex}`) : '--'),
      exportValue: (r) => (r.sex ? t(`people.sex.${r.sex}`) : ''),
    },
    { key: 'idCard', header: t('people.field.idCard'), cell: (r) => <span className="tabular-nums">{r.idCard ?? '--'}</span> },
    { key: 'cellphone', header: t('people.field.cellphone'), cell: (r) => <span className="tabular-nums">{r.cellphone ?? '--'}</span> },
    { key: 'accountName', header: t('people.field.accountName') },
    {
      key: 'organizationName',
      header: t('people.field.organization'),
      className: 'max-w-[14rem] truncate',
      cell: (r) => (
        <span title={[r.organizationName, r.departmentName].filter(Boolean).join(' / ')}>
          {[r.organizationName, r.departmentName].filter(Boolean).join(' / ') || '--'}
        </span>
      ),
    },
    {
      key: 'auditStatus',
      header: t('people.field.auditStatus'),
      cell: (r) =>
        r.process ? (
          <Badge variant="default">{processLabel(r.process.nodeNames)}</Badge>
        ) : (
          <Badge variant={STATUS_BADGE[r.auditStatus]}>{statusLabel(r.auditStatus)}</Badge>
        ),
      exportValue: (r) => (r.process ? processLabel(r.process.nodeNames) : statusLabel(r.auditStatus)),
    },
    {
      key: 'auditReason',
      header: t('people.audit.reason'),
      className: 'max-w-[16rem] truncate',
      cell: (r) => (r.auditReason ? <span title={r.auditReason}>{r.auditReason}</span> : <span className="text-muted-foreground">--</span>),
    },
    {
      key: 'submitKind',
      header: t('people.audit.kindColumn'),
      cell: (r) => (r.submitKind ? t(`people.audit.kind.${r.submitKind}`) : '--'),
      exportValue: (r) => (r.submitKind ? t(`people.audit.kind.${r.submitKind}`) : ''),
    },
    {
      key: 'submitTime',
      header: t('people.audit.submitTime'),
      sortable: true,
      cell: (r) => <span className="tabular-nums text-muted-foreground">{formatDateTime(r.submitTime) || '--'}</span>,
      exportValue: (r) => formatDateTime(r.submitTime),
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
        description={t('people.audit.description')}
        filters={filters}
        columns={columns}
        deletable={false}
        canSelect={isDecidable}
        rowActions={(r) =>
          isPending(r) ? (
            <Can action={PEOPLE_FNS.audit}>
              <>
                {DECISIONS.map(({ decision, icon: Icon, tone, label }) => (
                  <RowAction
                    key={decision}
                    icon={<Icon aria-hidden />}
                    label={t(label)}
                    tone={tone}
                    disabled={audit.isPending}
                    refused={r.process ? t('people.audit.inProcess') : undefined}
                    onClick={() => review([r], decision)}
                  />
                ))}
              </>
            </Can>
          ) : null
        }
        bulkActions={(ids, clear, selected) => (
          <Can action={PEOPLE_FNS.audit}>
            <>
              {DECISIONS.map(({ decision, icon, batch }) => (
                <Button
                  key={decision}
                  variant="outline"
                  icon={icon}
                  disabled={ids.length === 0 || audit.isPending}
                  onClick={() => review(selected, decision, clear)}
                >
                  {t(batch)}
                </Button>
              ))}
            </>
          </Can>
        )}
      />
      <ReviewDialog
        key={reviewing ? `${reviewing.who}-${reviewing.initial}` : 'none'}
        target={reviewing}
        onClose={() => setReviewing(null)}
      />
    </>
  )
}
