/** An add across all the caller's projects: the project is chosen first, then the project's fields follow (ProjectListPage's formIn). */
import { Fragment, type ReactNode } from 'react'
import { useWatch } from 'react-hook-form'
import { FormField, type ResourceForm } from '@/lib/crud/form'
import { useT } from '@/lib/i18n'
import { useProjectOptions } from './index'

export function AnyProject<T extends { projectId: string }>({
  rf,
  defaults,
  fields,
}: {
  rf: ResourceForm<T>
  defaults: Record<string, unknown>
  fields: (projectId: string) => ReactNode
}) {
  const { t } = useT()
  const projects = useProjectOptions()
  const chosen = useWatch({ name: 'projectId' }) as string | undefined
  const projectId = rf.record?.projectId ?? chosen
  return (
    <>
      {!rf.record && (
        <div className="mb-4">
          <FormField
            name="projectId"
            label={t('projectStructure.picker.label')}
            kind="select"
            required
            placeholder={t('projectStructure.picker.placeholder')}
            options={(projects.data ?? []).map((p) => ({ value: p.projectId, label: p.projectName }))}
            onValueChange={(value) => rf.form.reset({ ...defaults, projectId: value })}
          />
        </div>
      )}
      {projectId && <Fragment key={projectId}>{fields(projectId)}</Fragment>}
    </>
  )
}
