/** The pending confirmations of ./confirm (kept apart from the dialog, which loads on first use). */
import type { ReactNode } from 'react'
import { createStore } from '@/lib/store'

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

export interface ConfirmRequest extends ConfirmOptions {
  id: number
  resolve: (ok: boolean) => void
}

export const confirmQueue = createStore<readonly ConfirmRequest[]>([])

/** Answers a request and takes it off the queue. */
export function settle(id: number, ok: boolean) {
  const req = confirmQueue.get().find((r) => r.id === id)
  confirmQueue.set((q) => q.filter((r) => r.id !== id))
  req?.resolve(ok)
}

/** How many hosts are mounted (one is mounted on first use when none is). */
export const hostCount = { n: 0 }
