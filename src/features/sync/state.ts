/** What the sync UI has open: the centre, a conflict, an entry being edited, the logout guard. */
import { createStore } from '@/lib/store'

export interface SyncUi {
  centre: boolean
  /** Entry id of the conflict screen. */
  conflict: string | null
  /** Entry id being edited in its form. */
  editing: string | null
  /** The logout guard (a non-empty outbox). */
  logout: boolean
}

export const syncUi = createStore<SyncUi>({ centre: false, conflict: null, editing: null, logout: false })

export const openCentre = () => syncUi.set((s) => ({ ...s, centre: true }))
export const closeCentre = () => syncUi.set((s) => ({ ...s, centre: false }))
export const openConflict = (id: string) => syncUi.set((s) => ({ ...s, conflict: id }))
export const closeConflict = () => syncUi.set((s) => ({ ...s, conflict: null }))
export const openEditor = (id: string) => syncUi.set((s) => ({ ...s, editing: id }))
export const closeEditor = () => syncUi.set((s) => ({ ...s, editing: null }))
