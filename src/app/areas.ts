/**
 * The console's areas — one list. Each area declares in its manifest (src/features/<area>/manifest.ts)
 * the catalogue pages its screens serve, the commands the palette offers, how a record it owns that
 * the palette's search found is shown, its offline entities (the
 * outbox's declarations and the sync centre's editor for them), the tabs it lends a unit's page and
 * the invitation forms /sign shows. This file collects them for the palette, the outbox
 * (./outbox.ts), the unit page's slots and the invitation page; a new area adds its manifest here.
 * Everything an area lends is a lazy import: nothing of it loads until it is shown or replayed.
 */
import type { ComponentType } from 'react'
import type { MenuPath } from '@/contract/catalogue'
import type { InvitePurpose } from '@/contract/schemas/invite'
import type { SearchKind } from '@/contract/schemas/search'
import { registerCommands, registerFound, type OpenFound, type PaletteCommand } from '@/lib/commands'
import type { EntryEditorLoader } from '@/lib/offline'
import { registerBuiltPages } from '@/lib/builtPages'
import { accountsArea } from '@/features/accounts/manifest'
import { appsArea } from '@/features/apps/manifest'
import { attributesArea } from '@/features/attributes/manifest'
import { dictionaryArea } from '@/features/dictionary/manifest'
import { dataDictionaryArea } from '@/features/dataDictionary/manifest'
import { logsArea } from '@/features/logs/manifest'
import { personalArea } from '@/features/personal/manifest'
import { projectInitArea } from '@/features/projectInit/manifest'
import { projectStructureArea } from '@/features/projectStructure/manifest'
import { terminalsArea } from '@/features/terminals/manifest'
import { registerInviteForm, type InviteFormProps } from '@/features/invite/forms'
import { messagesArea } from '@/features/messages/manifest'
import { organizationArea } from '@/features/organization/manifest'
import { registerUnitPanel, type UnitPanelProps, type UnitPanelSlot } from '@/features/organization/slots'
import { peopleArea } from '@/features/people/manifest'
import { projectsArea } from '@/features/projects/manifest'
import { rolesArea } from '@/features/roles/manifest'
import { shellArea } from '@/features/shell/manifest'
import { syncArea } from '@/features/sync/manifest'
import { workSitesArea } from '@/features/workSites/manifest'
import { workflowArea } from '@/features/workflow/manifest'
import { tabulationArea } from '@/features/tabulation/manifest'

export interface AreaManifest {
  id: string
  /** The catalogue pages its screens serve (each page belongs to one area at most; one no area serves is planned). */
  pages: readonly MenuPath[]
  commands?: readonly PaletteCommand[]
  /** How a record of a kind it owns, found by the palette's search, is shown. */
  found?: Partial<Record<SearchKind, OpenFound>>
  /** Loads its offline declarations (declared on import) and names the entities and their editor in the sync centre. */
  offline?: () => Promise<{ entities: readonly string[]; editor?: EntryEditorLoader }>
  unitPanels?: Partial<Record<UnitPanelSlot, () => Promise<ComponentType<UnitPanelProps>>>>
  inviteForms?: Partial<Record<InvitePurpose, () => Promise<ComponentType<InviteFormProps>>>>
}

export const AREAS: readonly AreaManifest[] = [
  shellArea,
  syncArea,
  organizationArea,
  projectsArea,
  workSitesArea,
  peopleArea,
  accountsArea,
  rolesArea,
  messagesArea,
  appsArea,
  terminalsArea,
  logsArea,
  projectStructureArea,
  projectInitArea,
  dictionaryArea,
  dataDictionaryArea,
  attributesArea,
  personalArea,
  workflowArea,
  tabulationArea,
]

// a page no area serves is planned: its menus are marked
registerBuiltPages(AREAS.flatMap((a) => a.pages))

registerCommands(AREAS.flatMap((a) => a.commands ?? []))
for (const area of AREAS) {
  for (const [kind, open] of Object.entries(area.found ?? {})) registerFound(kind as SearchKind, open)
  for (const [slot, load] of Object.entries(area.unitPanels ?? {})) registerUnitPanel(slot as UnitPanelSlot, load)
  for (const [purpose, load] of Object.entries(area.inviteForms ?? {})) registerInviteForm(purpose as InvitePurpose, load)
}
