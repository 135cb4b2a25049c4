import type { ReactNode } from 'react'
import { MoreHorizontal } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { ItemsMenu, LazyMenu } from '@/components/ui/lazy-menu'

/**
 * A tree row's actions (a tree's `renderActions`): a ⋯ button, faint until the row is hovered or the
 * menu open, and its menu items (Radix's menu loaded the first time it opens).
 */
export function TreeRowMenu({ label, children }: { label: string; children: ReactNode }) {
  return (
    <LazyMenu
      popup={ItemsMenu}
      props={{ children }}
      trigger={
        <Button
          variant="ghost"
          size="icon"
          className="h-8 w-8 shrink-0 opacity-60 group-hover:opacity-100 data-[state=open]:opacity-100"
          aria-label={label}
        >
          <MoreHorizontal aria-hidden />
        </Button>
      }
    />
  )
}
