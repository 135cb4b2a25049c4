/**
 * /admin/ebs-management, /admin/wbs-management, /admin/account-quantity-management: one tree
 * dictionary each (src/lib/tree/TreeDictionary.tsx over the gateway's <kind>/listTree, move, copy,
 * Excel import/export). EBS also manages the engineering majors (专业管理); WBS and quantity copy
 * nodes from an EBS standard (a major's EBS nodes, ancestors included).
 */
import { useMemo, useState, type ReactNode } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { BookOpen, CircleSlash, FolderTree, Pencil, Plus, Trash2 } from 'lucide-react'
import { DICT_MAJOR_FIELDS, DICT_NODE_FIELDS } from '@/contract/fields/dictionary'
import { DICT_API, type DictKind } from '@/contract/dictionaryApi'
import type { DictMajor, DictNode } from '@/contract/schemas/dictionary'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { FormDialog, invalidateResource, LazyDeclaredFields, RowAction, RowActions, useDelete } from '@/lib/crud'
import { http } from '@/lib/http'
import { ScreenHeader } from '@/lib/pages'
import { useT } from '@/lib/i18n'
import { Can } from '@/lib/permissions'
import { buildTree, nestedAccess, Tree, type Nested } from '@/lib/tree'
import { TreeDictionary } from '@/lib/tree/TreeDictionary'
import { toast } from '@/lib/toast'
import { dictKeys, dictMajorsQueryOptions, dictResources, dictTreeQueryOptions, majorResource, standardQueryOptions } from './queries'

const idOf = (n: DictNode) => n.nodeId
const standardAccess = nestedAccess<Nested<DictNode>>(idOf)
const nameOf = (n: DictNode) => n.nodeName
const codeOf = (n: DictNode) => n.nodeCode

export function DictionaryPage({ kind }: { kind: DictKind }) {
  const { t } = useT()
  const qc = useQueryClient()
  const query = useQuery(dictTreeQueryOptions(kind))
  const majors = useQuery(dictMajorsQueryOptions(kind))
  const majorName = useMemo(() => new Map((majors.data ?? []).map((m) => [m.majorId, m.majorName])), [majors.data])
  const refresh = () => qc.invalidateQueries({ queryKey: dictKeys.kind(kind) })

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-4">
      <ScreenHeader description={t(`dictionary.${kind}.description`)} />
      <TreeDictionary<DictNode>
        resource={dictResources[kind]}
        query={query}
        idKey="nodeId"
        idOf={idOf}
        nameOf={nameOf}
        codeOf={codeOf}
        texts={`dictionary.${kind}`}
        refresh={refresh}
        paths={{ move: DICT_API.move(kind), copy: DICT_API.copy(kind) }}
        copySchema={() => import('@/contract/schemas/dictionary').then((m) => m.dictNodeCopy)}
        emptyIcon={<FolderTree className="h-10 w-10 opacity-50" aria-hidden />}
        renderIcon={(n) =>
          n.status === 0 ? (
            <CircleSlash className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
          ) : (
            <FolderTree className="h-4 w-4 shrink-0 text-primary" aria-hidden />
          )
        }
        renderExtra={(n) => (
          <span className="ml-2 hidden min-w-0 shrink-0 items-center gap-2 sm:flex">
            <span className="font-mono text-xs text-muted-foreground">{n.nodeCode}</span>
            {n.unit && (
              <Badge variant="outline" className="font-normal">
                {n.unit}
              </Badge>
            )}
            {n.majorId && majorName.get(n.majorId) && (
              <Badge variant="secondary" className="font-normal">
                {majorName.get(n.majorId)}
              </Badge>
            )}
            <span className="text-xs text-muted-foreground">{t('dictionary.level', { n: n.level })}</span>
            {n.status === 0 && (
              <Badge variant="outline" className="font-normal text-muted-foreground">
                {t('dictionary.status.disabled')}
              </Badge>
            )}
          </span>
        )}
        toolbar={
          kind === 'ebs' ? (
            <Can action="major">
              <MajorsButton />
            </Can>
          ) : (
            <Can action="copy">
              <StandardButton kind={kind} majors={majors.data ?? []} onCopied={() => void refresh()} />
            </Can>
          )
        }
        defaults={(parent) => ({ parentId: parent?.nodeId ?? null, status: 1, ...(parent?.majorId ? { majorId: parent.majorId } : {}) })}
        fields={
          <LazyDeclaredFields
            fields={DICT_NODE_FIELDS}
            sources={{ major: (majors.data ?? []).map((m) => ({ value: m.majorId, label: `${m.majorName}（${m.majorCode}）` })) }}
          />
        }
      />
    </div>
  )
}

/** A toolbar button opening a dialog, whose body is there only while it is open. */
function DialogButton({ label, className, children }: { label: string; className: string; children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} icon={BookOpen}>
        {label}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className={className}>{open && children(() => setOpen(false))}</DialogContent>
      </Dialog>
    </>
  )
}

/** 专业管理: the engineering majors in a dialog (add, edit, delete). */
function MajorsButton() {
  const { t } = useT()
  return (
    <DialogButton label={t('dictionary.majors.button')} className="sm:max-w-xl">
      {() => <MajorsBody />}
    </DialogButton>
  )
}

function MajorsBody() {
  const { t } = useT()
  const qc = useQueryClient()
  const majors = useQuery(dictMajorsQueryOptions('ebs'))
  const [editing, setEditing] = useState<{ record: DictMajor | null } | null>(null)
  const del = useDelete(majorResource)
  const refresh = () => invalidateResource(qc, majorResource)
  return (
    <>
      <DialogHeader>
        <DialogTitle>{t('dictionary.majors.title')}</DialogTitle>
        <DialogDescription>{t('dictionary.majors.description')}</DialogDescription>
      </DialogHeader>
      <div className="max-h-[50vh] overflow-auto rounded-md border">
        {(majors.data ?? []).length === 0 ? (
          <p className="p-6 text-center text-sm text-muted-foreground">{t('dictionary.majors.empty')}</p>
        ) : (
          <ul className="divide-y">
            {(majors.data ?? []).map((m) => (
              <li key={m.majorId} className="flex items-center gap-3 px-3 py-2 text-sm">
                <span className="w-24 shrink-0 font-mono text-xs text-muted-foreground">{m.majorCode}</span>
                <span className="min-w-0 flex-1 truncate">{m.majorName}</span>
                {m.status === 0 && <Badge variant="outline">{t('dictionary.status.disabled')}</Badge>}
                <RowActions compact>
                  <RowAction
                    icon={<Pencil aria-hidden />}
                    label={t('common.edit')}
                    ariaLabel={`${t('common.edit')} ${m.majorName}`}
                    onClick={() => setEditing({ record: m })}
                  />
                  <RowAction
                    icon={<Trash2 aria-hidden />}
                    label={t('common.delete')}
                    ariaLabel={`${t('common.delete')} ${m.majorName}`}
                    tone="destructive"
                    onClick={() => void del.remove([m.majorId], undefined, [m])}
                  />
                </RowActions>
              </li>
            ))}
          </ul>
        )}
      </div>
      <DialogFooter>
        <Button onClick={() => setEditing({ record: null })} icon={Plus}>
          {t('dictionary.majors.add')}
        </Button>
      </DialogFooter>
      <FormDialog
        key={editing ? (editing.record?.majorId ?? 'new') : 'closed'}
        resource={majorResource}
        open={!!editing}
        onOpenChange={(o) => !o && setEditing(null)}
        record={editing?.record ?? null}
        defaults={{ sort: (majors.data?.length ?? 0) + 1, status: 1 }}
        onSaved={() => void refresh()}
        size="md"
      >
        <LazyDeclaredFields fields={DICT_MAJOR_FIELDS} />
      </FormDialog>
    </>
  )
}

/** 从标准复制: a major's EBS standard, nodes ticked, copied with their ancestors as top nodes of this dictionary. */
function StandardButton({ kind, majors, onCopied }: { kind: DictKind; majors: DictMajor[]; onCopied: () => void }) {
  const { t } = useT()
  return (
    <DialogButton label={t('dictionary.standard.button')} className="sm:max-w-2xl">
      {(close) => (
        <StandardBody
          kind={kind}
          majors={majors}
          onDone={() => {
            close()
            onCopied()
          }}
        />
      )}
    </DialogButton>
  )
}

function StandardBody({ kind, majors, onDone }: { kind: DictKind; majors: DictMajor[]; onDone: () => void }) {
  const { t } = useT()
  const [majorId, setMajorId] = useState<string>('')
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set())
  const [busy, setBusy] = useState(false)
  const standard = useQuery({ ...standardQueryOptions(majorId), enabled: !!majorId })
  type Node = Nested<DictNode>
  const nodes = useMemo(() => buildTree(standard.data ?? [], { id: idOf, parentId: (n) => n.parentId }), [standard.data])
  const byId = useMemo(() => new Map((standard.data ?? []).map((n) => [n.nodeId, n])), [standard.data])
  const [expanded, setExpanded] = useState<ReadonlySet<string> | null>(null)
  const open = expanded ?? new Set(byId.keys())
  // the chosen nodes with their ancestors: what will be copied
  const total = useMemo(() => {
    const all = new Set<string>()
    for (const id of chosen)
      for (let n = byId.get(id); n && !all.has(n.nodeId); n = n.parentId ? byId.get(n.parentId) : undefined) all.add(n.nodeId)
    return all.size
  }, [chosen, byId])
  const submit = async () => {
    setBusy(true)
    try {
      const { dictCopyFromStandard } = await import('@/contract/schemas/dictionary')
      const r = dictCopyFromStandard.parse({ nodeIds: [...chosen], parentId: null })
      const done = await http.post<{ copied: number }>(DICT_API.copyFromStandard(kind), r)
      toast.success(t('dictionary.standard.copied', { n: done.copied }))
      onDone()
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <DialogHeader>
        <DialogTitle>{t('dictionary.standard.title')}</DialogTitle>
        <DialogDescription>{t('dictionary.standard.description')}</DialogDescription>
      </DialogHeader>
      <Select
        value={majorId}
        onValueChange={(v) => {
          setMajorId(v)
          setChosen(new Set())
          setExpanded(null)
        }}
      >
        <SelectTrigger aria-label={t('dictionary.standard.major')}>
          <SelectValue placeholder={t('dictionary.standard.majorPlaceholder')} />
        </SelectTrigger>
        <SelectContent>
          {majors.map((m) => (
            <SelectItem key={m.majorId} value={m.majorId}>
              {m.majorName}（{m.majorCode}）
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <div className="h-72 overflow-hidden rounded-md border">
        {majorId && standard.data && standard.data.length === 0 ? (
          <p className="p-6 text-center text-sm text-muted-foreground">{t('dictionary.standard.empty')}</p>
        ) : (
          <Tree<Node>
            label={t('dictionary.standard.title')}
            nodes={nodes}
            access={standardAccess}
            getLabel={nameOf}
            expanded={open}
            onExpandedChange={setExpanded}
            rowHeight={36}
            className="h-full px-2 py-1"
            check={{
              state: (n) => chosen.has(n.nodeId),
              onToggle: (n) => {
                const next = new Set(chosen)
                if (next.has(n.nodeId)) next.delete(n.nodeId)
                else next.add(n.nodeId)
                setChosen(next)
              },
            }}
            renderExtra={(n) => <span className="ml-2 font-mono text-xs text-muted-foreground">{n.nodeCode}</span>}
          />
        )}
      </div>
      <DialogFooter className="items-center">
        <span className="mr-auto text-sm text-muted-foreground">{t('dictionary.standard.chosen', { n: chosen.size, total })}</span>
        <Button onClick={() => void submit()} disabled={busy || chosen.size === 0}>
          {t('dictionary.standard.submit')}
        </Button>
      </DialogFooter>
    </>
  )
}
