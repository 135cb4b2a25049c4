/** What the Excel import and export need of a resource, and the import dialog's props (./index, ./ImportBody). */
import { importExportPaths, type ImportExportPaths, type ImportStatus } from '@/contract/files'
import type { Resource } from '@/lib/crud'

export type ResourceLike = Pick<Resource<object>, 'key' | 'paths' | 'invalidates' | 'entity'>

/** The import/export paths of a resource declared with resourcePaths(). */
export function excelPaths(resource: Pick<Resource<object>, 'paths'>): ImportExportPaths {
  const at = resource.paths.listPage.replace(/\/listPage$/, '')
  const i = at.lastIndexOf('/')
  return importExportPaths(at.slice(i + 1), at.slice(0, i))
}

export interface ImportDialogProps {
  resource: ResourceLike
  paths?: ImportExportPaths
  /** The thing imported, for the title (default: the resource's entity). */
  name?: string
  /** After an import that added rows (the resource's lists are refetched anyway). */
  onImported?: (status: ImportStatus) => void
  /** Where the rows go (a unit, a project), sent with the upload as its signed query, and the sentence that tells the user so. */
  target?: { params: Record<string, string | undefined>; note?: string }
}
