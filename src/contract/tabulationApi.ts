/**
 * The tabulation area's paths, in a module of their own (as workflowApi.ts): only the tabulation
 * screens and the gateway use them.
 */
import { ADMIN } from './paths'

/**
 * Tabulation (SPEC §7 "Tabulation (v2)"; contract/schemas/tabulation.ts): groups, templates and their
 * published versions, cell permissions, contents (filled sheets).
 */
export const TABULATION_API = {
  group: {
    listTree: `${ADMIN}/tabGroup/listTree`,
    add: `${ADMIN}/tabGroup/add`,
    update: `${ADMIN}/tabGroup/update`,
    delete: `${ADMIN}/tabGroup/delete`,
  },
  template: {
    listPage: `${ADMIN}/tabulation/listPage`,
    list: `${ADMIN}/tabulation/list`,
    /** The draft with its sheet (the designer). */
    detail: `${ADMIN}/tabulation/detail`,
    add: `${ADMIN}/tabulation/add`,
    update: `${ADMIN}/tabulation/update`,
    copy: `${ADMIN}/tabulation/copy`,
    delete: `${ADMIN}/tabulation/delete`,
    /** Freezes the draft as a new immutable version. */
    publish: `${ADMIN}/tabulation/publish`,
    /** The published versions of a template, newest first (without their sheets). */
    versions: `${ADMIN}/tabulation/versionList`,
    /** multipart `file` (.xlsx) + query groupId, name, code: a new template. */
    import: `${ADMIN}/tabulation/import`,
    /** ?tabTemplateId[&versionNo]: the draft (or that version) as .xlsx. */
    export: `${ADMIN}/tabulation/export`,
  },
  cellPermission: {
    list: `${ADMIN}/cellPermission/list`,
    /** Replaces the template's whole rule set. */
    save: `${ADMIN}/cellPermission/save`,
  },
  content: {
    listPage: `${ADMIN}/tabulationApi/listPage`,
    /** The version's layout and the cells the caller may view, with those it may edit. */
    open: `${ADMIN}/tabulationApi/open`,
    add: `${ADMIN}/tabulationApi/add`,
    /** A patch of changed cells with the version read. */
    save: `${ADMIN}/tabulationApi/save`,
    submit: `${ADMIN}/tabulationApi/submit`,
    /** The filled sheet as .xlsx (the cells the caller may view). */
    export: `${ADMIN}/tabulationApi/export`,
  },
} as const
