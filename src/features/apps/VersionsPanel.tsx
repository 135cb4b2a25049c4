/**
 * The versions of one application (SPEC §3 "Application version"): add main.sub.revision with its
 * installer package (the attachment: name, size and SHA-256 shown, streamed both ways) and a release
 * note; publish after confirmation (then it is fixed); enable or stop a published version. Clients
 * ask the gateway for the newest published version in use.
 */
import { useQueryClient } from '@tanstack/react-query'
import { toast } from '@/lib/toast'
import { Power, PowerOff, Send } from 'lucide-react'
import { VERSION_FIELDS } from '@/contract/fields/apps'
import { APP_PATHS, type Application, type AppVersion } from '@/contract/schemas/application'
import { Badge } from '@/components/ui/badge'
import { Sheet } from '@/components/ui/sheet'
import { confirm, formatDateTime, invalidateResource, PanelList, RowAction, type ListColumn } from '@/lib/crud'
import { DeclaredFields, FormField } from '@/lib/crud/forms'
import { FileFacts } from '@/lib/files'
import { http } from '@/lib/http'
import { useT } from '@/lib/i18n'
import { Can } from './permissions'
import { versionResource } from './resource'

const numberOf = (v: AppVersion) => `${v.major}.${v.minor}.${v.revision}`

export function VersionsPanel({ app, onClose }: { app: Application | null; onClose: () => void }) {
  const { t } = useT()
  return (
    <Sheet
      open={!!app}
      onOpenChange={(o) => !o && onClose()}
      className="max-w-4xl"
      title={t('apps.version.title', { app: app?.name ?? '' })}
      description={t('apps.version.description')}
    >
      <div className="flex-1 overflow-y-auto p-4">{app && <Versions app={app} />}</div>
    </Sheet>
  )
}

function Versions({ app }: { app: Application }) {
  const { t } = useT()
  const qc = useQueryClient()

  async function call(path: string, body: Record<string, unknown>, done: string) {
    try {
      await http.post(path, body)
      toast.success(done)
    } finally {
      await invalidateResource(qc, versionResource)
    }
  }
  async function publish(v: AppVersion) {
    const ok = await confirm({
      title: t('apps.version.publish'),
      description: t('apps.version.publishConfirm', { number: numberOf(v), app: app.name }),
      confirmText: t('apps.version.publish'),
    })
    if (ok) await call(APP_PATHS.publish, { applicationVersionId: v.applicationVersionId, version: v.version }, t('apps.version.published'))
  }
  async function enable(v: AppVersion, isUsed: boolean) {
    const ok = await confirm({
      title: t(isUsed ? 'apps.version.enable' : 'apps.version.disable'),
      description: t(isUsed ? 'apps.version.enableConfirm' : 'apps.version.disableConfirm', { number: numberOf(v) }),
      destructive: !isUsed,
    })
    if (ok)
      await call(
        APP_PATHS.enable,
        { applicationVersionId: v.applicationVersionId, version: v.version, isUsed },
        t(isUsed ? 'apps.version.enabled' : 'apps.version.disabled'),
      )
  }

  const columns: ListColumn<AppVersion>[] = [
    {
      key: 'major',
      header: t('apps.version.number'),
      sortable: true,
      cell: (v) => <span className="font-medium tabular-nums">{numberOf(v)}</span>,
    },
    {
      key: 'published',
      header: t('apps.version.state'),
      cell: (v) =>
        v.published ? (
          <Badge variant={v.isUsed ? 'success' : 'secondary'}>{t(v.isUsed ? 'apps.version.inUse' : 'apps.version.stopped')}</Badge>
        ) : (
          <Badge variant="outline">{t('apps.version.draft')}</Badge>
        ),
    },
    {
      key: 'releaseNote',
      header: t('apps.version.releaseNote'),
      className: 'max-w-[16rem] truncate',
      cell: (v) => <span title={v.releaseNote ?? ''}>{v.releaseNote}</span>,
    },
    {
      key: 'attachmentFileId',
      header: t('apps.version.attachment'),
      cell: (v) =>
        v.attachmentFile ? (
          // the checksum wraps to a second line rather than over the next columns
          <FileFacts file={v.attachmentFile} className="w-72" />
        ) : v.attachmentUrl ? (
          <a href={v.attachmentUrl} target="_blank" rel="noreferrer noopener" className="text-primary underline-offset-4 hover:underline">
            {t('apps.version.download')}
          </a>
        ) : (
          <span className="text-muted-foreground">--</span>
        ),
    },
    { key: 'publisher', header: t('apps.version.publisher') },
    {
      key: 'publishTime',
      header: t('apps.version.publishTime'),
      cell: (v) => <span className="tabular-nums text-muted-foreground">{formatDateTime(v.publishTime)}</span>,
    },
  ]

  return (
    <PanelList
      resource={versionResource}
      title={t('apps.version.title', { app: app.name })}
      columns={columns}
      extraQuery={{ applicationId: app.applicationId }}
      actions={{ add: 'publish', edit: 'publish', delete: 'publish' }}
      // a published version is fixed: only enable/disable is offered (the gateway refuses edits and deletes, 20021)
      canEdit={(v) => !v.published}
      canDelete={(v) => !v.published}
      rowActions={(v) => (
        <Can action="publish">
          {!v.published ? (
            <RowAction icon={<Send aria-hidden />} label={t('apps.version.publish')} onClick={() => void publish(v)} />
          ) : v.isUsed ? (
            <RowAction
              icon={<PowerOff aria-hidden />}
              tone="destructive"
              label={t('apps.version.disable')}
              onClick={() => void enable(v, false)}
            />
          ) : (
            <RowAction icon={<Power aria-hidden />} tone="success" label={t('apps.version.enable')} onClick={() => void enable(v, true)} />
          )}
        </Can>
      )}
      form={{
        size: 'lg',
        defaults: { applicationId: app.applicationId, major: 1, minor: 0, revision: 0 },
        render: () => (
          <DeclaredFields
            fields={VERSION_FIELDS}
            before={{
              releaseNote: <FormField name="attachmentFileId" label={t('apps.version.attachment')} kind="file" purpose="package" />,
            }}
          />
        ),
      }}
    />
  )
}
