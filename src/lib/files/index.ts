/**
 * Files in the console: upload through the signed client (multipart, UNSIGNED-PAYLOAD, progress),
 * resolve ids to short-lived URLs, and the components.
 *
 *   <FileUpload purpose="scan" value={ids} onChange={setIds} multiple max={2} />
 *   <FormField name="frontScanId" label="正面" kind="file" purpose="scan" />        // inside a crud form
 *   <ImageThumb fileId={row.avatarId} className="size-9 rounded-full" />
 *   <FileFacts file={row.attachmentFile} />                                          // name (download), size, SHA-256
 *   const info = await uploadFile(file, 'avatar', { onProgress })
 *   const { files } = useFileUrls(ids)
 *   const file = useDownload()   // file.download(paths.export, 'staff.xlsx', query), file.busy
 */
export {
  uploadFile,
  uploadsInFlight,
  useUploading,
  precheck,
  precheckFile,
  refusalText,
  limitsText,
  maxBytesOf,
  fileLimitsQueryOptions,
  useFileUrls,
  primeFile,
  fileQueryKey,
  FileRefusedError,
} from './api'
export type { UploadFileOptions } from './api'
export { FileUpload, ImageThumb } from './FileUpload'
export { FileFacts } from './FileFacts'
export type { FileUploadProps } from './FileUpload'
export { saveBlob } from './save'
export { useDownload } from './download'
