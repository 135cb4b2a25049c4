/** The form of a failed / conflicted entry, from its entity's declaration (`editor`), loaded when first needed. */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react'
import { editorOf, type EntryEditorProps } from '@/lib/offline'

const loaded = new Map<string, LazyExoticComponent<ComponentType<EntryEditorProps>>>()

export const hasEditor = (entity: string): boolean => !!editorOf(entity)

export function EntryEditor(props: EntryEditorProps) {
  const load = editorOf(props.entry.entity)
  if (!load) return null
  let C = loaded.get(props.entry.entity)
  if (!C) {
    C = lazy(load)
    loaded.set(props.entry.entity, C)
  }
  return (
    <Suspense fallback={null}>
      <C {...props} />
    </Suspense>
  )
}
