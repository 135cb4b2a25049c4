/** Add a sub-organisation or department under a tree node, or edit a department. */
import { useWatch } from 'react-hook-form'
import { DEPT_FIELDS } from '@/contract/fields/people'
import { TREE_CATEGORY, type DeptTreeNode } from '@/contract/schemas/people'
import { STATUS } from '@/contract'
import { FormDialog } from '@/lib/crud'
import { DeclaredFields } from '@/lib/crud/forms'
import { useT } from '@/lib/i18n'
import { deptResource } from './resource'

export type DeptEditing = { mode: 'add'; parent: DeptTreeNode } | { mode: 'edit'; node: DeptTreeNode; parent: DeptTreeNode | null }

export function DeptDialog({
  editing,
  onClose,
  onSaved,
}: {
  editing: DeptEditing | null
  onClose: () => void
  onSaved: (node: DeptTreeNode | undefined) => void
}) {
  const { t } = useT()
  const parent = editing?.parent ?? null
  const underOrg = editing?.mode === 'add' && parent?.category === TREE_CATEGORY.organization
  const defaults =
    editing?.mode === 'add'
      ? {
          organizationId: parent!.organizationId,
          parentId: parent!.category === TREE_CATEGORY.department ? parent!.id : '',
          type: 'department',
          status: STATUS.active,
          sort: (parent!.children?.length ?? 0) + 1,
        }
      : undefined
  return (
    <FormDialog
      key={editing ? (editing.mode === 'add' ? `add-${editing.parent.id}` : editing.node.id) : 'closed'}
      resource={deptResource}
      open={!!editing}
      onOpenChange={(o) => !o && onClose()}
      record={editing?.mode === 'edit' ? editing.node : null}
      defaults={defaults}
      title={t(editing?.mode === 'edit' ? 'people.dept.editTitle' : underOrg ? 'people.dept.addTitle' : 'people.dept.addDeptTitle')}
      size="md"
      onSaved={onSaved}
    >
      {() => <DeptFields parent={parent} underOrg={underOrg} />}
    </FormDialog>
  )
}

/** Under an organisation the type is chosen; under a department (and editing one) it is 部门, shown as a fixed value. */
function DeptFields({ parent, underOrg }: { parent: DeptTreeNode | null; underOrg: boolean }) {
  const { t } = useT()
  const type = useWatch({ name: 'type' }) as string
  return (
    <DeclaredFields
      fields={DEPT_FIELDS}
      own={{ type: underOrg && { hint: type !== 'department' ? t('people.dept.typeHint') : undefined } }}
      before={{
        type: (
          <>
            {parent && <Fixed label={t('people.dept.parent')} value={parent.name} />}
            {!underOrg && <Fixed label={t('people.dept.type')} value={t('people.dept.types.department')} />}
          </>
        ),
      }}
    />
  )
}

function Fixed({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-1.5 sm:col-span-2">
      <span className="text-sm">{label}</span>
      <p className="flex h-9 items-center rounded-md border bg-muted/50 px-3 text-sm">{value}</p>
    </div>
  )
}
