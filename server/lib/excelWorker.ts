/** The excel worker thread (./excelThread.ts): parses an import workbook and answers its rows. */
import { parentPort } from 'node:worker_threads'
import { ExcelError, parseSheet, parseWorkbook } from './excel'
import type { ReadAnswer, ReadJob } from './excelThread'

parentPort!.on('message', async (job: ReadJob & { id: number }) => {
  let answer: ReadAnswer
  try {
    const buffer = Buffer.from(job.buffer.buffer, job.buffer.byteOffset, job.buffer.byteLength)
    const value =
      job.op === 'sheet'
        ? await parseSheet(buffer, job.columns, job.bounds)
        : Object.fromEntries(await parseWorkbook(buffer, job.sheets, job.bounds))
    answer = { id: job.id, value }
  } catch (err) {
    answer = err instanceof ExcelError ? { id: job.id, excel: err.text } : { id: job.id, failed: String(err) }
  }
  parentPort!.postMessage(answer)
})
