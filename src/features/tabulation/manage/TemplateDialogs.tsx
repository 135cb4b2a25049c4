/** The template dialogs besides add: edit basics (the draft's sheet sent back unchanged), copy, import an .xlsx. */
import { useId, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useWatch } from 'react-hook-form'
import {
  TABULATION_API,
  TAB_IMPORT_MAX_BYTES,
  tabImportQuery,
  tabTemplateCopy,
  type TabTemplateDetail,
  type TabTemplateRow,
} from '@/contract/schemas/tabulation'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { FORM_HANDLED_CODES, FormDialog, invalidateResource } from '@/lib/crud'
import { ActionDialog, FormField, FormGrid, useActionForm } from '@/lib/crud/forms'
import { http } from '@/lib/http'
import { useT } from '@/lib/i18n'
import { applicationOptionsQueryOptions, menuOptionsQueryOptions } from '@/features/workflow/queries'
import { processOptionsQueryOptions } from '../queries'
import { useGroups } from './GroupTree'
import { templateResource } from './resource'

/** The basics every template form shows: group, name, code, description; and, but in the import, the workflow a submit starts. */
export function TemplateFields({ process = true }: { process?: boolean }) {
  const { t } = useT()
  const { options } = useGroups()
  const processes = useQuery({ ...processOptionsQueryOptions(), enabled: process })
  // the application and the menu the template serves (the menus of the chosen application)
  const apps = useQuery({ ...applicationOptionsQueryOptions(), enabled: process })
  const appId = useWatch({ name: 'applicationId' }) as string | null | undefined
  const menus = useQuery({ ...menuOptionsQueryOptions(appId ?? ''), enabled: process && !!appId })
  return (
    <FormGrid>
      <FormField name="tabGroupId" label={t('tabulation.manage.field.group')} kind="select" options={options} required />
      <FormField name="name" label={t('tabulation.manage.field.name')} required maxLength={100} />
      <FormField name="code" label={t('tabulation.manage.field.code')} required maxLength={64} />
      {process && (
        <>
          <FormField
            name="applicationId"
            label={t('tabulation.manage.field.application')}
            kind="select"
            options={(apps.data ?? []).map((a) => ({ value: a.applicationId, label: a.name }))}
          />
          <FormField
            name="applicationMenuId"
            label={t('tabulation.manage.field.menu')}
            kind="select"
            options={(menus.data ?? []).filter((m) => m.action).map((m) => ({ value: m.applicationMenuId, label: m.menuName }))}
          />
        </>
      )}
      {process && (
        <FormField
          name="wfModelKey"
          label={t('tabulation.manage.field.process')}
          kind="select"
          options={processes.data ?? []}
          hint={t('tabulation.manage.processHint')}
        />
      )}
      <FormField name="description" label={t('tabulation.manage.field.description')} kind="textarea" maxLength={500} />
    </FormGrid>
  )
}

/** Edit a template's basics: the detail (with its sheet and version) is read first by the caller. */
export function EditBasicsDialog({ detail, onClose }: { detail: TabTemplateDetail; onClose: () => void }) {
  const { t } = useT()
  return (
    <FormDialog
      resource={templateResource}
      record={detail}
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('tabulation.manage.editTitle', { name: detail.name })}
    >
      <TemplateFields />
    </FormDialog>
  )
}

/** After a copy or an import: the template lists refetch, the dialog closes. */
function useTemplatesChanged(onClose: () => void) {
  const qc = useQueryClient()
  return () => {
    void invalidateResource(qc, templateResource)
    onClose()
  }
}

type CopyValues = { tabTemplateId: string; name: string; code: string }

export function CopyDialog({ template, onClose }: { template: TabTemplateRow; onClose: () => void }) {
  const { t } = useT()
  const action = useActionForm<CopyValues>({
    schema: tabTemplateCopy,
    defaultValues: {
      tabTemplateId: template.tabTemplateId,
      name: t('tabulation.manage.copyName', { name: template.name }).slice(0, 100),
      code: `${template.code}-copy`.slice(0, 64),
    },
    action: (v) => http.post(TABULATION_API.template.copy, v, { handled: FORM_HANDLED_CODES }),
    success: t('tabulation.manage.copied'),
    onDone: useTemplatesChanged(onClose),
  })
  return (
    <ActionDialog
      open
      onClose={onClose}
      title={t('tabulation.manage.copyTitle', { name: template.name })}
      description={t('tabulation.manage.copyDescription')}
      action={action}
    >
      <FormField name="name" label={t('tabulation.manage.field.name')} required maxLength={100} />
      <FormField name="code" label={t('tabulation.manage.field.code')} required maxLength={64} />
    </ActionDialog>
  )
}

type ImportValues = { tabGroupId: string; name: string; code: string; description?: string }

/** A new template from an .xlsx: its basics as the upload's query, the workbook as multipart `file`. */
export function ImportTemplateDialog({ groupId, onClose }: { groupId: string | null; onClose: () => void }) {
  const { t } = useT()
  const inputId = useId()
  const [file, setFile] = useState<File | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const checkFile = (f: File | null): string | null => {
    if (!f) return t('tabulation.manage.import.fileRequired')
    if (!/\.xlsx$/i.test(f.name)) return t('tabulation.manage.import.notXlsx')
    if (f.size > TAB_IMPORT_MAX_BYTES) return t('tabulation.manage.import.tooBig', { n: TAB_IMPORT_MAX_BYTES / 1024 / 1024 })
    return null
  }
  const action = useActionForm<ImportValues>({
    schema: tabImportQuery,
    defaultValues: { tabGroupId: groupId ?? '', name: '', code: '', description: '' },
    confirm: () => {
      const why = checkFile(file)
      setFileError(why)
      return why === null
    },
    action: (v) => {
      const form = new FormData()
      form.append('file', file!)
      const params: Record<string, string> = { tabGroupId: v.tabGroupId, name: v.name, code: v.code }
      if (v.description) params.description = v.description
      return http.upload(TABULATION_API.template.import, form, { params, handled: FORM_HANDLED_CODES })
    },
    success: t('tabulation.manage.import.done'),
    onDone: useTemplatesChanged(onClose),
  })
  return (
    <ActionDialog
      open
      onClose={onClose}
      title={t('tabulation.manage.import.title')}
      description={t('tabulation.manage.import.description')}
      action={action}
      submitText={t('tabulation.manage.import.submit')}
      className="sm:max-w-2xl"
    >
      <TemplateFields process={false} />
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={inputId}>
          {t('tabulation.manage.import.file')}
          <span className="ml-0.5 text-destructive" aria-hidden>
            *
          </span>
        </Label>
        <Input
          id={inputId}
          type="file"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          aria-invalid={fileError ? true : undefined}
          aria-describedby={`${inputId}-hint`}
          onChange={(e) => {
            const f = e.target.files?.[0] ?? null
            setFile(f)
            setFileError(f ? checkFile(f) : null)
          }}
        />
        <p id={`${inputId}-hint`} className={fileError ? 'text-sm text-destructive' : 'text-xs text-muted-foreground'}>
          {fileError ?? t('tabulation.manage.import.fileHint', { n: TAB_IMPORT_MAX_BYTES / 1024 / 1024 })}
        </p>
      </div>
    </ActionDialog>
  )
}
