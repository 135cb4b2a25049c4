/** The bottom bar of an authorisation tab: what is selected, unsaved mark, reset and save. */
import { Button } from '@/components/ui/button'
import { useT } from '@/lib/i18n'

export function GrantFooter({
  summary,
  dirty,
  saving,
  canSave,
  onReset,
  onSave,
}: {
  summary: string
  dirty: boolean
  saving: boolean
  canSave: boolean
  onReset: () => void
  onSave: () => void
}) {
  const { t } = useT()
  return (
    <div className="flex flex-wrap items-center gap-2 border-t bg-background px-6 py-3">
      <span className="text-sm text-muted-foreground">{summary}</span>
      {dirty && <span className="text-sm font-medium text-amber-600">· {t('roles.auth.unsaved')}</span>}
      <span className="flex-1" />
      {canSave && (
        <>
          <Button variant="outline" className="h-10" disabled={!dirty || saving} onClick={onReset}>
            {t('common.reset')}
          </Button>
          <Button className="h-10 min-w-24" disabled={!dirty || saving} onClick={onSave}>
            {t('common.save')}
          </Button>
        </>
      )}
    </div>
  )
}
