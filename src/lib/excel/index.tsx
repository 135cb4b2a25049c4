/**
 * Excel import and export from any list page (gateway: registerImportExport).
 *
 *   <ListPage resource={roleResource} exportable={false} toolbar={({ query }) => (
 *     <ExcelActions resource={roleResource} query={query} />
 *   )} … />
 *
 * ExcelActions is <ImportDialog> (its button gated by <Can action="import">) and <ExportButton>
 * (gated by <Can action="export">); a screen that needs more (a target, a label) uses them itself.
 * The paths come from the resource (`/api/admin/v1/role/listPage` → `/api/admin/v1/role/import…`),
 * or pass `paths={importExportPaths('user')}`. Files go through the signed client (multipart with
 * progress; xlsx downloads as blobs).
 */
import { useState } from 'react'
import { toast } from '@/lib/toast'
import { Download, FileUp } from 'lucide-react'
import type { ImportExportPaths } from '@/contract/files'
import { Button } from '@/components/ui/button'
import { lazyComponent, OnceOpened } from '@/lib/chunks'
// the module itself, not the files index: that one brings the upload control and its progress bar
import { useDownload } from '@/lib/files/download'
import { useT } from '@/lib/i18n'
import { useIntent } from '@/lib/commands'
import { Can, useCan } from '@/lib/permissions'
import { excelPaths, type ImportDialogProps, type ResourceLike } from './paths'

export { excelPaths, type ImportDialogProps } from './paths'

/** The dialog and its steps, loaded when it first opens (./ImportBody): a list with an import button starts without them. */
const ImportDialogOpen = lazyComponent(() => import('./ImportBody'), 'ImportDialogOpen')

export function ExportButton({
  resource,
  query = {},
  paths,
  label,
}: {
  resource: ResourceLike
  query?: Record<string, unknown>
  paths?: ImportExportPaths
  label?: string
}) {
  const { t } = useT()
  const file = useDownload()
  const run = async () => {
    if (await file.download((paths ?? excelPaths(resource)).export, `${resource.key}.xlsx`, query)) toast.success(t('files.export.done'))
  }
  return (
    <Can action="export">
      <Button variant="outline" onClick={() => void run()} icon={Download} pending={file.busy}>
        {file.busy ? t('files.export.exporting') : (label ?? t('files.export.button'))}
      </Button>
    </Can>
  )
}

/** A list's Excel import and export of its current query, side by side (a ListPage's `toolbar`). */
export function ExcelActions({ resource, query }: { resource: ResourceLike; query: Record<string, unknown> }) {
  return (
    <>
      <ImportDialog resource={resource} />
      <ExportButton resource={resource} query={query} />
    </>
  )
}

/** The 导入 button and its dialog: template, upload with progress, processing progress, summary, failure report, re-upload. */
export function ImportDialog(props: ImportDialogProps) {
  const { t } = useT()
  const [open, setOpen] = useState(false)
  // the palette's 导入… commands open it
  useIntent('import', () => setOpen(true), useCan('import'))
  return (
    <>
      <Can action="import">
        <Button variant="outline" onClick={() => setOpen(true)} icon={FileUp}>
          {t('files.import.button')}
        </Button>
      </Can>
      <OnceOpened open={open}>
        <ImportDialogOpen {...props} open={open} onOpenChange={setOpen} />
      </OnceOpened>
    </>
  )
}
