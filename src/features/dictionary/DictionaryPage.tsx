/**
 * /admin/ebs-management, /admin/wbs-management, /admin/account-quantity-management: one tree
 * dictionary each (src/lib/tree/TreeDictionary.tsx over the gateway's <kind>/listTree, move, copy,
 * Excel import/export). EBS also manages the engineering majors (专业管理); WBS and quantity copy
 * nodes from an EBS standard (a major's EBS nodes, ancestors included).
 */
import { useMemo, useState, type ReactNode } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { BookOpen, CircleSlash, FolderTree } from 'lucide-react'
import { DICT_NODE_FIELDS } from '@/contract/fields/dictionary'
import { DICT_API, type DictKind } from '@/contract/dictionaryApi'
import type { DictMajor, DictNode } from '@/contract/schemas/dictionary'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { OnceOpened } from '@/lib/chunks'
import { LazyDeclaredFields, lazyDialog } from '@/lib/crud/lazyParts'
import { ScreenHeader } from '@/lib/pages'
import { useT } from '@/lib/i18n'
import { Can } from '@/lib/permissions'
import { TreeDictionary } from '@/lib/tree/TreeDictionary'
import { dictKeys, dictMajorsQueryOptions, dictResources, dictTreeQueryOptions } from './queries'

const idOf = (n: DictNode) => n.nodeId
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

/** A toolbar button opening a dialog of ./DictionaryDialogs.tsx (loaded the first time it opens). */
function DialogButton({ label, dialog }: { label: string; dialog: (open: boolean, setOpen: (open: boolean) => void) => ReactNode }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} icon={BookOpen}>
        {label}
      </Button>
      <OnceOpened open={open}>{dialog(open, setOpen)}</OnceOpened>
    </>
  )
}

const MajorsDialog = lazyDialog(() => import('./DictionaryDialogs'), 'MajorsDialog')
const StandardDialog = lazyDialog(() => import('./DictionaryDialogs'), 'StandardDialog')

/** 专业管理: the engineering majors in a dialog (add, edit, delete). */
function MajorsButton() {
  const { t } = useT()
  return (
    <DialogButton label={t('dictionary.majors.button')} dialog={(open, setOpen) => <MajorsDialog open={open} onOpenChange={setOpen} />} />
  )
}

/** 从标准复制: a major's EBS standard, nodes ticked, copied with their ancestors as top nodes of this dictionary. */
function StandardButton({ kind, majors, onCopied }: { kind: DictKind; majors: DictMajor[]; onCopied: () => void }) {
  const { t } = useT()
  return (
    <DialogButton
      label={t('dictionary.standard.button')}
      dialog={(open, setOpen) => <StandardDialog open={open} onOpenChange={setOpen} kind={kind} majors={majors} onCopied={onCopied} />}
    />
  )
}
