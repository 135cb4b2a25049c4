/** A titled block of the personal centre. */
import type { ReactNode } from 'react'
import { TitleRow } from '@/components/page-header'
import { cn } from '@/lib/utils'

export function Section({
  title,
  description,
  actions,
  children,
  className,
}: {
  title: ReactNode
  description?: ReactNode
  actions?: ReactNode
  children: ReactNode
  className?: string
}) {
  return (
    <section className={cn('rounded-lg border bg-card p-5', className)}>
      <TitleRow look="section" title={title} description={description} actions={actions} />
      {children}
    </section>
  )
}
