/**
 * The UI bridge of the request client: the dialogs it asks for are put in a store, and
 * `<GlobalDialogs />` (mounted once at the app root) renders them. Boxes are shown one at a
 * time in order; an identical box already waiting is not added twice.
 *
 * The dialog flag (SPEC §2) keeps several 20114/20119 logouts from stacking: the first one takes
 * it, the rest stay quiet until it is reset — `resetDialogFlag()` when leaving /login.
 */
import { createStore } from '@/lib/store'

export type BoxKind = 'error' | 'message' | 'alert'

export interface Box {
  id: number
  kind: BoxKind
  message: string
}

export interface PasswordPromptState {
  accountName: string
  /** The last failure (empty password, wrong password, network…), shown in the prompt. */
  error: string | null
  busy: boolean
}

export interface DialogsState {
  boxes: Box[]
  prompt: PasswordPromptState | null
}

export const dialogsStore = createStore<DialogsState>({ boxes: [], prompt: null })

let nextId = 1
const waiters = new Map<number, () => void>()

function push(kind: BoxKind, message: string): Promise<void> {
  const same = dialogsStore.get().boxes.find((b) => b.kind === kind && b.message === message)
  if (same) {
    return new Promise((resolve) => {
      const prev = waiters.get(same.id)
      waiters.set(same.id, () => {
        prev?.()
        resolve()
      })
    })
  }
  const id = nextId++
  dialogsStore.set((s) => ({ ...s, boxes: [...s.boxes, { id, kind, message }] }))
  return new Promise((resolve) => waiters.set(id, resolve))
}

/** Error box titled 错误 (common.error). */
export const showError = (message: string): void => void push('error', message)
/** Message box (20021, 20099). */
export const showMessage = (message: string): void => void push('message', message)
/** An alert; resolves when the user dismisses it. */
export const showAlert = (message: string): Promise<void> => push('alert', message)

/** Closes a box (called by GlobalDialogs). */
export function dismissBox(id: number): void {
  dialogsStore.set((s) => ({ ...s, boxes: s.boxes.filter((b) => b.id !== id) }))
  const w = waiters.get(id)
  waiters.delete(id)
  w?.()
}

// ---- the re-login password prompt (20112) ------------------------------------------

let promptHandlers: { submit(password: string): Promise<string | null>; settle(ok: boolean): void } | null = null

/**
 * Opens the password prompt; `submit` answers null on success or a text to show. Resolves true
 * after a successful submit, false on cancel. One prompt at a time: a second call while one is
 * open joins it (the request client shares one call anyway).
 */
let openPrompt: Promise<boolean> | null = null
export function passwordPrompt(p: { accountName: string; submit(password: string): Promise<string | null> }): Promise<boolean> {
  openPrompt ??= new Promise<boolean>((resolve) => {
    promptHandlers = {
      submit: p.submit,
      settle: (ok) => {
        promptHandlers = null
        openPrompt = null
        dialogsStore.set((s) => ({ ...s, prompt: null }))
        resolve(ok)
      },
    }
    dialogsStore.set((s) => ({ ...s, prompt: { accountName: p.accountName, error: null, busy: false } }))
  })
  return openPrompt
}

const patchPrompt = (patch: Partial<PasswordPromptState>) =>
  dialogsStore.set((s) => (s.prompt ? { ...s, prompt: { ...s.prompt, ...patch } } : s))

/** Called by the prompt's form. */
export async function submitPasswordPrompt(password: string): Promise<void> {
  const h = promptHandlers
  if (!h || dialogsStore.get().prompt?.busy) return
  patchPrompt({ busy: true, error: null })
  let failure: string | null
  try {
    failure = await h.submit(password)
  } catch (e) {
    failure = e instanceof Error ? e.message : String(e)
  }
  if (promptHandlers !== h) return
  if (failure === null) h.settle(true)
  else patchPrompt({ busy: false, error: failure })
}

/** Called by the prompt's cancel button. */
export function cancelPasswordPrompt(): void {
  promptHandlers?.settle(false)
}

// ---- the dialog flag ---------------------------------------------------------------

let dialogFlag = false

/** True the first time (and sets the flag); false while it is set. */
export function takeDialogFlag(): boolean {
  if (dialogFlag) return false
  dialogFlag = true
  return true
}

/** SPEC §2: "When leaving /login, the dialog flag is reset." The shell calls this. */
export function resetDialogFlag(): void {
  dialogFlag = false
}

export const isDialogFlagSet = (): boolean => dialogFlag
