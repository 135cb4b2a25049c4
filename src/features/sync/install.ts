/**
 * Wiring of the outbox, imported by main.tsx right after ./session:
 *
 * - The entity declarations of offline-capable areas are loaded, so a replay at start-up knows
 *   how to send what the outbox holds before their screens are opened.
 * - The replay triggers start (start, sign-in, online, visible, timer).
 */
import { startOutbox } from '@/lib/offline'
import '@/features/people/offline'
import '@/features/accounts/offline'

if (typeof window !== 'undefined') startOutbox()
