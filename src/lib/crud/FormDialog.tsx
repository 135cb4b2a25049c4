/**
 * The add/edit dialog of a resource: nothing until it first opens, then the dialog (./FormDialogOpen,
 * Radix's dialog) and its form (./form — react-hook-form, the zod resolver, the fields, the upload)
 * load, so a list screen starts without either (issue 32). Until the form's chunk is there the dialog
 * shows its title and a pending state. Offline the chunks come from the service worker's precache
 * like every other one.
 *
 * A screen's own fields go the same way: `lazyForm(() => import('./SiteFields'), 'SiteFields')` is
 * a component the screen renders inside the dialog (its chunk loads with the dialog's first open).
 */
import { useEffect } from 'react'
import { lazyComponent, OnceOpened } from '@/lib/chunks'
import type { FormDialogProps } from './form'
import { LazyDeclaredFields } from './lazyParts'

/** Add/edit dialog of a resource: nothing until it is first opened, then ./FormDialogOpen (loaded then, kept mounted). */
export function FormDialog<T extends object>(props: FormDialogProps<T>) {
  const { open, preload } = props
  // the form's chunk loads beside the dialog's, not after it; with it the declared fields most forms show, and the screen's own parts
  useEffect(() => {
    if (!open) return
    void FormBody.preload()
    void LazyDeclaredFields.preload()
    void preload?.()
  }, [open, preload])
  return (
    <OnceOpened open={props.open}>
      <Open {...(props as unknown as FormDialogProps<object>)} />
    </OnceOpened>
  )
}

const Open = lazyComponent(() => import('./FormDialogOpen'), 'FormDialogOpen')

/** The form (./form), shown by the dialog (./FormDialogOpen). */
export const FormBody = lazyComponent(() => import('./form'), 'FormDialogBody')
