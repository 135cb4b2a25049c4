/**
 * Query keys and options of the tabulation area, the one place they are written: the group tree,
 * templates (paged list, a draft with its sheet, published versions), a template's cell rules,
 * contents (paged list, one opened). Every key starts with 'tabTemplate' or 'tabContent': a write
 * to templates refetches the first, a save or submit of a sheet the second.
 */
import { queryOptions } from '@tanstack/react-query'
import { resourcePaths } from '@/contract'
import { DICT_API } from '@/contract/dictionaryApi'
import type { DictNode } from '@/contract/schemas/dictionary'
import type { WfAccountOption, WfModelHistoryRow } from '@/contract/schemas/workflow'
import type { WorkSite } from '@/contract/schemas/workSite'
import {
  TABULATION_API,
  type TabCellRuleRow,
  type TabContentOpen,
  type TabContentRow,
  type TabGroupRow,
  type TabTemplateDetail,
  type TabTemplateRow,
  type TabVersionRow,
} from '@/contract/schemas/tabulation'
import { WORKFLOW_API } from '@/contract/workflowApi'
import { listPageQueryOptions } from '@/lib/crud/queries'
import type { ListSearch } from '@/lib/crud/search'
import { http } from '@/lib/http'

const TEMPLATE_KEY = 'tabTemplate'
const CONTENT_KEY = 'tabContent'
const GROUP_KEY = 'tabGroup'

/** The list machinery's view of the calls (the template calls are the standard five and more). */
export const templatePaths = TABULATION_API.template
export const groupPaths = {
  listPage: TABULATION_API.group.listTree,
  list: TABULATION_API.group.listTree,
  add: TABULATION_API.group.add,
  update: TABULATION_API.group.update,
  delete: TABULATION_API.group.delete,
}
/** Contents are added, saved and submitted by their own calls (./fill); no delete. */
export const contentPaths = {
  listPage: TABULATION_API.content.listPage,
  list: TABULATION_API.content.listPage,
  add: TABULATION_API.content.add,
  update: TABULATION_API.content.save,
  delete: TABULATION_API.content.save,
}

export const tabKeys = {
  templates: () => [TEMPLATE_KEY] as const,
  detail: (tabTemplateId: string) => [TEMPLATE_KEY, 'detail', tabTemplateId] as const,
  versions: (tabTemplateId: string) => [TEMPLATE_KEY, 'versions', tabTemplateId] as const,
  rules: (tabTemplateId: string) => [TEMPLATE_KEY, 'rules', tabTemplateId] as const,
  groups: () => [GROUP_KEY] as const,
  contents: () => [CONTENT_KEY] as const,
  open: (tabContentId: string) => [CONTENT_KEY, 'open', tabContentId] as const,
}

/** The template list page for a list search (the group as a filter). */
export const templateListPageQueryOptions = (search: ListSearch) =>
  listPageQueryOptions<TabTemplateRow>({ key: TEMPLATE_KEY, paths: templatePaths }, search)

/** The filled sheets' list page for a list search. */
export const contentListPageQueryOptions = (search: ListSearch) =>
  listPageQueryOptions<TabContentRow>({ key: CONTENT_KEY, paths: contentPaths }, search)

/** Every group, flat (parentId, sortKey): the console builds the tree. */
export const groupTreeQueryOptions = () =>
  queryOptions({
    queryKey: tabKeys.groups(),
    queryFn: ({ signal }) => http.get<TabGroupRow[]>(TABULATION_API.group.listTree, undefined, { signal }),
  })

/** Published templates (what can be filled). */
export const publishedTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: [TEMPLATE_KEY, 'published'] as const,
    queryFn: ({ signal }) => http.get<TabTemplateRow[]>(TABULATION_API.template.list, { published: true }, { signal }),
    staleTime: 60_000,
  })

/** A template's draft with its sheet (the designer). */
export const templateDetailQueryOptions = (tabTemplateId: string) =>
  queryOptions({
    queryKey: tabKeys.detail(tabTemplateId),
    queryFn: ({ signal }) => http.get<TabTemplateDetail>(TABULATION_API.template.detail, { tabTemplateId }, { signal }),
    // the designer starts from the draft as it is now, never from a copy kept in memory or on disk
    gcTime: 0,
    meta: { persist: false },
  })

export const templateVersionsQueryOptions = (tabTemplateId: string) =>
  queryOptions({
    queryKey: tabKeys.versions(tabTemplateId),
    queryFn: ({ signal }) => http.get<TabVersionRow[]>(TABULATION_API.template.versions, { tabTemplateId }, { signal }),
  })

export const cellRulesQueryOptions = (tabTemplateId: string) =>
  queryOptions({
    queryKey: tabKeys.rules(tabTemplateId),
    queryFn: ({ signal }) => http.get<TabCellRuleRow[]>(TABULATION_API.cellPermission.list, { tabTemplateId }, { signal }),
  })

/** A content opened: the version's layout (what the caller may view), its cells, the cells it may edit. */
export const contentOpenQueryOptions = (tabContentId: string) =>
  queryOptions({
    queryKey: tabKeys.open(tabContentId),
    queryFn: ({ signal }) => http.get<TabContentOpen>(TABULATION_API.content.open, { tabContentId }, { signal }),
  })

// ---- the fill-in screen's choices (./fill): read silently, cached (the service worker keeps the dictionaries' and sites' paths) ----

/** A dictionary's nodes (EBS / WBS / quantity), the choices of a cell whose source is that dictionary. */
export const choiceDictQueryOptions = (kind: 'ebs' | 'wbs' | 'quantity') =>
  queryOptions({
    queryKey: [CONTENT_KEY, 'choices', kind] as const,
    queryFn: ({ signal }) => http.get<DictNode[]>(DICT_API.tree(kind), {}, { signal, silent: true }),
    staleTime: 5 * 60_000,
  })

/** A project's work sites (the new sheet's work site, a cell whose source is workSite). */
export const projectWorkSitesQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: [CONTENT_KEY, 'workSites', projectId] as const,
    queryFn: ({ signal }) => http.get<WorkSite[]>(resourcePaths('workSite').list, { projectId }, { signal, silent: true }),
    staleTime: 5 * 60_000,
  })

/** Accounts a person cell offers. */
export const personChoicesQueryOptions = () =>
  queryOptions({
    queryKey: [CONTENT_KEY, 'persons'] as const,
    queryFn: ({ signal }) => http.get<WfAccountOption[]>(WORKFLOW_API.task.accountOptions, undefined, { signal, silent: true }),
    staleTime: 5 * 60_000,
  })

/**
 * The fill-in screen's read of a content (the same key and answer as contentOpenQueryOptions): a read
 * that cannot reach the gateway says nothing — the screen shows the copy it has (persisted for offline
 * use) and the sync mark; a refusal still says why.
 */
export const fillOpenQueryOptions = (tabContentId: string) =>
  queryOptions({
    queryKey: tabKeys.open(tabContentId),
    queryFn: ({ signal }) =>
      http.get<TabContentOpen>(TABULATION_API.content.open, { tabContentId }, { signal, quietKinds: ['network', 'timeout', 'invalid'] }),
  })

/** The workflow models a template may bind (those with a published version), by key; empty for a caller without 流程模型管理. */
export const processOptionsQueryOptions = () =>
  queryOptions({
    queryKey: [TEMPLATE_KEY, 'processes'] as const,
    queryFn: async ({ signal }) => {
      const rows = await http.get<WfModelHistoryRow[]>(WORKFLOW_API.history.listPublish, { versionType: 1 }, { signal, silent: true })
      const byKey = new Map(rows.map((r) => [r.modelKey, r.name] as const))
      return [...byKey].map(([value, name]) => ({ value, label: `${name}（${value}）` }))
    },
    staleTime: 60_000,
  })
