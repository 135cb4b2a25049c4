/**
 * Site photos: thumbnails of stored photos (signed URLs) and of photos taken offline (kept files
 * on this device, see keepFile). The form's field that adds and removes them is ./PhotosField.
 */
import { useEffect, useState } from 'react'
import { CloudOff, ImageOff } from 'lucide-react'
import { useFileUrls } from '@/lib/files/api'
import { useT } from '@/lib/i18n'
import { isKeptFileId, keptFile } from '@/lib/offline'
import { cn } from '@/lib/utils'

/** An object URL of a kept file (revoked when unused); null when it is not (or no longer) on the device. */
function useKeptUrl(id: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!id) return
    let made: string | null = null
    let live = true
    void keptFile(id).then((row) => {
      if (!live || !row) return
      made = URL.createObjectURL(row.blob)
      setUrl(made)
    })
    return () => {
      live = false
      if (made) URL.revokeObjectURL(made)
    }
  }, [id])
  return id ? url : null
}

/** One photo: a stored one by its URL, a kept one from the device. */
export function SitePhoto({ id, url, alt, className }: { id: string; url?: string | null; alt: string; className?: string }) {
  const { t } = useT()
  const kept = isKeptFileId(id)
  const keptUrl = useKeptUrl(kept ? id : null)
  const src = kept ? keptUrl : url
  return (
    <div className={cn('relative overflow-hidden rounded-md border bg-muted', className)}>
      {src ? (
        <img src={src} alt={alt} className="h-full w-full object-cover" />
      ) : (
        <div className="flex h-full w-full items-center justify-center text-muted-foreground">
          <ImageOff className="h-6 w-6" aria-hidden />
        </div>
      )}
      {kept && (
        <span
          className="absolute inset-x-0 bottom-0 flex items-center gap-1 bg-black/60 px-1.5 py-0.5 text-[11px] text-white"
          title={t('workSites.photoKept')}
        >
          <CloudOff className="h-3 w-3 shrink-0" aria-hidden />
          <span className="truncate">{t('workSites.photoKept')}</span>
        </span>
      )}
    </div>
  )
}

/** Photos of a list of ids: stored ones resolved to URLs (the record's own when given), kept ones from the device. */
export function PhotoGrid({ ids, urls, name, className }: { ids: string[]; urls?: (string | null)[]; name: string; className?: string }) {
  const { t } = useT()
  const stored = ids.filter((id) => !isKeptFileId(id))
  const known = !!urls && urls.length === ids.length
  const { files } = useFileUrls(known ? [] : stored)
  return (
    <ul className={cn('grid grid-cols-3 gap-2', className)}>
      {ids.map((id, i) => (
        <li key={id}>
          <SitePhoto
            id={id}
            url={known ? urls[i] : files.get(id)?.url}
            alt={t('workSites.photoAlt', { name, n: i + 1 })}
            className="aspect-[4/3]"
          />
        </li>
      ))}
    </ul>
  )
}
