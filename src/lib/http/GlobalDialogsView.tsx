/**
 * Renders what the request client asks for (./dialogs.ts): error boxes (title 错误), message
 * boxes, the 20119 alert, and the 20112 re-login password prompt. Loaded by ./GlobalDialogs the
 * first time there is one to show (the dialog primitives stay out of the entry).
 */
import { useState, type FormEvent } from 'react'
import { AlertCircle, Info, LockKeyhole } from 'lucide-react'
import { AlertBox, AlertDialogAction } from '@/components/ui/alert-dialog'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { useT } from '@/lib/i18n'
import { cancelPasswordPrompt, dialogsStore, dismissBox, submitPasswordPrompt, type PasswordPromptState } from './dialogs'

export function GlobalDialogsView() {
  const { t } = useT()
  const box = dialogsStore.use((s) => s.boxes[0])
  const prompt = dialogsStore.use((s) => s.prompt)
  return (
    <>
      {box && !prompt && (
        <AlertBox
          onOpenChange={(open) => !open && dismissBox(box.id)}
          data-testid={`dialog-${box.kind}`}
          icon={box.kind === 'error' ? <AlertCircle className="h-5 w-5 text-destructive" /> : <Info className="h-5 w-5 text-primary" />}
          title={box.kind === 'error' ? t('common.error') : box.kind === 'alert' ? t('auth.dialogs.alertTitle') : t('common.notice')}
          description={box.message}
          descriptionClassName="text-foreground/80"
          footer={<AlertDialogAction onClick={() => dismissBox(box.id)}>{t('common.ok')}</AlertDialogAction>}
        />
      )}
      {prompt && <PasswordPrompt prompt={prompt} />}
    </>
  )
}

function PasswordPrompt({ prompt }: { prompt: PasswordPromptState }) {
  const { t } = useT()
  const [password, setPassword] = useState('')
  const [local, setLocal] = useState<string | null>(null)
  const error = local ?? prompt.error

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    if (!password) {
      setLocal(t('auth.relogin.empty'))
      return
    }
    setLocal(null)
    void submitPasswordPrompt(password).then(() => setPassword(''))
  }

  return (
    <Dialog open onOpenChange={() => undefined}>
      <DialogContent
        hideClose
        onEscapeKeyDown={(e) => e.preventDefault()}
        onPointerDownOutside={(e) => e.preventDefault()}
        onInteractOutside={(e) => e.preventDefault()}
        data-testid="relogin-dialog"
        className="max-w-md"
      >
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle className="flex items-center gap-2">
              <LockKeyhole className="h-5 w-5 text-primary" />
              {t('auth.relogin.title')}
            </DialogTitle>
            <DialogDescription>{t('auth.relogin.description', { account: prompt.accountName })}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="relogin-password">{t('auth.relogin.password')}</Label>
            <Input
              id="relogin-password"
              type="password"
              autoComplete="current-password"
              autoFocus
              value={password}
              placeholder={t('auth.relogin.placeholder')}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'relogin-error' : undefined}
              onChange={(e) => {
                setPassword(e.target.value)
                if (local) setLocal(null)
              }}
              disabled={prompt.busy}
            />
            {error && (
              <p id="relogin-error" role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={cancelPasswordPrompt} disabled={prompt.busy}>
              {t('auth.relogin.cancel')}
            </Button>
            <Button type="submit" disabled={prompt.busy}>
              {prompt.busy ? t('auth.relogin.submitting') : t('auth.relogin.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
