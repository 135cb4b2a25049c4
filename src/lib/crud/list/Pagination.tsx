/** Pagination: total, page size, first/previous/page numbers/next/last. */
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight, type LucideIcon } from 'lucide-react'
import { Button, IconButton } from '@/components/ui/button'
import { OptionSelect } from '@/components/ui/lazy-select'
import { useT } from '@/lib/i18n'
import { pageWindow } from '../pageWindow'
import { pageSizes, toListParams, withPage, type ListSearch } from '../search'

/** Paging bound to a list search (the URL's with `useListState()`). */
export function ListPagination({
  total,
  capped = false,
  search,
  onSearchChange,
}: {
  total: number
  /** More rows match than the gateway counts exactly: `total` is a lower bound. */
  capped?: boolean
  search: ListSearch
  onSearchChange: (next: ListSearch) => void
}) {
  const { pageIndex, pageSize } = toListParams(search)
  return (
    <Pagination
      total={total}
      capped={capped}
      pageIndex={pageIndex}
      pageSize={pageSize}
      pages={Math.max(1, Math.ceil(total / pageSize))}
      onChange={(p, size) => onSearchChange(withPage(search, p, size))}
    />
  )
}

export function Pagination({
  total,
  capped = false,
  pageIndex,
  pageSize,
  pages,
  onChange,
}: {
  total: number
  /** More rows match than the gateway counts exactly: `total` is a lower bound. */
  capped?: boolean
  pageIndex: number
  pageSize: number
  pages: number
  onChange: (pageIndex: number, pageSize?: number) => void
}) {
  const { t } = useT()
  const go = (p: number) => onChange(Math.min(Math.max(1, p), pages))
  /** First, previous, next, last: an icon button that goes to page `to`. */
  const step = (icon: LucideIcon, to: number, disabled: boolean, label: string) => (
    <IconButton variant="outline" className="h-9 w-9" icon={icon} disabled={disabled} label={label} onClick={() => go(to)} />
  )
  return (
    <nav
      aria-label={t('crud.pageOf', { page: pageIndex, pages })}
      className="flex flex-wrap items-center justify-between gap-3 border-t px-3 py-2.5 text-sm sm:px-4"
    >
      <div className="flex items-center gap-3 text-muted-foreground">
        <span>{t(capped ? 'crud.totalCapped' : 'crud.total', { total })}</span>
        <OptionSelect
          value={String(pageSize)}
          onValueChange={(v) => onChange(1, Number(v))}
          options={pageSizes(pageSize).map((n) => ({ value: String(n), label: t('crud.perPage', { n }) }))}
          className="h-9 w-28"
          itemClassName="min-h-9"
          aria-label={t('crud.pageSize')}
        />
      </div>
      <div className="flex items-center gap-1">
        {step(ChevronsLeft, 1, pageIndex <= 1, t('crud.firstPage'))}
        {step(ChevronLeft, pageIndex - 1, pageIndex <= 1, t('crud.prevPage'))}
        <div className="hidden items-center gap-1 md:flex">
          {pageWindow(pageIndex, pages).map((p, i) =>
            p === '…' ? (
              <span key={`gap-${i}`} className="px-1 text-muted-foreground">
                …
              </span>
            ) : (
              <Button
                key={p}
                variant={p === pageIndex ? 'default' : 'ghost'}
                className="h-9 min-w-9 px-2"
                aria-current={p === pageIndex ? 'page' : undefined}
                onClick={() => go(p)}
              >
                {p}
              </Button>
            ),
          )}
        </div>
        <span className="px-2 text-muted-foreground md:hidden">{t('crud.pageOf', { page: pageIndex, pages })}</span>
        {step(ChevronRight, pageIndex + 1, pageIndex >= pages, t('crud.nextPage'))}
        {step(ChevronsRight, pages, pageIndex >= pages, t('crud.lastPage'))}
      </div>
    </nav>
  )
}
