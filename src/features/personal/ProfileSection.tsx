/**
 * Own basic information (name, with the record version), the account's valid periods and project as its
 * administrators set them (generalAccount/getLoggedInAccount), and the photo (JPG ≤ 2 MB, applied at once).
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { FormProvider, useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from '@/lib/toast'
import { Save } from 'lucide-react'
import { Code } from '@/contract/codes'
import { fieldOf } from '@/contract/fields'
import { ACCOUNT_FIELDS } from '@/contract/fields/account'
import { updateInfoBody, type PersonalInfo } from '@/contract/schemas/personal'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { formatDateTime } from '@/lib/crud'
import { DeclaredField, FormErrors } from '@/lib/crud/forms'
import { useLeaveGuard } from '@/lib/crud/dirty'
import { FileUpload } from '@/lib/files'
import { hasCode, isApiError } from '@/lib/http'
import { useT } from '@/lib/i18n'
import { personalApi, useApplyInfo } from './api'
import { applyError } from './form'
import { loggedInAccountQueryOptions } from './queries'
import { Section } from './Section'

export function ProfileSection({ info, readOnly }: { info: PersonalInfo; readOnly: boolean }) {
  const { t } = useT()
  const apply = useApplyInfo()
  const [formError, setFormError] = useState<string | null>(null)
  const [photoBusy, setPhotoBusy] = useState(false)
  const account = useQuery(loggedInAccountQueryOptions()).data
  const until = (value: string | null) => (value ? formatDateTime(value) : t('personal.profile.noLimit'))
  const form = useForm({
    resolver: zodResolver(updateInfoBody),
    defaultValues: { userName: info.userName ?? '', version: info.version },
    mode: 'onTouched',
  })
  useLeaveGuard(form.formState.isDirty)

  const submit = form.handleSubmit(async (values) => {
    setFormError(null)
    try {
      const saved = await personalApi.updateInfo(values)
      apply(saved)
      form.reset({ userName: saved.userName ?? '', version: saved.version })
      toast.success(t('personal.profile.saved'))
    } catch (e) {
      if (hasCode(e, Code.VERSION_CONFLICT) && e.data && typeof e.data === 'object') {
        const current = e.data as PersonalInfo
        apply(current)
        form.reset({ userName: current.userName ?? '', version: current.version })
        setFormError(t('personal.profile.conflict'))
        return
      }
      setFormError(applyError(form, e))
    }
  })

  const setPhoto = async (fileId: string | null) => {
    setPhotoBusy(true)
    try {
      apply(await personalApi.updatePhoto(fileId))
      toast.success(t(fileId ? 'personal.profile.photoSaved' : 'personal.profile.photoRemoved'))
    } catch (e) {
      if (isApiError(e) && e.kind === 'code') toast.error(e.message)
    } finally {
      setPhotoBusy(false)
    }
  }

  return (
    <div className="grid gap-5">
      <Section title={t('personal.profile.heading')}>
        <FormProvider {...form}>
          <form onSubmit={(e) => void submit(e)} noValidate className="grid max-w-2xl gap-4 sm:grid-cols-2">
            <FormErrors messages={formError ? [formError] : []} className="sm:col-span-2" />
            <ReadOnlyField
              label={t('personal.profile.accountName')}
              value={info.accountName}
              hint={t('personal.profile.accountNameHint')}
            />
            {readOnly ? (
              // a tourist reads the name like the fields beside it, not as a faded disabled input
              <ReadOnlyField label={t('personal.profile.userName')} value={info.userName || '--'} />
            ) : (
              <DeclaredField field={fieldOf(ACCOUNT_FIELDS, 'userName')} label={t('personal.profile.userName')} />
            )}
            <ReadOnlyField label={t('personal.profile.organisation')} value={info.organizationName ?? t('personal.card.noOrg')} />
            <ReadOnlyField label={t('personal.card.level')} value={levelText(t, info.level)} />
            {account && (
              <>
                <ReadOnlyField label={t('personal.profile.validUntil')} value={until(account.validUntil)} />
                <ReadOnlyField label={t('personal.profile.passwordValidUntil')} value={until(account.passwordValidUntil)} />
                {account.projectName && (
                  <div className="sm:col-span-2">
                    <ReadOnlyField
                      label={t('personal.profile.project')}
                      value={[account.projectName, account.projectOrganizationName, account.projectDepartmentName]
                        .filter(Boolean)
                        .join(' / ')}
                    />
                  </div>
                )}
              </>
            )}
            {!readOnly && (
              <div className="sm:col-span-2">
                <Button
                  type="submit"
                  className="h-10 min-w-24"
                  icon={Save}
                  disabled={!form.formState.isDirty}
                  pending={form.formState.isSubmitting}
                >
                  {t('personal.profile.save')}
                </Button>
              </div>
            )}
          </form>
        </FormProvider>
      </Section>

      <Section title={t('personal.profile.photo')} description={t('personal.profile.photoHint')}>
        <div className="max-w-md" aria-busy={photoBusy}>
          <FileUpload
            purpose="avatar"
            value={info.photo?.fileId ?? null}
            onChange={(v) => void setPhoto(typeof v === 'string' ? v : null)}
            disabled={readOnly || photoBusy}
          />
        </div>
      </Section>
    </div>
  )
}

export const levelText = (t: ReturnType<typeof useT>['t'], level: string) =>
  level === 'general' || level === 'registered' || level === 'tourist' ? t(`personal.levels.${level}`) : level

function ReadOnlyField({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label className="text-sm">{label}</Label>
      <div className="flex h-9 items-center truncate rounded-md border bg-muted/50 px-3 text-sm">{value}</div>
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
    </div>
  )
}
