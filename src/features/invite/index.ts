import type { LazyNamespace } from '@/lib/i18n'
/**
 * Invitations in the console.
 *   InviteDialog — create a link + QR code for one record (`<InviteDialog purpose targetId open onOpenChange subject />`)
 *   InviteSignPage — the public /sign?token=… page (route file)
 *   registerInviteForm (./forms.ts) — per-purpose forms for /sign, registered by the app (src/app/inviteForms.ts)
 */
export { InviteDialog } from './InviteDialog'
export type { InviteDialogProps } from './InviteDialog'
export { InviteSignPage } from './InviteSignPage'
export { GenericInviteForm } from './GenericInviteForm'
export type { InviteFormProps } from './forms'

/** The i18n namespaces these screens show, loaded with the chunk (lazyScreen). */
export const texts = ['crud', 'files', 'invite', 'sync'] as const satisfies readonly LazyNamespace[]
