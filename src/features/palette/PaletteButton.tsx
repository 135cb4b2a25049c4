/**
 * The header's search button and the Ctrl/⌘ K shortcut: they open the command palette, whose chunk
 * (cmdk, the palette, its texts — in both languages: a command is found by its name in either) loads on
 * first use only.
 */
import { lazy, Suspense, useEffect, useState } from 'react'
import { Search } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { loadBothLanguages, useT } from '@/lib/i18n'

const CommandPalette = lazy(() =>
  Promise.all([import('./CommandPalette'), loadBothLanguages('palette')]).then(([m]) => ({ default: m.CommandPalette })),
)

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform)

export function PaletteButton() {
  const { t } = useT()
  const [open, setOpen] = useState(false)
  const [used, setUsed] = useState(false)
  const show = () => {
    setUsed(true)
    setOpen(true)
  }
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k') {
        e.preventDefault()
        setUsed(true)
        setOpen((o) => !o)
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
  const shortcut = isMac ? '⌘K' : 'Ctrl K'
  return (
    <>
      <Button
        variant="outline"
        className="h-11 gap-2 px-3 text-muted-foreground sm:w-44 sm:justify-start"
        onClick={show}
        aria-label={`${t('shell.header.palette')} (${shortcut})`}
        aria-keyshortcuts={isMac ? 'Meta+K' : 'Control+K'}
      >
        <Search aria-hidden />
        <span className="hidden sm:inline">{t('shell.header.paletteShort')}</span>
        <kbd className="ml-auto hidden rounded border bg-muted px-1.5 font-mono text-[11px] lg:inline">{shortcut}</kbd>
      </Button>
      {used && (
        <Suspense fallback={null}>
          <CommandPalette open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  )
}
