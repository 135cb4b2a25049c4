import * as React from 'react'
import { cn } from '@/lib/utils'
import { styled } from './styled'

export const Table = ({ className, ...props }: React.HTMLAttributes<HTMLTableElement>) => (
  <div className="relative w-full overflow-auto">
    <table className={cn('w-full caption-bottom text-sm', className)} {...props} />
  </div>
)
export const TableHeader = styled('thead', 'bg-muted/50 [&_tr]:border-b', 'TableHeader')
export const TableBody = styled('tbody', '[&_tr:last-child]:border-0', 'TableBody')
export const TableRow = styled('tr', 'border-b transition-colors hover:bg-muted/40 data-[state=selected]:bg-muted', 'TableRow')
export const TableHead = styled(
  'th',
  'h-10 whitespace-nowrap px-3 text-left align-middle font-medium text-muted-foreground [&:has([role=checkbox])]:w-8',
  'TableHead',
)
export const TableCell = styled('td', 'px-3 py-2.5 align-middle', 'TableCell')
