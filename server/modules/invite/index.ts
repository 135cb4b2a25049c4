/** The invitation module's public surface: its routes (create, open, submit) and the contact purpose it owns; other purposes plug in through lib/invitePurposes.ts. */
export { registerInviteRoutes } from './routes'
