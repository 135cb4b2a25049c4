/** The panels areas lend each other (src/features/organization/slots.tsx): one lazy import each. */
import { registerUnitPanel } from '@/features/organization/slots'

registerUnitPanel('departments', () => import('@/features/people').then((m) => m.DepartmentsPanel))
registerUnitPanel('accounts', () => import('@/features/accounts').then((m) => m.AccountsPanel))
