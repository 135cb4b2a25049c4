/**
 * The forms /sign shows per invitation purpose (a purpose without one gets the generic form built
 * from the fields the gateway sends). Registered here, in the app layer, because the areas owning
 * them (people, accounts) use the invite area themselves: invite importing them back would be a
 * cycle. Each is a lazy import, so /sign loads only the form it shows.
 */
import { registerInviteForm } from '@/features/invite/forms'

registerInviteForm('profile', () => import('@/features/people').then((m) => m.ProfileInviteForm))
registerInviteForm('account', () => import('@/features/accounts').then((m) => m.AccountInviteForm))
