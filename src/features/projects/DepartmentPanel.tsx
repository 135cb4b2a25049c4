/**
 * The department tree of one project organisation (projectDepartmentNodeVOS): add (top or below a
 * department), edit, delete, and move by drag or 移动到… (a move under itself is refused, 20021).
 */
import { useMemo, useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from '@/lib/toast'
import { FolderTree, Pencil, Plus, Trash2 } from 'lucide-react'
import { PROJECT_DEPARTMENT_FIELDS } from '@/contract/fields/project'
import { PROJECT_API } from '@/contract/projectApi'
import type { ProjectDepartmentNode, ProjectOrg } from '@/contract/schemas/project'
import { Button, IconButton } from '@/components/ui/button'
import { FormDialog, invalidateResource, useDelete } from '@/lib/crud'
import { DeclaredFields } from '@/lib/crud/forms'
import { http } from '@/lib/http'
import { useCan } from '@/lib/permissions'
import { useT } from '@/lib/i18n'
import { branchIds, Tree, type TreeAccess } from '@/lib/tree'
import { projectDeptResource } from './resource'

const access: TreeAccess<ProjectDepartmentNode> = {
  id: (n) => n.projectDepartmentId,
  children: (n) => n.projectDepartmentNodeVOS ?? [],
}

type Editing = { record: ProjectDepartmentNode | null; parentId: string | null } | null

export function DepartmentPanel({ org }: { org: ProjectOrg }) {
  const { t } = useT()
  const qc = useQueryClient()
  const nodes = org.projectDepartmentNodeVOS
  const [expanded, setExpanded] = useState<ReadonlySet<string> | null>(null)
  const open = expanded ?? new Set(branchIds(nodes, access))
  const [editing, setEditing] = useState<Editing>(null)
  const [dialogOpen, setDialogOpen] = useState(false)
  const canAdd = useCan('add')
  const canEdit = useCan('edit')
  const canDelete = useCan('delete')
  const del = useDelete(projectDeptResource)
  const move = useMutation({
    mutationFn: ({ id, parentId }: { id: string; parentId: string | null }) =>
      http.post(PROJECT_API.projectDepartment.move, { projectDepartmentId: id, ...(parentId ? { parentId } : {}) }),
    onSuccess: async () => {
      toast.success(t('projects.dept.moved'))
      await invalidateResource(qc, projectDeptResource)
    },
  })
  const parentOptions = useMemo(() => {
    const out: { value: string; label: string }[] = []
    const walk = (list: readonly ProjectDepartmentNode[], depth: number) =>
      list.forEach((n) => {
        out.push({ value: n.projectDepartmentId, label: `${'\u3000'.repeat(depth)}${n.departmentName}` })
        walk(n.projectDepartmentNodeVOS ?? [], depth + 1)
      })
    walk(nodes, 0)
    return out
  }, [nodes])

  const startAdd = (parentId: string | null) => {
    setEditing({ record: null, parentId })
    setDialogOpen(true)
  }

  return (
    <div className="flex min-h-0 flex-col">
      <div className="flex items-center justify-between gap-2 border-b px-3 py-2">
        <div className="min-w-0">
          <div className="truncate text-sm font-medium">{t('projects.dept.title', { org: org.projectOrganizationName })}</div>
          <div className="text-xs text-muted-foreground">{t('projects.hint.dept')}</div>
        </div>
        {canAdd && (
          <Button size="sm" onClick={() => startAdd(null)}>
            <Plus aria-hidden />
            {t('projects.dept.addRoot')}
          </Button>
        )}
      </div>
      <Tree
        label={t('projects.dept.tree')}
        nodes={nodes}
        access={access}
        getLabel={(n) => n.departmentName}
        expanded={open}
        onExpandedChange={setExpanded}
        className="max-h-[28rem] p-1.5"
        rowHeight={36}
        empty={<p className="p-4 text-sm text-muted-foreground">{t('projects.dept.empty')}</p>}
        renderIcon={() => <FolderTree className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />}
        renderExtra={(n) =>
          n.accountCount > 0 ? (
            <span className="shrink-0 pl-1 text-xs tabular-nums text-muted-foreground">
              {t('projects.dept.accounts', { n: n.accountCount })}
            </span>
          ) : null
        }
        renderActions={(n) => (
          <span className="inline-flex items-center">
            {canAdd && (
              <IconButton
                className="h-8 w-8"
                icon={Plus}
                label={t('projects.dept.addChild')}
                tip
                onClick={() => startAdd(n.projectDepartmentId)}
              />
            )}
            {canEdit && (
              <IconButton
                className="h-8 w-8"
                icon={Pencil}
                label={t('projects.dept.rename')}
                name={`${t('projects.dept.rename')} ${n.departmentName}`}
                tip
                onClick={() => {
                  setEditing({ record: n, parentId: n.parentId })
                  setDialogOpen(true)
                }}
              />
            )}
            {canDelete && (
              <IconButton
                className="h-8 w-8 text-destructive"
                icon={Trash2}
                label={t('projects.dept.delete')}
                name={`${t('projects.dept.delete')} ${n.departmentName}`}
                tip
                onClick={() => void del.remove([n.projectDepartmentId], undefined, [n])}
              />
            )}
          </span>
        )}
        move={
          canEdit
            ? {
                onMove: (id, place) => {
                  const self = parentOptions.find((o) => o.value === id)
                  const current = findParent(nodes, id)
                  if (!self || current === place.parentId) return
                  return move.mutateAsync({ id, parentId: place.parentId })
                },
                busy: move.isPending,
              }
            : undefined
        }
      />
      {editing && (
        <FormDialog
          key={editing.record ? editing.record.projectDepartmentId : `new:${editing.parentId ?? ''}`}
          resource={projectDeptResource}
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          record={editing.record as never}
          defaults={{ projectOrganizationId: org.projectOrganizationId, parentId: editing.parentId ?? '', sort: 1 }}
          size="md"
        >
          <DeclaredFields fields={PROJECT_DEPARTMENT_FIELDS} sources={{ projectDepartment: parentOptions }} />
        </FormDialog>
      )}
    </div>
  )
}

function findParent(nodes: readonly ProjectDepartmentNode[], id: string): string | null | undefined {
  for (const n of nodes) {
    if (n.projectDepartmentId === id) return n.parentId
    const below = findParent(n.projectDepartmentNodeVOS ?? [], id)
    if (below !== undefined) return below
  }
  return undefined
}
