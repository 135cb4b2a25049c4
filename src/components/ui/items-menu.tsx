/** A menu of entries given by its caller (DropdownMenuItem…), once it is first opened (ItemsMenu in ./lazy-menu.tsx). */
import type { ReactNode } from 'react'
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from './dropdown-menu'
import type { MenuPopupProps } from './lazy-menu'

export function ItemsMenuPopup({ trigger, children }: { children: ReactNode } & MenuPopupProps) {
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end">{children}</DropdownMenuContent>
    </DropdownMenu>
  )
}
