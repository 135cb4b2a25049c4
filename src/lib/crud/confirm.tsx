/**
 * `await confirm({ title, description })` → true/false: a promise-based confirmation dialog usable from
 * any handler. A `<ConfirmHost />` renders the open request; when none is mounted, one is mounted
 * on first use in its own root (it needs no context: texts and theme are global).
 */
import { useEffect, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { AlertTriangle } from 'lucide-react'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { buttonVariants } from '@/components/ui/button'
import { createStore } from '@/lib/store'
import { useT } from '@/lib/i18n'
import { cn } from '@/lib/utils'

/**
 * Every confirmation names its action in the title (停用账号, 驳回审核, 删除角色…) and says in one
 * sentence what it does to what, with the record's name (确定要停用账号「zhangwei」吗？) — no
 * generic 删除确认 / 确定要删除文件吗？ (that one is for files only).
 */
export interface ConfirmOptions {
  title: ReactNode
  description: ReactNode
  confirmText?: ReactNode
  cancelText?: ReactNode
  /** Red confirm button (deletions). */
  destructive?: boolean
}

interface Request extends ConfirmOptions {
  id: number
  resolve: (ok: boolean) => void
}

const queue = createStore<readonly Request[]>([])
let nextId = 1
let hosts = 0
let autoHost = false

export function confirm(options: ConfirmOptions): Promise<boolean> {
  ensureHost()
  return new Promise<boolean>((resolve) => {
    queue.set((q) => [...q, { ...options, id: nextId++, resolve }])
  })
}

/** A deletion: its title (删除角色) and sentence (确定要删除角色「X」吗？), red confirm button. */
export function confirmDelete(title: ReactNode, description: ReactNode): Promise<boolean> {
  return confirm({ title, description, destructive: true })
}

function settle(id: number, ok: boolean) {
  const req = queue.get().find((r) => r.id === id)
  queue.set((q) => q.filter((r) => r.id !== id))
  req?.resolve(ok)
}

function ensureHost() {
  if (hosts > 0 || autoHost || typeof document === 'undefined') return
  autoHost = true
  const el = document.createElement('div')
  el.dataset.confirmHost = ''
  document.body.appendChild(el)
  createRoot(el).render(<ConfirmHost />)
}

/** Renders pending confirmations, one at a time. Mount once near the app root (optional). */
export function ConfirmHost() {
  const { t } = useT()
  const current = queue.use((q) => q[0])
  useEffect(() => {
    hosts++
    return () => {
      hosts--
    }
  }, [])
  if (!current) return null
  const destructive = current.destructive ?? false
  return (
    <AlertDialog open onOpenChange={(open) => !open && settle(current.id, false)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle className="flex items-center gap-2">
            {destructive && <AlertTriangle className="h-5 w-5 text-destructive" aria-hidden />}
            {current.title}
          </AlertDialogTitle>
          <AlertDialogDescription className="whitespace-pre-line">{current.description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel className="min-h-9" onClick={() => settle(current.id, false)}>
            {current.cancelText ?? t('common.cancel')}
          </AlertDialogCancel>
          <AlertDialogAction
            className={cn('min-h-9', destructive && buttonVariants({ variant: 'destructive' }))}
            onClick={() => settle(current.id, true)}
          >
            {current.confirmText ?? t('common.ok')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
