/** A template's published versions (tabulation/versionList): V{n}, publish time, fill-in cells, each exported as .xlsx. */
import { useQuery } from '@tanstack/react-query'
import { Download } from 'lucide-react'
import { TABULATION_API, type TabTemplateRow } from '@/contract/schemas/tabulation'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Sheet } from '@/components/ui/sheet'
import { Skeleton } from '@/components/ui/skeleton'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { formatDateTime } from '@/lib/crud'
import { useDownload } from '@/lib/files'
import { useT } from '@/lib/i18n'
import { toast } from '@/lib/toast'
import { Can } from '../permissions'
import { templateVersionsQueryOptions } from '../queries'

export function VersionsSheet({ template, onClose }: { template: TabTemplateRow; onClose: () => void }) {
  const { t } = useT()
  return (
    <Sheet
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('tabulation.manage.versions.title', { name: template.name })}
      description={t('tabulation.manage.versions.description')}
      className="max-w-2xl"
    >
      <Versions template={template} />
    </Sheet>
  )
}

function Versions({ template }: { template: TabTemplateRow }) {
  const { t } = useT()
  const versions = useQuery(templateVersionsQueryOptions(template.tabTemplateId))
  const file = useDownload()
  const exportVersion = async (versionNo: number) => {
    const ok = await file.download(TABULATION_API.template.export, `${template.code}-V${versionNo}.xlsx`, {
      tabTemplateId: template.tabTemplateId,
      versionNo,
    })
    if (ok) toast.success(t('files.export.done'))
  }
  if (versions.isPending) return <Skeleton className="m-6 h-32" />
  const rows = versions.data ?? []
  return (
    <div className="min-h-0 flex-1 overflow-auto px-6 py-4">
      {rows.length === 0 ? (
        <p className="py-10 text-center text-sm text-muted-foreground">{t('tabulation.manage.versions.empty')}</p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{t('tabulation.manage.versions.version')}</TableHead>
              <TableHead>{t('tabulation.manage.versions.publishTime')}</TableHead>
              <TableHead className="text-right">{t('tabulation.manage.versions.fillIns')}</TableHead>
              <TableHead className="text-right">{t('common.actions')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((v) => (
              <TableRow key={v.tabVersionId}>
                <TableCell>
                  <Badge variant={v.versionNo === template.currentVersionNo ? 'success' : 'secondary'}>
                    {t('tabulation.versionLabel', { n: v.versionNo })}
                  </Badge>
                </TableCell>
                <TableCell className="tabular-nums text-muted-foreground">{formatDateTime(v.publishTime)}</TableCell>
                <TableCell className="text-right tabular-nums">{v.fillInCount}</TableCell>
                <TableCell className="text-right">
                  <Can action="export">
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      icon={Download}
                      disabled={file.busy}
                      aria-label={t('tabulation.manage.versions.exportOne', { n: v.versionNo })}
                      onClick={() => void exportVersion(v.versionNo)}
                    >
                      {t('tabulation.manage.versions.export')}
                    </Button>
                  </Can>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  )
}
