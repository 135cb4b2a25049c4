/**
 * /admin/work-site-information (all the caller's projects, or one chosen in the picker) and
 * /admin/project-worksite-information (the signed-in account's project): the project's work sites —
 * search (name, code, address, manager), filters (line, status, type), a list whose rows open the
 * site card (tap the name), add / edit with the site form, delete. Edits work offline (DESIGN §4):
 * they are kept on the device with a pending mark and sync when the server can be reached; photos
 * taken offline go with them.
 *
 * On a 1024×768 tablet the name cell is a large tap target, the card opens as a drawer with a
 * tap-to-call button, and the form's fields are thumb-sized.
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Eye } from 'lucide-react'
import { WORK_SITE_FIELDS } from '@/contract/fields/workSite'
import type { WorkSite, WorkSiteResource } from '@/contract/schemas/workSite'
import {
  FormDialog,
  declaredColumns,
  declaredFilters,
  formatDateTime,
  lazyDialog,
  lazyForm,
  useTranslate,
  type FilterField,
  type ListColumn,
} from '@/lib/crud'
import { RowAction } from '@/lib/crud/list/RowActions'
import { useT } from '@/lib/i18n'
import { useMarks } from '@/lib/offline'
import { useCan } from '@/lib/permissions'
import { ProjectListScreen, usePickedProject } from '@/lib/project/ProjectListPage'
import { StatusBadge } from './StatusBadge'
import { workSiteOptionsQueryOptions, workSiteResources } from './queries'
import { siteSources } from './sources'

/** The site form's fields, loaded with the dialog's first open (./WorkSiteFields). */
const WorkSiteFields = lazyForm(() => import('./WorkSiteFields'), 'WorkSiteFields')
/** A site's card (its photos, its map link), loaded when a site is first opened. */
const SiteCard = lazyDialog(() => import('./SiteCard'), 'SiteCard')

const mileageRange = (s: WorkSite) => (s.startMileage && s.endMileage ? `${s.startMileage} ~ ${s.endMileage}` : '')

export function WorkSitePage({ variant }: { variant: WorkSiteResource }) {
  const { t } = useT()
  const tr = useTranslate()
  const perProject = variant === 'projectWorkSite'
  const picked = usePickedProject(!perProject)
  const { projectId } = picked
  const resource = workSiteResources[variant]
  const options = useQuery({ ...workSiteOptionsQueryOptions(variant, projectId ?? ''), enabled: !!projectId })
  const lines = options.data?.lines ?? []
  const marks = useMarks(resource.offline?.entity.entity)
  const canEdit = useCan('edit')
  const [card, setCard] = useState<WorkSite | null>(null)
  const [editing, setEditing] = useState<WorkSite | null>(null)
  const f = (k: string) => t(`workSites.field.${k}` as 'workSites.field.workSiteName')

  const sources = siteSources(options.data)
  const filters: FilterField[] = [
    { name: 'keyword', label: f('keyword'), placeholder: f('keywordPlaceholder') },
    ...declaredFilters(WORK_SITE_FIELDS, tr, sources),
  ]

  const columns: ListColumn<WorkSite>[] = [
    ...declaredColumns<WorkSite>(WORK_SITE_FIELDS, tr, {
      workSiteName: {
        cell: (s) => (
          <button
            type="button"
            className="-my-2 flex min-h-11 w-full items-center text-left font-medium text-primary underline-offset-4 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            onClick={() => setCard(s)}
          >
            {s.workSiteName}
          </button>
        ),
        exportValue: (s) => s.workSiteName,
      },
      workSiteCode: { cell: (s) => <span className="font-mono text-xs">{s.workSiteCode}</span> },
      status: { cell: (s) => <StatusBadge status={s.status} /> },
      // the range, start ~ end
      startMileage: {
        key: 'mileage',
        header: f('mileage'),
        cell: (s) =>
          s.startMileage && s.endMileage ? (
            <span className="whitespace-nowrap font-mono text-xs tabular-nums">{mileageRange(s)}</span>
          ) : (
            <span className="text-muted-foreground">--</span>
          ),
        exportValue: mileageRange,
      },
    }),
    ...(perProject || projectId
      ? []
      : [{ key: 'projectName', header: t('projectStructure.picker.label'), className: 'max-w-[12rem] truncate' } as ListColumn<WorkSite>]),
    {
      key: 'updateTime',
      header: f('updateTime'),
      sortable: true,
      defaultHidden: true,
      cell: (s) => <span className="tabular-nums text-muted-foreground">{s.updateTime ? formatDateTime(s.updateTime) : '--'}</span>,
      exportValue: (s) => (s.updateTime ? formatDateTime(s.updateTime) : ''),
    },
  ]

  const formFor = (pid: string) => ({
    size: 'xl' as const,
    defaults: { projectId: pid, status: 'building', lineId: lines[0]?.lineId ?? '', photoFileIds: [] },
    render: () => <WorkSiteFields variant={variant} projectId={pid} />,
    preload: WorkSiteFields.preload,
  })

  return (
    <ProjectListScreen
      {...picked}
      resource={resource}
      description={t('workSites.description')}
      filters={filters}
      columns={columns}
      rowActions={(s) => <RowAction icon={<Eye aria-hidden />} label={t('workSites.open')} tone="plain" onClick={() => setCard(s)} />}
      form={formFor}
    >
      {card && (
        <SiteCard
          site={card}
          mark={marks?.[card.workSiteId]}
          onClose={() => setCard(null)}
          onEdit={
            canEdit
              ? (s: WorkSite) => {
                  setCard(null)
                  setEditing(s)
                }
              : undefined
          }
        />
      )}
      {editing && (
        <FormDialog<WorkSite>
          key={editing.workSiteId}
          resource={resource}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          record={editing}
          size="xl"
          preload={WorkSiteFields.preload}
          onSaved={() => setEditing(null)}
        >
          {() => <WorkSiteFields variant={variant} projectId={editing.projectId} />}
        </FormDialog>
      )}
    </ProjectListScreen>
  )
}
