/**
 * The add/edit dialog itself (Radix's dialog, the focus rules below): loaded the first time a
 * FormDialog (./FormDialog.tsx) opens, so a list screen's start has neither it nor its form.
 *
 * Focus: a form already there when the dialog opens gets it as every Radix dialog does (onOpenAutoFocus:
 * its first tabbable, the first field). A dialog opened while its form (or a part of it) loads keeps
 * the focus on itself instead of its close button, and when the last part arrives its first field takes
 * it, as it would have on opening — unless the user moved the focus meanwhile (tabbed, clicked a field).
 */
import { Suspense, useCallback, useRef, useState } from 'react'
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { useT } from '@/lib/i18n'
import { cn } from '@/lib/utils'
import type { FormDialogProps } from './form'
import { FormBody } from './FormDialog'
import { PartLoading, PartsLoading } from './formParts'
import { FormPending } from './lazyParts'

const SIZES = { md: 'sm:max-w-lg', lg: 'sm:max-w-2xl', xl: 'sm:max-w-4xl' }

/** A form part still loading (`<FormPending>`): while the dialog holds one, its form has not all arrived. */
const PENDING = '[data-form-pending]'

/** Add/edit dialog of a resource (FormDialog in ./FormDialog.tsx, once first opened). The form is created fresh each time the dialog opens. */
export function FormDialogOpen<T extends object>(props: FormDialogProps<T>) {
  const { open, onOpenChange, size = 'lg' } = props

  const content = useRef<HTMLDivElement>(null)
  // the dialog opened before its form was all there: its first field takes the focus when it is
  const focusOnArrival = useRef(false)
  const openAutoFocus = (e: Event) => {
    const dialog = content.current
    focusOnArrival.current = !!dialog?.querySelector(PENDING)
    // the form is there: Radix focuses its first field. Else the dialog itself, not its close button, until it is
    if (!dialog || !focusOnArrival.current) return
    e.preventDefault()
    dialog.focus()
  }
  const partArrived = useCallback(() => {
    const dialog = content.current
    if (!focusOnArrival.current || !dialog?.querySelector('form') || dialog.querySelector(PENDING)) return
    focusOnArrival.current = false
    // still on the dialog: no one moved it meanwhile
    if (document.activeElement === dialog) focusFirst(dialog)
  }, [])
  // the parts still loading: the submit waits for them (./formParts)
  const [loading, setLoading] = useState(0)
  const partLoading = useCallback(() => {
    setLoading((n) => n + 1)
    return () => {
      setLoading((n) => n - 1)
      partArrived()
    }
  }, [partArrived])

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        ref={content}
        className={cn('gap-0 p-0 focus:outline-none', SIZES[size])}
        onOpenAutoFocus={openAutoFocus}
        onInteractOutside={(e) => e.preventDefault()}
        aria-describedby={undefined}
      >
        {open && (
          <PartLoading.Provider value={partLoading}>
            <PartsLoading.Provider value={loading}>
              <Suspense fallback={<PendingForm {...props} />}>
                <FormBody {...(props as unknown as FormDialogProps<object>)} />
              </Suspense>
            </PartsLoading.Provider>
          </PartLoading.Provider>
        )}
      </DialogContent>
    </Dialog>
  )
}

/**
 * What Radix's open auto-focus does (FocusScope's focusFirst): the first tabbable element that takes
 * the focus, links left out, an input's text selected.
 */
function focusFirst(container: HTMLElement) {
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_ELEMENT, {
    acceptNode: (node) => {
      const el = node as HTMLElement & { disabled?: boolean; type?: string }
      if (el.disabled || el.hidden || (el.tagName === 'INPUT' && el.type === 'hidden') || el.tagName === 'A') return NodeFilter.FILTER_SKIP
      return el.tabIndex >= 0 ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP
    },
  })
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node as HTMLElement
    el.focus({ preventScroll: true })
    if (document.activeElement !== el) continue
    if (el instanceof HTMLInputElement) el.select()
    return
  }
}

/** The dialog while its form loads: its title (as the form will show it) over a spinner. */
function PendingForm<T extends object>({ resource, record, entry, title }: FormDialogProps<T>) {
  const { t } = useT()
  const editing = entry ? entry.op !== 'add' : !!record
  const heading = title ?? t(editing ? 'crud.editTitle' : 'crud.addTitle', { name: resource.entity ? t(resource.entity) : '' })
  return (
    <>
      <DialogHeader className="border-b px-6 py-4">
        <DialogTitle>{heading}</DialogTitle>
      </DialogHeader>
      <FormPending className="min-h-48" />
    </>
  )
}
