import { useState } from 'react'
import { http } from '@/lib/http'
import { saveBlob } from './save'

/**
 * A file the gateway answers (an export, an import template) downloaded through the signed client
 * and saved under the name it gives (or `fallbackName`); `busy` while it runs. A failure is the
 * client's to show: `download` then answers false.
 *
 *   const file = useDownload()
 *   <Button icon={FileSpreadsheet} pending={file.busy} onClick={() => void file.download(paths.importTemplate, 'template.xlsx')}>
 */
export function useDownload() {
  const [busy, setBusy] = useState(false)
  const download = async (path: string, fallbackName: string, query?: Record<string, unknown>): Promise<boolean> => {
    setBusy(true)
    try {
      const { blob, fileName } = await http.download(path, query)
      saveBlob(blob, fileName ?? fallbackName)
      return true
    } catch {
      return false
    } finally {
      setBusy(false)
    }
  }
  return { busy, download }
}
