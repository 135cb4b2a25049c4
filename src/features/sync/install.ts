/**
 * Wiring of the outbox, imported by main.tsx after ./session and the entity declarations of the
 * offline-capable areas (src/app/outbox.ts, so a replay at start-up knows how to send what the
 * outbox holds before their screens are opened): the replay triggers start (start, sign-in,
 * online, visible, timer).
 */
import { startOutbox } from '@/lib/offline'

if (typeof window !== 'undefined') startOutbox()
