/** 专业管理 and 从标准复制, the dictionary screens' toolbar dialogs (./DictionaryPage.tsx), loaded the first time one opens. */
import { useMemo, useState, type ReactNode } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Pencil, Plus, Trash2 } from 'lucide-react'
import { DICT_MAJOR_FIELDS } from '@/contract/fields/dictionary'
import { DICT_API, type DictKind } from '@/contract/dictionaryApi'
import type { DictMajor, DictNode } from '@/contract/schemas/dictionary'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { FormDialog, invalidateResource, LazyDeclaredFields, RowAction, RowActions, useDelete } from '@/lib/crud'
import { http } from '@/lib/http'
import { useT } from '@/lib/i18n'
import { buildTree, nestedAccess, Tree, type Nested } from '@/lib/tree'
import { toast } from '@/lib/toast'
import { dictMajorsQueryOptions, majorResource, standardQueryOptions } from './queries'

const idOf = (n: DictNode) => n.nodeId
const nameOf = (n: DictNode) => n.nodeName
const standardAccess = nestedAccess<Nested<DictNode>>(idOf)

interface DialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
}

/** A dialog whose body is there only while it is open. */
function BodyDialog({
  open,
  onOpenChange,
  className,
  children,
}: DialogProps & { className: string; children: (close: () => void) => ReactNode }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className}>{open && children(() => onOpenChange(false))}</DialogContent>
    </Dialog>
  )
}

/** 专业管理: the engineering majors (add, edit, delete). */
export function MajorsDialog(props: DialogProps) {
  return (
    <BodyDialog {...props} className="sm:max-w-xl">
      {() => <MajorsBody />}
    </BodyDialog>
  )
}

/** 从标准复制: a major's EBS standard, nodes ticked, copied with their ancestors as top nodes of this dictionary. */
export function StandardDialog({
  kind,
  majors,
  onCopied,
  ...props
}: DialogProps & { kind: DictKind; majors: DictMajor[]; onCopied: () => void }) {
  return (
    <BodyDialog {...props} className="sm:max-w-2xl">
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
    </BodyDialog>
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
