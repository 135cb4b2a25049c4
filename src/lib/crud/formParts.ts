/**
 * The parts of an open form dialog whose code still loads (`<FormPending>`, ./lazyParts): each
 * registers while it shows, and the dialog's submit waits until none is left — a field not there
 * yet cannot be filled, and pressing 提交 then would only refuse it as a hidden invalid field.
 */
import { createContext } from 'react'

/** Called by a `<FormPending>` as it shows; the function it returns, as it goes (its part arrived). */
export const PartLoading = createContext<(() => () => void) | null>(null)

/** How many parts of the dialog's form are still loading. */
export const PartsLoading = createContext(0)
