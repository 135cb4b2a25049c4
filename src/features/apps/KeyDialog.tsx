/** updateKey: after confirmation a new access key, shown once with a copy button; the old key stops working at once. */
import { useState } from 'react'
import { Check, Copy, KeyRound } from 'lucide-react'
import { APP_PATHS, type Application, type AppKeyAnswer } from '@/contract/schemas/application'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { confirm } from '@/lib/crud'
import { http } from '@/lib/http'
import { useT } from '@/lib/i18n'

export function useRotateKey() {
  const { t } = useT()
  const [shown, setShown] = useState<{ app: Application; key: AppKeyAnswer } | null>(null)
  async function rotate(app: Application) {
    const ok = await confirm({
      title: t('apps.key.title'),
      description: t('apps.key.confirm', { app: app.name }),
      confirmText: t('apps.key.rotate'),
      destructive: true,
    })
    if (!ok) return
    const key = await http.post<AppKeyAnswer>(APP_PATHS.updateKey, { applicationId: app.applicationId })
    setShown({ app, key })
  }
  return { rotate, dialog: <KeyShown shown={shown} onClose={() => setShown(null)} /> }
}

function KeyShown({ shown, onClose }: { shown: { app: Application; key: AppKeyAnswer } | null; onClose: () => void }) {
  const { t } = useT()
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    await navigator.clipboard?.writeText(shown?.key.appKey ?? '').catch(() => undefined)
    setCopied(true)
  }
  return (
    <Dialog open={!!shown} onOpenChange={(o) => !o && (setCopied(false), onClose())}>
      <DialogContent closeLabel={t('common.close')} className="max-w-lg">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <KeyRound aria-hidden className="size-5" />
            {t('apps.key.newTitle', { app: shown?.app.name ?? '' })}
          </DialogTitle>
          <DialogDescription>{t('apps.key.once')}</DialogDescription>
        </DialogHeader>
        <output aria-label={t('apps.key.label')} className="block break-all rounded-md border bg-muted/40 p-3 font-mono text-sm">
          {shown?.key.appKey}
        </output>
        <DialogFooter>
          <Button variant="outline" onClick={() => void copy()}>
            {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
            {t(copied ? 'apps.key.copied' : 'apps.key.copy')}
          </Button>
          <Button onClick={onClose}>{t('apps.key.done')}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
