/**
 * Headings with a line saying what is below them and, on the right, what acts on all of it (a
 * button, the project picker), wrapping under the title on a narrow screen: a screen's
 * (`PageHeader`) and a block's within a screen (`TitleRow look="section"`, the personal centre's).
 */
import type { ReactNode } from 'react'
import { cn } from '@/lib/utils'

const LOOKS = {
  page: {
    Row: 'header',
    row: 'items-end gap-2',
    text: 'min-w-0',
    Heading: 'h1',
    title: 'text-xl font-semibold tracking-tight',
    description: 'mt-1 text-sm text-muted-foreground',
  },
  section: {
    Row: 'div',
    row: 'mb-4 items-start gap-3',
    text: 'space-y-1',
    Heading: 'h2',
    title: 'text-base font-semibold',
    description: 'text-sm text-muted-foreground',
  },
} as const

export interface TitleRowProps {
  title: ReactNode
  description?: ReactNode
  actions?: ReactNode
  className?: string
}

export function TitleRow({ look, title, description, actions, className }: TitleRowProps & { look: keyof typeof LOOKS }) {
  const { Row, Heading, ...l } = LOOKS[look]
  return (
    <Row className={cn('flex flex-wrap justify-between', l.row, className)}>
      <div className={l.text}>
        <Heading className={l.title}>{title}</Heading>
        {description && <p className={l.description}>{description}</p>}
      </div>
      {actions}
    </Row>
  )
}

/** A screen's heading (h1). */
export const PageHeader = (props: TitleRowProps) => <TitleRow look="page" {...props} />
