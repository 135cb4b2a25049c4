/** A role's members (a role's, a workflow role's): the sheet, the removal, the picker adding accounts. */
export { AccountPicker } from './AccountPicker'
export type { AccountCandidate, AccountPickerProps, MembersTextsKey } from './AccountPicker'
export { MembersSheet, useRemoveMembers } from './MembersSheet'
export type { MembersSheetProps } from './MembersSheet'
