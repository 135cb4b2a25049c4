import * as React from 'react'
import { cn } from '@/lib/utils'

/**
 * A component that is `Tag` with the given classes first and the caller's `className` merged after them — the one
 * shape of every class-carrying wrapper here (card parts, table parts, dialog parts, inputs). Refs pass through as a
 * prop (React 19).
 */
export function styled<T extends React.ElementType>(Tag: T, classes: string, name: string) {
  const Component: React.ElementType = Tag
  function Styled({ className, ...props }: React.ComponentProps<T> & { className?: string }) {
    return <Component className={cn(classes, className)} {...props} />
  }
  Styled.displayName = name
  return Styled
}
