/**
 * `await confirm({ description })` → true/false: a promise-based confirmation dialog usable from
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

export interface ConfirmOptions {
  title?: ReactNode
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

/** The standard delete question (SPEC §8: 确定要删除文件吗？). */
export function confirmDelete(description?: ReactNode): Promise<boolean> {
  return confirm({ description: description ?? '', destructive: true })
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
            {current.title ?? (destructive ? t('common.deleteConfirmTitle') : t('common.notice'))}
          </AlertDialogTitle>
          <AlertDialogDescription>{current.description || t('common.deleteConfirm')}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel className="min-h-9" onClick={() => settle(current.id, false)}>
            {current.cancelText ?? t('common.cancel')}
          </AlertDialogCancel>
          <AlertDialogAction className={cn('min-h-9', destructive && buttonVariants({ variant: 'destructive' }))} onClick={() => settle(current.id, true)}>
            {current.confirmText ?? t('common.ok')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
