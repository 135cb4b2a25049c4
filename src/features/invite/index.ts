/**
 * Invitations in the console.
 *   InviteDialog — create a link + QR code for one record (`<InviteDialog purpose targetId open onOpenChange subject />`)
 *   InviteSignPage — the public /sign?token=… page (route file)
 *   INVITE_FORMS (./forms.ts) — per-purpose forms for /sign (PEOPLE-UI registers 'profile' there)
 */
export { InviteDialog } from './InviteDialog'
export type { InviteDialogProps } from './InviteDialog'
export { InviteSignPage } from './InviteSignPage'
export { GenericInviteForm } from './GenericInviteForm'
export type { InviteFormProps } from './forms'
