/**
 * /admin/wbs-ebs-rel-configuration: the WBS tree on the left, the EBS tree on the right. The WBS
 * node chosen on the left shows its linked EBS nodes ticked on the right; ticking changes a draft,
 * 保存关联 replaces the node's links (POST wbsEbsRel/save). Many to many: an EBS node may be linked
 * to any number of WBS nodes.
 */
import { useMemo, useState } from 'react'
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query'
import { toast } from '@/lib/toast'
import { FolderTree, Link2, Undo2 } from 'lucide-react'
import { DICT_API } from '@/contract/dictionaryApi'
import type { DictNode } from '@/contract/schemas/dictionary'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { SearchInput } from '@/components/ui/search-input'
import { useLeaveGuard } from '@/lib/crud/dirty'
import { http } from '@/lib/http'
import { ScreenHeader } from '@/lib/pages'
import { useT, type LazyNamespace } from '@/lib/i18n'
import { DataAgeNote } from '@/lib/offline/read'
import { Can } from '@/lib/permissions'
import { buildTree, nestedAccess, textMatch, Tree, TreeQueryBody, type Nested, type TreeCheck } from '@/lib/tree'
import { dictKeys, relListQueryOptions, relTreeQueryOptions } from './queries'

type Node = Nested<DictNode>
const idOf = (n: DictNode) => n.nodeId
const nodeAccess = nestedAccess<Node>(idOf)

export function RelationPage() {
  const { t } = useT()
  const qc = useQueryClient()
  const wbs = useQuery(relTreeQueryOptions('wbs'))
  const ebs = useQuery(relTreeQueryOptions('ebs'))
  const [wbsId, setWbsId] = useState<string | null>(null)
  const linked = useQuery({ ...relListQueryOptions(wbsId ?? ''), enabled: !!wbsId })
  const [draft, setDraft] = useState<{ wbsId: string; ids: ReadonlySet<string> } | null>(null)
  const [saving, setSaving] = useState(false)
  const saved = useMemo(() => new Set(linked.data ?? []), [linked.data])
  const current = draft && draft.wbsId === wbsId ? draft.ids : saved
  const dirty = !!draft && draft.wbsId === wbsId && (draft.ids.size !== saved.size || [...draft.ids].some((id) => !saved.has(id)))
  useLeaveGuard(dirty)
  const chosen = wbs.data?.find((n) => n.nodeId === wbsId)

  const save = async () => {
    if (!wbsId || !chosen) return
    setSaving(true)
    try {
      const r = await http.post<{ linked: number }>(DICT_API.relSave, { wbsId, ebsIds: [...current] })
      toast.success(t('dictionary.rel.saved', { name: chosen.nodeName, n: r.linked }))
      setDraft(null)
      await qc.invalidateQueries({ queryKey: dictKeys.relList(wbsId) })
    } finally {
      setSaving(false)
    }
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-4">
      <ScreenHeader description={t('dictionary.rel.description')} />
      <div className="grid min-h-0 flex-1 gap-4 md:grid-cols-2">
        <TreePanel
          title={t('dictionary.rel.wbs')}
          label={t('dictionary.rel.wbsTree')}
          query={wbs}
          selected={wbsId}
          onSelect={(n) => {
            if (n.nodeId !== wbsId) setDraft(null)
            setWbsId(n.nodeId)
          }}
        />
        <TreePanel
          title={t('dictionary.rel.ebs')}
          label={t('dictionary.rel.ebsTree')}
          query={ebs}
          check={
            wbsId && linked.data
              ? {
                  state: (n) => current.has(n.nodeId),
                  onToggle: (n) => {
                    const next = new Set(current)
                    if (next.has(n.nodeId)) next.delete(n.nodeId)
                    else next.add(n.nodeId)
                    setDraft({ wbsId, ids: next })
                  },
                }
              : undefined
          }
          header={
            wbsId && chosen ? (
              <div className="flex flex-wrap items-center gap-2 border-b bg-muted/40 px-3 py-2 text-sm">
                <Link2 className="h-4 w-4 text-primary" aria-hidden />
                <span className="font-medium">{chosen.nodeName}</span>
                <span className="text-muted-foreground" data-testid="rel-count">
                  {t('dictionary.rel.linked', { n: current.size })}
                </span>
                <div className="ml-auto flex gap-2">
                  {dirty && (
                    <Button size="sm" variant="ghost" onClick={() => setDraft(null)} icon={Undo2}>
                      {t('dictionary.rel.reset')}
                    </Button>
                  )}
                  <Can action="edit">
                    <Button size="sm" onClick={() => void save()} disabled={!dirty || saving}>
                      {t('dictionary.rel.save')}
                    </Button>
                  </Can>
                </div>
              </div>
            ) : (
              <p className="border-b bg-muted/40 px-3 py-2 text-sm text-muted-foreground">{t('dictionary.rel.pickWbs')}</p>
            )
          }
        />
      </div>
    </div>
  )
}

function TreePanel({
  title,
  label,
  query,
  selected,
  onSelect,
  check,
  header,
}: {
  title: string
  label: string
  query: UseQueryResult<DictNode[]>
  selected?: string | null
  onSelect?: (n: Node) => void
  check?: TreeCheck<Node>
  header?: React.ReactNode
}) {
  const { t } = useT()
  const [keyword, setKeyword] = useState('')
  const nodes = useMemo(() => buildTree(query.data ?? [], { id: idOf, parentId: (n) => n.parentId }), [query.data])
  const [expanded, setExpanded] = useState<ReadonlySet<string> | null>(null)
  const open = expanded ?? new Set(nodes.map(idOf))
  return (
    <Card className="flex h-[calc(100dvh-14rem)] min-h-[24rem] flex-col overflow-hidden" aria-label={title}>
      <div className="flex items-center gap-2 border-b p-3">
        <Badge variant="secondary">{title}</Badge>
        <SearchInput
          className="min-w-0 flex-1"
          label={t('dictionary.rel.search')}
          value={keyword}
          onValueChange={setKeyword}
          aria-label={`${title} ${t('dictionary.rel.search')}`}
        />
      </div>
      {header}
      <DataAgeNote query={query} className="border-b bg-muted/40 px-3 py-1.5" />
      <TreeQueryBody query={query} rows={8}>
        <Tree<Node>
          label={label}
          nodes={nodes}
          access={nodeAccess}
          getLabel={(n) => n.nodeName}
          match={textMatch(
            (n) => n.nodeName,
            (n) => n.nodeCode,
          )}
          keyword={keyword}
          expanded={open}
          onExpandedChange={setExpanded}
          rowHeight={36}
          indent={18}
          className="px-2 py-1"
          selectedId={selected ?? null}
          onSelect={onSelect}
          check={check}
          renderIcon={() => <FolderTree className="h-4 w-4 shrink-0 text-primary" aria-hidden />}
          renderExtra={(n) => <span className="ml-2 hidden font-mono text-xs text-muted-foreground sm:inline">{n.nodeCode}</span>}
        />
      </TreeQueryBody>
    </Card>
  )
}

/** The i18n namespaces this screen shows, loaded with its chunk (lazyScreen). */
export const texts = ['crud', 'dictionary', 'sync', 'tree'] as const satisfies readonly LazyNamespace[]
