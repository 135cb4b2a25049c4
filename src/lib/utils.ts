import { clsx, type ClassValue } from 'clsx'
import { twMerge } from 'tailwind-merge'
import { whenIdle } from './idle'

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs))
}

/**
 * Builds tailwind-merge's tables (what its first call does: ≈ 15 ms on a slow tablet, inside the
 * first screen's render otherwise) in an idle moment while the screen's files load.
 */
export function prepareClassMerge(): void {
  whenIdle(() => void twMerge('p-0 p-1'), 1000)
}
