/** An image of the personal centre by its signed URL; an expired URL refetches the profile once. */
import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { StoredImage } from '@/contract/schemas/personal'
import { personalKeys } from './queries'

export function StoredImg({ image, alt, className, testId }: { image: StoredImage; alt: string; className?: string; testId?: string }) {
  const qc = useQueryClient()
  const [retried, setRetried] = useState<string | null>(null)
  return (
    <img
      src={image.url}
      alt={alt}
      className={className}
      data-testid={testId}
      data-file-id={image.fileId}
      onError={() => {
        if (retried === image.url) return
        setRetried(image.url)
        void qc.invalidateQueries({ queryKey: personalKeys.info() })
      }}
    />
  )
}
