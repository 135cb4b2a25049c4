/**
 * The site form's photos: thumbnails (./photos), an add button that opens the camera on a tablet,
 * remove buttons. A photo goes to the file service at once when the server can be reached;
 * otherwise (or when the upload cannot get through) it is kept on the device and its kept-file id
 * goes in `photoFileIds` — the outbox uploads it before the edit that references it.
 */
import { useRef, useState } from 'react'
import { useController } from 'react-hook-form'
import { Camera, Loader2, X } from 'lucide-react'
import { toast } from '@/lib/toast'
import { acceptOf } from '@/contract/files'
import { MAX_SITE_PHOTOS } from '@/contract/schemas/workSite'
import { Button } from '@/components/ui/button'
import { FileRefusedError, limitsText, maxBytesOf, precheck, refusalText, uploadFile, useFileUrls } from '@/lib/files'
import { isApiError } from '@/lib/http'
import { useT } from '@/lib/i18n'
import { isKeptFileId, isKnownOffline, isQuotaError, keepFile } from '@/lib/offline'
import { SitePhoto } from './photos'

/** The form's photo field (`photoFileIds`), at most `max` photos. */
export function PhotosField({ name = 'photoFileIds', label, max = MAX_SITE_PHOTOS }: { name?: string; label: string; max?: number }) {
  const { t } = useT()
  const { field } = useController({ name })
  const ids = ((field.value as string[] | undefined) ?? []).filter(Boolean)
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  const stored = ids.filter((id) => !isKeptFileId(id))
  const { files } = useFileUrls(stored)

  const keep = async (file: File) => {
    try {
      return await keepFile(file, file.name || 'photo.jpg')
    } catch (e) {
      toast.error(isQuotaError(e) ? t('workSites.storageFull') : t('workSites.photoFailed'))
      return null
    }
  }

  const add = async (file: File) => {
    const refusal = await precheck(file, 'photo')
    if (refusal) {
      toast.error(refusalText(refusal, 'photo'))
      return
    }
    setBusy(true)
    let id: string | null = null
    try {
      if (isKnownOffline()) id = await keep(file)
      else
        try {
          id = (await uploadFile(file, 'photo')).fileId
        } catch (e) {
          // no connection on the way: keep it on the device, it goes with the edit
          if (isApiError(e) && (e.kind === 'network' || e.kind === 'timeout' || e.kind === 'invalid')) id = await keep(file)
          else if (e instanceof FileRefusedError) toast.error(e.message)
          else throw e
        }
    } finally {
      setBusy(false)
    }
    if (id) field.onChange([...ids, id])
  }

  return (
    <div className="flex flex-col gap-2 sm:col-span-2">
      <span className="text-sm font-medium">{label}</span>
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {ids.map((id, i) => (
          <li key={id} className="relative">
            <SitePhoto id={id} url={files.get(id)?.url} alt={t('workSites.photoAlt', { name: label, n: i + 1 })} className="aspect-[4/3]" />
            <Button
              type="button"
              size="icon"
              variant="secondary"
              className="absolute right-1 top-1 h-9 w-9 rounded-full shadow"
              aria-label={t('workSites.removePhoto', { n: i + 1 })}
              onClick={() => field.onChange(ids.filter((x) => x !== id))}
            >
              <X aria-hidden />
            </Button>
          </li>
        ))}
        {ids.length < max && (
          <li>
            <button
              type="button"
              className="flex aspect-[4/3] w-full flex-col items-center justify-center gap-1 rounded-md border border-dashed text-sm text-muted-foreground hover:bg-muted focus:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              onClick={() => input.current?.click()}
              disabled={busy}
            >
              {busy ? <Loader2 className="h-6 w-6 animate-spin" aria-hidden /> : <Camera className="h-6 w-6" aria-hidden />}
              {t('workSites.addPhoto')}
            </button>
          </li>
        )}
      </ul>
      <input
        ref={input}
        type="file"
        accept={acceptOf('photo')}
        capture="environment"
        className="sr-only"
        tabIndex={-1}
        aria-label={t('workSites.addPhoto')}
        data-testid="site-photo-input"
        onChange={(e) => {
          const file = e.target.files?.[0]
          e.target.value = ''
          if (file) void add(file)
        }}
      />
      <p className="text-xs text-muted-foreground">{limitsText('photo', maxBytesOf('photo'))}</p>
    </div>
  )
}
