/** The menu as an overlay drawer below 1024 px (ShellLayout loads it the first time it opens). */
import { Dialog } from 'radix-ui'
import { X } from 'lucide-react'
import { useT } from '@/lib/i18n'
import { SidebarBrand, SidebarNav } from './Sidebar'

export function MenuDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useT()
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50 lg:hidden" />
        <Dialog.Content
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-sidebar text-sidebar-foreground shadow-xl outline-none lg:hidden"
          aria-describedby={undefined}
        >
          <Dialog.Title className="sr-only">{t('shell.nav.mainMenu')}</Dialog.Title>
          <div className="relative">
            <SidebarBrand collapsed={false} />
            <Dialog.Close
              className="absolute right-2 top-3 rounded-md p-1.5 text-sidebar-foreground/80 outline-none hover:bg-white/10 hover:text-white focus-visible:ring-2 focus-visible:ring-sidebar-accent"
              aria-label={t('shell.nav.closeMenu')}
            >
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          <nav className="min-h-0 flex-1 overflow-y-auto" aria-label={t('shell.nav.menu')}>
            <SidebarNav collapsed={false} onNavigate={() => onOpenChange(false)} />
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
