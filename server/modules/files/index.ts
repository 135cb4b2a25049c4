/**
 * The file service's public surface: its routes, what other modules store and reference files with
 * (uploads, references and their kinds, signed addresses), the Excel import and export every list uses,
 * and the port it answers for (lib/modulePorts.ts: a tree resource's import and export).
 */
import { setModulePorts } from '../../lib/modulePorts'
import { registerImportExport } from './import-export'

export { fromResource, registerExport, registerImportExport, sendXlsx } from './import-export'
export { AVATAR, PACKAGE, PHOTO, requireFiles, SCAN, withFileUrls } from './refs'
export { disposition, receiveUpload, registerFileRoutes } from './routes'
export { MOVE_TARGETS, moveAll, moveAllToDatabase, type MoveTarget } from './storage'
export { fileInfo, fileRow, fileUrls, signedUrl } from './store'

/** At start: the machinery's tree resources register their Excel import and export through lib/modulePorts.ts. */
export function setFilePorts(): void {
  setModulePorts({ registerImportExport })
}
