/** Upload transport with progress for the request client (fetch cannot report upload progress). */
import type { SendWithProgress } from './core'

function parseHeaders(raw: string): Headers {
  const h = new Headers()
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const i = line.indexOf(':')
    if (i > 0) h.append(line.slice(0, i).trim(), line.slice(i + 1).trim())
  }
  return h
}

export const xhrSend: SendWithProgress = (url, init, onProgress) =>
  new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(init.method, url)
    xhr.responseType = 'blob'
    for (const [k, v] of Object.entries(init.headers)) xhr.setRequestHeader(k, v)
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : 0)
    xhr.onload = () =>
      resolve(new Response(xhr.response as Blob, { status: xhr.status, headers: parseHeaders(xhr.getAllResponseHeaders()) }))
    xhr.onerror = () => reject(new TypeError('network error'))
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'))
    if (init.signal.aborted) return xhr.abort()
    init.signal.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(init.body)
  })
