/** The handwritten signature: draw on the pad, save as a PNG through the file service, shown afterwards. */
import { useRef, useState } from 'react'
import { toast } from '@/lib/toast'
import { Eraser, PenLine, Save, Trash2, Undo2 } from 'lucide-react'
import type { PersonalInfo } from '@/contract/schemas/personal'
import { Button } from '@/components/ui/button'
import { confirm } from '@/lib/crud'
import { uploadFile } from '@/lib/files'
import { isApiError } from '@/lib/http'
import { useT } from '@/lib/i18n'
import { personalApi, useApplyInfo } from './api'
import { Section } from './Section'
import { SignaturePad, type SignaturePadHandle } from './SignaturePad'
import { StoredImg } from './StoredImg'

export function SignatureSection({ info, readOnly }: { info: PersonalInfo; readOnly: boolean }) {
  const { t } = useT()
  const pad = useRef<SignaturePadHandle>(null)
  const apply = useApplyInfo()
  const [strokes, setStrokes] = useState(0)
  const [pressure, setPressure] = useState(false)
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const save = async () => {
    setError(null)
    const blob = await pad.current?.toBlob()
    if (!blob) {
      setError(t('personal.signature.empty'))
      return
    }
    setSaving(true)
    try {
      const file = await uploadFile(new File([blob], 'signature.png', { type: 'image/png' }), 'signature')
      apply(await personalApi.updateSignature(file.fileId))
      pad.current?.clear()
      toast.success(t('personal.signature.done'))
    } catch (e) {
      setError(e instanceof Error && !isApiError(e) ? e.message : isApiError(e) ? (e.message ?? null) : null)
    } finally {
      setSaving(false)
    }
  }

  const remove = async () => {
    if (
      !(await confirm({
        title: t('personal.signature.removeTitle'),
        description: t('personal.signature.confirmRemove'),
        destructive: true,
      }))
    )
      return
    apply(await personalApi.updateSignature(null))
    toast.success(t('personal.signature.removed'))
  }

  return (
    <div className="grid gap-5">
      <Section title={t('personal.signature.saved')}>
        {info.signature ? (
          <div className="flex flex-wrap items-center gap-4">
            <div className="flex h-28 min-w-56 items-center justify-center rounded-md border bg-white px-4">
              <StoredImg
                image={info.signature}
                alt={t('personal.signature.savedAlt')}
                className="max-h-24 max-w-full object-contain"
                testId="saved-signature"
              />
            </div>
            {!readOnly && (
              <Button type="button" variant="outline" onClick={() => void remove()} icon={Trash2}>
                {t('personal.signature.remove')}
              </Button>
            )}
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{t('personal.signature.none')}</p>
        )}
      </Section>

      {!readOnly && (
        <Section title={t('personal.signature.heading')} description={t('personal.signature.hint')}>
          <div className="grid max-w-3xl gap-3">
            <SignaturePad
              ref={pad}
              label={t('personal.signature.padLabel')}
              placeholder={t('personal.signature.placeholder')}
              onChange={(n) => {
                setStrokes(n)
                if (n > 0) setError(null)
              }}
              onPressure={() => setPressure(true)}
            />
            {pressure && (
              <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
                <PenLine className="h-3.5 w-3.5" aria-hidden />
                {t('personal.signature.pressure')}
              </p>
            )}
            {error && (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              <Button
                type="button"
                variant="outline"
                className="h-10"
                onClick={() => pad.current?.undo()}
                disabled={strokes === 0 || saving}
                icon={Undo2}
              >
                {t('personal.signature.undo')}
              </Button>
              <Button
                type="button"
                variant="outline"
                className="h-10"
                onClick={() => pad.current?.clear()}
                disabled={strokes === 0 || saving}
                icon={Eraser}
              >
                {t('personal.signature.clear')}
              </Button>
              <Button type="button" className="h-10 sm:ml-auto" onClick={() => void save()} icon={Save} pending={saving}>
                {saving ? t('personal.signature.saving') : t('personal.signature.save')}
              </Button>
            </div>
          </div>
        </Section>
      )}
    </div>
  )
}
