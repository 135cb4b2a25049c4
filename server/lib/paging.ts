/** One page of a list: the ordered rows query limited to the page, and the count of the same rows. */
import type { Page } from '../../src/contract/envelope'

export interface PageAsked {
  pageIndex: number
  pageSize: number
}

/** What a Drizzle select can be paged with (`.limit(n).offset(m)`, then awaited). */
interface Pageable<R> {
  limit(n: number): { offset(m: number): PromiseLike<R[]> }
}

/** Runs `rows` for page `q` and `counted` (`select({ n: count() })` over the same from/where) together. */
export async function pageOf<R, T = R>(
  q: PageAsked,
  rows: Pageable<R>,
  counted: PromiseLike<{ n: number }[]>,
  map: (row: R) => T = (row) => row as unknown as T,
): Promise<Page<T>> {
  const [records, [total]] = await Promise.all([rows.limit(q.pageSize).offset((q.pageIndex - 1) * q.pageSize), counted])
  return { records: records.map(map), total: Number(total?.n ?? 0), pageIndex: q.pageIndex, pageSize: q.pageSize }
}
