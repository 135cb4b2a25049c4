/**
 * The menu tree of one application (GET applicationMenu/list?applicationId=), built by parentId:
 * add a top-level menu or a submenu, edit, delete (with its submenus), move (drag, 上移/下移,
 * 移动到…: the menu's parentId and sort code are updated). Changes refetch the shell's left menu.
 */
import { useMemo, useState } from 'react'
import { get, useFieldArray, useFormContext, useWatch } from 'react-hook-form'
import { useQueryClient } from '@tanstack/react-query'
import { toast } from '@/lib/toast'
import { FolderTree, Pencil, Plus, Trash2, X } from 'lucide-react'
import { MENU_FIELDS, MENU_FUNCTION_FIELDS } from '@/contract/fields/apps'
import type { Application, ApplicationMenu } from '@/contract/schemas/application'
import { Badge } from '@/components/ui/badge'
import { Button, IconButton } from '@/components/ui/button'
import { Sheet } from '@/components/ui/sheet'
import { FormDialog, invalidateResource, RowAction, RowActions, useDelete, useList, useTranslate } from '@/lib/crud'
import { DeclaredField, DeclaredFields, FieldError } from '@/lib/crud/forms'
import { http } from '@/lib/http'
import { menuLabel } from '@/lib/permissions'
import { Can, useCan } from './permissions'
import { useT } from '@/lib/i18n'
import { branchIds, descendantCount, indexTree, Tree, TreeQueryBody, TreeRefresh, type MovePlace } from '@/lib/tree'
import { cn } from '@/lib/utils'
import { menuResource } from './resource'
import { buildMenuTree, menuAccess, moveBody, moveUpdates, nextSort, type MenuTreeNode } from './menuTree'

type Editing = { open: false } | { open: true; record: ApplicationMenu | null; parent: MenuTreeNode | null }

export function MenuPanel({ app, open, onOpenChange }: { app: Application | null; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useT()
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      className="overflow-auto"
      title={t('apps.menu.title', { app: app?.name ?? '' })}
      description={t('apps.menu.description')}
    >
      {open && app && <MenuTree app={app} />}
    </Sheet>
  )
}

function MenuTree({ app }: { app: Application }) {
  const { t, locale } = useT()
  const qc = useQueryClient()
  const query = useList(menuResource, { applicationId: app.applicationId })
  const menus = query.data ?? []
  const tree = useMemo(() => buildMenuTree(query.data ?? []), [query.data])
  const index = useMemo(() => indexTree(tree, menuAccess), [tree])
  const [expanded, setExpanded] = useState<ReadonlySet<string> | null>(null)
  const open = expanded ?? new Set(branchIds(tree, menuAccess)) // everything open at first
  const [editing, setEditing] = useState<Editing>({ open: false })
  const [moving, setMoving] = useState(false)
  const del = useDelete(menuResource)
  const canMove = useCan('edit')

  const remove = (node: MenuTreeNode) => {
    const n = descendantCount(node, menuAccess.children)
    void del.remove([node.applicationMenuId], n ? t('apps.menu.deleteWithChildren', { n }) : undefined, [node])
  }
  const addChild = (parent: MenuTreeNode | null) => {
    if (parent) setExpanded(new Set([...open, parent.applicationMenuId]))
    setEditing({ open: true, record: null, parent })
  }
  // a move writes the menu's parent and sort code, then renumbers its new siblings
  const move = async (id: string, place: MovePlace) => {
    setMoving(true)
    try {
      for (const update of moveUpdates(index, id, place)) await http.put(menuResource.paths.update, moveBody(update))
      if (place.parentId) setExpanded(new Set([...open, place.parentId]))
      toast.success(t('tree.moved'))
    } finally {
      await invalidateResource(qc, menuResource)
      setMoving(false)
    }
  }

  const parent = editing.open ? editing.parent : null
  const siblings = parent ? parent.children : tree

  return (
    <>
      <div className="flex flex-wrap items-center gap-2 border-b px-6 py-3">
        <Can action="add">
          <Button onClick={() => addChild(null)} icon={Plus}>
            {t('apps.menu.addRoot')}
          </Button>
        </Can>
        <span className="text-sm text-muted-foreground">{t('apps.menu.count', { n: menus.length })}</span>
        <div className="ml-auto flex items-center gap-1">
          <Button variant="ghost" className="h-9 px-2" onClick={() => setExpanded(new Set(branchIds(tree, menuAccess)))}>
            {t('apps.menu.expandAll')}
          </Button>
          <Button variant="ghost" className="h-9 px-2" onClick={() => setExpanded(new Set())}>
            {t('apps.menu.collapseAll')}
          </Button>
          <TreeRefresh query={query} />
        </div>
      </div>

      <TreeQueryBody query={query} busy={moving}>
        <Tree
          label={t('apps.menus')}
          nodes={tree}
          access={menuAccess}
          getLabel={(m) => menuLabel(m, locale)}
          expanded={open}
          onExpandedChange={setExpanded}
          rowHeight={52}
          indent={24}
          className="px-2 py-1"
          rowClassName="rounded-none border-b border-border/60"
          renderLabel={(node) => <MenuName node={node} />}
          renderExtra={(node) => <MenuFunctions node={node} />}
          renderActions={(node) => (
            <MenuActions
              node={node}
              onAddChild={() => addChild(node)}
              onEdit={() => setEditing({ open: true, record: node, parent: null })}
              onDelete={() => remove(node)}
              deleting={del.isPending}
            />
          )}
          move={canMove ? { onMove: move, busy: moving } : undefined}
          empty={
            <div className="flex flex-col items-center gap-2 px-6 py-16 text-sm text-muted-foreground">
              <FolderTree className="h-10 w-10 opacity-50" aria-hidden />
              {t('apps.menu.empty')}
            </div>
          }
        />
      </TreeQueryBody>

      <FormDialog
        key={editing.open ? (editing.record?.applicationMenuId ?? `new-${parent?.applicationMenuId ?? 'root'}`) : 'closed'}
        resource={menuResource}
        open={editing.open}
        onOpenChange={(o) => !o && setEditing({ open: false })}
        record={editing.open ? editing.record : null}
        title={parent ? t('apps.menu.addChildTitle', { parent: menuLabel(parent, locale) }) : undefined}
        defaults={{
          applicationId: app.applicationId,
          parentId: parent?.applicationMenuId ?? null,
          sort: nextSort(siblings),
          functionList: [],
        }}
        size="xl"
      >
        <MenuFormFields />
      </FormDialog>
    </>
  )
}

/** The menu's name (with the other language's, when it has one) and its route. */
function MenuName({ node }: { node: MenuTreeNode }) {
  const { locale } = useT()
  const label = menuLabel(node, locale)
  const other = locale === 'zh' ? node.menuNameEn : node.menuName !== label ? node.menuName : null
  return (
    <span className="block min-w-0 py-1 font-normal text-foreground">
      <span className="block truncate font-medium">
        {label}
        {other && <span className="ml-2 text-xs font-normal text-muted-foreground">{other}</span>}
      </span>
      <span className="block truncate font-mono text-xs text-muted-foreground">{node.action || '—'}</span>
    </span>
  )
}

/** Sort code and the first functions. */
function MenuFunctions({ node }: { node: MenuTreeNode }) {
  const { t } = useT()
  const shown = node.functionList.slice(0, 4)
  const more = node.functionList.length - shown.length
  return (
    <>
      <span className="hidden w-10 shrink-0 text-right text-xs tabular-nums text-muted-foreground md:block" title={t('apps.menu.sort')}>
        {node.sort}
      </span>
      <span className="hidden w-56 min-w-0 shrink-0 flex-wrap items-center gap-1 sm:flex">
        {shown.map((f) => (
          <Badge key={f.applicationMenuFunctionId} variant="outline" className="font-normal" title={f.functionAction}>
            {f.functionName}
          </Badge>
        ))}
        {more > 0 && (
          <Badge
            variant="secondary"
            title={node.functionList
              .slice(4)
              .map((f) => f.functionName)
              .join('、')}
          >
            +{more}
          </Badge>
        )}
        {node.functionList.length === 0 && node.action && (
          <span className="text-xs text-muted-foreground">{t('apps.menu.noFunctions')}</span>
        )}
      </span>
    </>
  )
}

function MenuActions(props: { node: MenuTreeNode; onAddChild: () => void; onEdit: () => void; onDelete: () => void; deleting: boolean }) {
  const { t } = useT()
  return (
    <RowActions compact>
      <Can action="add">
        <RowAction icon={<Plus aria-hidden />} label={t('apps.menu.addChild')} tone="plain" onClick={props.onAddChild} />
      </Can>
      <Can action="edit">
        <RowAction icon={<Pencil aria-hidden />} label={t('common.edit')} onClick={props.onEdit} />
      </Can>
      <Can action="delete">
        <RowAction
          icon={<Trash2 aria-hidden />}
          label={t('common.delete')}
          tone="destructive"
          onClick={props.onDelete}
          disabled={props.deleting}
        />
      </Can>
    </RowActions>
  )
}

const PRESETS = ['add', 'edit', 'delete', 'export'] as const

/** Menu fields and the editable list of its functions (repeated actions are rejected by the schema). */
function MenuFormFields() {
  const { t } = useT()
  const tr = useTranslate()
  const { control, formState } = useFormContext()
  // the repeat message (v.repeat:<action>) of the list: also mark the rows holding that action
  const listError = get(formState.errors, 'functionList') as { message?: string; root?: { message?: string } } | undefined
  const listMessage = listError?.message ?? listError?.root?.message ?? ''
  const repeated = listMessage.startsWith('v.repeat:') ? listMessage.slice('v.repeat:'.length) : null
  const actions = useWatch({ control, name: 'functionList' }) as { functionAction?: string }[] | undefined
  const { fields, append, remove } = useFieldArray({ control, name: 'functionList' })
  const saving = formState.isSubmitting
  return (
    <div className="space-y-6">
      <DeclaredFields fields={MENU_FIELDS} />

      <fieldset className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <legend className="text-sm font-medium">{t('apps.menu.functions')}</legend>
          <div className="flex flex-wrap items-center gap-1 text-xs text-muted-foreground">
            <span>{t('apps.menu.presets')}</span>
            {PRESETS.map((p) => (
              <Button
                key={p}
                type="button"
                variant="outline"
                className="h-9 px-2.5 text-xs"
                // a preset already in the list is not offered twice (the schema refuses repeats)
                disabled={actions?.some((a) => a.functionAction?.trim() === p)}
                title={actions?.some((a) => a.functionAction?.trim() === p) ? t('apps.menu.presetAdded') : undefined}
                onClick={() => append({ functionName: t(`apps.menu.preset.${p}`), functionAction: p })}
              >
                {t(`apps.menu.preset.${p}`)} <span className="font-mono text-muted-foreground">{p}</span>
              </Button>
            ))}
          </div>
        </div>
        <p className="text-xs text-muted-foreground">{t('apps.menu.functionsHint')}</p>
        <FieldError name="functionList" label={t('apps.menu.functions')} />
        {fields.length > 0 && (
          <div className="rounded-md border">
            <div className="grid grid-cols-[1.5rem_minmax(0,1fr)_minmax(0,1fr)_2.25rem] gap-3 border-b bg-muted/50 px-3 py-2 text-xs font-medium text-muted-foreground">
              <span>#</span>
              {MENU_FUNCTION_FIELDS.map((field) => (
                <span key={field.key}>
                  <span className="text-destructive">*</span>
                  {tr(field.label)}
                </span>
              ))}
              <span />
            </div>
            <ol className="divide-y">
              {fields.map((f, i) => (
                <li
                  key={f.id}
                  className={cn(
                    'grid grid-cols-[1.5rem_minmax(0,1fr)_minmax(0,1fr)_2.25rem] items-start gap-3 px-3 py-2',
                    repeated !== null && actions?.[i]?.functionAction?.trim() === repeated && 'bg-destructive/10',
                  )}
                >
                  <span className="pt-2 text-xs tabular-nums text-muted-foreground">{i + 1}</span>
                  {MENU_FUNCTION_FIELDS.map((field) => (
                    <DeclaredField key={field.key} field={field} name={`functionList.${i}.${field.key}`} hideLabel />
                  ))}
                  <IconButton
                    className="text-muted-foreground hover:text-destructive"
                    icon={X}
                    label={t('crud.removeItem')}
                    tip
                    onClick={() => remove(i)}
                  />
                </li>
              ))}
            </ol>
          </div>
        )}
        <Button
          type="button"
          variant="outline"
          onClick={() => append({ functionName: '', functionAction: '' })}
          disabled={saving}
          icon={Plus}
        >
          {t('apps.menu.addFunction')}
        </Button>
      </fieldset>
    </div>
  )
}
