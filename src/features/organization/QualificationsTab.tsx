/** 资质 of a unit: cards with level, category, validity (expired ones marked) and scan thumbnails; edited as a whole in a dialog. */
import { useState } from 'react'
import { AlertTriangle, Award, FileText, ImageOff, Pencil } from 'lucide-react'
import { ORG_QUALIFICATION_FIELDS } from '@/contract/fields/org'
import { orgQualificationFull, type OrgQualification } from '@/contract/schemas/org'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Skeleton } from '@/components/ui/skeleton'
import { todayDate } from '@/lib/crud'
import { DeclaredFields, FormField } from '@/lib/crud/forms'
import { useT } from '@/lib/i18n'
import { Can } from './permissions'
import { cn } from '@/lib/utils'
import { useSublist } from './api'
import { blankItem, SublistEditor } from './SublistEditor'

const SOON_DAYS = 90
const daysUntil = (date: string) => Math.ceil((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${todayDate()}T00:00:00Z`)) / 86_400_000)

function Scan({ url, mime, label }: { url: string | null; mime: string | null; label: string }) {
  const { t } = useT()
  const box = 'flex h-20 w-28 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-muted'
  if (!url)
    return (
      <span
        className={cn(box, 'flex-col gap-1 text-xs text-muted-foreground')}
        title={`${label}：${t('organization.qualification.noScan')}`}
      >
        <ImageOff className="h-4 w-4" aria-hidden />
        {label}
      </span>
    )
  return (
    <a href={url} target="_blank" rel="noreferrer noopener" className={cn(box, 'hover:ring-2 hover:ring-ring')} title={label}>
      {mime?.startsWith('image/') ? (
        <img src={url} alt={label} className="h-full w-full object-cover" loading="lazy" />
      ) : (
        <FileText className="h-6 w-6 text-muted-foreground" aria-label={label} />
      )}
    </a>
  )
}

export function QualificationsTab({ organizationId }: { organizationId: string }) {
  const { t } = useT()
  const q = useSublist<OrgQualification>('orgQualification', organizationId)
  const [editing, setEditing] = useState(false)
  const items = q.data ?? []

  return (
    <div className="grid gap-4">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">{t('organization.sublist.count', { n: items.length })}</p>
        <Can action="qualification">
          <Button onClick={() => setEditing(true)} disabled={q.isPending}>
            <Pencil aria-hidden />
            {t('organization.qualification.edit')}
          </Button>
        </Can>
      </div>
      {q.isPending ? (
        <Skeleton className="h-32" />
      ) : items.length === 0 ? (
        <p className="flex flex-col items-center gap-2 rounded-md border border-dashed px-4 py-10 text-sm text-muted-foreground">
          <Award className="h-8 w-8 opacity-50" aria-hidden />
          {t('organization.qualification.empty')}
        </p>
      ) : (
        <ul className="grid gap-3 xl:grid-cols-2">
          {items.map((item) => {
            const left = daysUntil(item.validTo)
            const expired = left < 0
            return (
              <li
                key={item.orgQualificationId}
                className={cn('flex flex-col gap-3 rounded-lg border bg-card p-4', expired && 'border-destructive/40 bg-destructive/5')}
                data-expired={expired || undefined}
              >
                <div className="min-w-0 space-y-2">
                  <div className="flex flex-wrap items-center gap-2">
                    <h4 className="min-w-0 font-medium">{item.qualificationName}</h4>
                    <Badge variant="outline">{t(`organization.qualification.levels.${item.level}`)}</Badge>
                    <Badge variant="secondary">{t(`organization.qualification.categories.${item.category}`)}</Badge>
                    {expired ? (
                      <Badge variant="destructive">
                        <AlertTriangle className="mr-1 h-3 w-3" aria-hidden />
                        {t('organization.qualification.expired')}
                      </Badge>
                    ) : left <= SOON_DAYS ? (
                      <Badge variant="warning">{t('organization.qualification.expiring', { days: left })}</Badge>
                    ) : null}
                  </div>
                  <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
                    <dt className="text-muted-foreground">{t('organization.qualification.validity')}</dt>
                    <dd className={cn('whitespace-nowrap tabular-nums', expired && 'text-destructive')}>
                      {item.validFrom} ~ {item.validTo}
                    </dd>
                    {item.certificateNo && (
                      <>
                        <dt className="text-muted-foreground">{t('organization.qualification.certificateNo')}</dt>
                        <dd className="break-all">{item.certificateNo}</dd>
                      </>
                    )}
                    {item.issuer && (
                      <>
                        <dt className="text-muted-foreground">{t('organization.qualification.issuer')}</dt>
                        <dd>{item.issuer}</dd>
                      </>
                    )}
                  </dl>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Scan url={item.frontUrl} mime={item.frontMime} label={t('organization.qualification.front')} />
                  <Scan url={item.backUrl} mime={item.backMime} label={t('organization.qualification.back')} />
                </div>
              </li>
            )
          })}
        </ul>
      )}

      <Dialog open={editing} onOpenChange={setEditing}>
        <DialogContent className="flex max-h-[92vh] flex-col gap-0 p-0 sm:max-w-4xl" onInteractOutside={(e) => e.preventDefault()}>
          <DialogHeader className="border-b px-6 py-4">
            <DialogTitle>{t('organization.qualification.edit')}</DialogTitle>
            <DialogDescription>{t('organization.sublist.count', { n: items.length })}</DialogDescription>
          </DialogHeader>
          <div className="flex-1 overflow-y-auto px-6 pt-4">
            {editing && (
              <SublistEditor
                name="orgQualification"
                organizationId={organizationId}
                schema={orgQualificationFull}
                items={items as unknown as Record<string, unknown>[]}
                label={t('organization.tabs.qualification')}
                newItem={() => blankItem(ORG_QUALIFICATION_FIELDS, 'frontFileId', 'backFileId')}
                itemTitle={(item, i) =>
                  item.qualificationName ? String(item.qualificationName) : `${t('organization.qualification.entity')} #${i + 1}`
                }
                emptyText={t('organization.qualification.empty')}
                action="qualification"
                onSaved={() => setEditing(false)}
                onCancel={() => setEditing(false)}
              >
                {(p) => (
                  <DeclaredFields fields={ORG_QUALIFICATION_FIELDS} prefix={p}>
                    <FormField name={`${p}.frontFileId`} label={t('organization.qualification.front')} kind="file" purpose="scan" />
                    <FormField name={`${p}.backFileId`} label={t('organization.qualification.back')} kind="file" purpose="scan" />
                  </DeclaredFields>
                )}
              </SublistEditor>
            )}
          </div>
        </DialogContent>
      </Dialog>
    </div>
  )
}
