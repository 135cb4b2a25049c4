/**
 * Reading an import workbook off the gateway's event loop: exceljs parses in one worker thread
 * (./excelWorker.ts), started on the first import and kept, so requests the gateway serves meanwhile
 * are not held up by the parse. One workbook at a time per gateway process; the others queue.
 * A worker that dies fails the reads it held and is started afresh for the next.
 */
import { Worker } from 'node:worker_threads'
import type { ExcelColumn } from './excel'
import type { ImportBounds } from './xlsxBounds'
import type { Text } from './http'

/** A column as the worker needs it: no functions (they cannot cross the thread). */
export type ReadColumn = Pick<ExcelColumn, 'field' | 'title' | 'required' | 'values' | 'exportOnly'>

export type ReadJob =
  | { op: 'sheet'; buffer: Uint8Array; columns: ReadColumn[]; bounds: ImportBounds }
  | { op: 'workbook'; buffer: Uint8Array; sheets: { key: string; name: Text; columns: ReadColumn[] }[]; bounds: ImportBounds }

/** The worker's answer: the value, or the text of an ExcelError, or an unexpected failure. */
export type ReadAnswer = { id: number; value: unknown } | { id: number; excel: Text } | { id: number; failed: string }

export const readColumn = (c: ExcelColumn): ReadColumn => ({
  field: c.field,
  title: c.title,
  required: c.required,
  values: c.values,
  exportOnly: c.exportOnly,
})

let worker: Worker | null = null
let nextId = 1
const pending = new Map<number, { resolve: (a: ReadAnswer) => void; reject: (e: Error) => void }>()

function start(): Worker {
  const w = new Worker(new URL('./excelWorker.mjs', import.meta.url))
  w.unref()
  w.on('message', (a: ReadAnswer) => {
    const p = pending.get(a.id)
    pending.delete(a.id)
    p?.resolve(a)
  })
  const fail = (err: Error) => {
    if (worker === w) worker = null
    for (const p of pending.values()) p.reject(err)
    pending.clear()
  }
  w.on('error', fail)
  w.on('exit', (code) => fail(new Error(`excel worker exited (${code})`)))
  return w
}

/** Runs a read in the worker; its answer as the worker gave it. */
export function readInWorker(job: ReadJob): Promise<ReadAnswer> {
  worker ??= start()
  const id = nextId++
  const w = worker
  return new Promise<ReadAnswer>((resolve, reject) => {
    pending.set(id, { resolve, reject })
    w.postMessage({ id, ...job })
  })
}
