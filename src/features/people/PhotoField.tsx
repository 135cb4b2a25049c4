/** A photo / avatar of a person's record, bound to a file-id field of the surrounding form. */
import type { UploadPurpose } from '@/contract/schemas/files'

export interface PhotoFieldProps {
  /** The form field holding the file id. */
  name: string
  /** A form field holding an already-resolved URL (records from the gateway carry one). */
  urlName?: string
  label: string
  purpose?: UploadPurpose
  hint?: string
  round?: boolean
}

export function PhotoField({ label }: PhotoFieldProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm">{label}</span>
    </div>
  )
}
