/**
 * The staff of the selected department or organisation: all of them at once (pageSize 2000) in a
 * virtualised table with a keyword filter; select to move, archive, invite or delete; add / edit.
 */
import { useDeferredValue, useMemo, useState, type ReactNode } from 'react'
import { Archive, ArchiveRestore, ArrowRightLeft, ChevronDown, Plus, Send, UserRoundX } from 'lucide-react'
import { PEOPLE_FNS, TREE_CATEGORY, type DeptTreeNode, type StaffRow } from '@/contract/schemas/people'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { DropdownMenu, DropdownMenuAction, DropdownMenuContent, DropdownMenuTrigger } from '@/components/ui/dropdown-menu'
import { SearchInput } from '@/components/ui/search-input'
import { Switch } from '@/components/ui/switch'
import {
  BulkActions,
  ColumnSettings,
  confirm,
  DeleteRowAction,
  EditRowAction,
  ListToolbar,
  RefreshButton,
  ToolbarEnd,
  useColumnVisibility,
  useDelete,
  type ListColumn,
  type RowSelection,
} from '@/lib/crud'
import { Skeleton } from '@/components/ui/skeleton'
import { VirtualTable } from '@/lib/crud/VirtualTable'
import { DataAgeNote } from '@/lib/offline/read'
import { ExportButton, ImportDialog } from '@/lib/excel'
import { InviteDialog } from '@/features/invite'
import { useIntent } from '@/lib/commands'
import { Can, useCan } from '@/lib/permissions'
import { SyncMark, useMarks, useMergedRows } from '@/lib/offline'
import { useDictionary } from '@/lib/dictionary'
import { useT } from '@/lib/i18n'
import { STAFF_PAGE_SIZE, useArchive, useStaff } from './api'
import { staffQueryOf } from './queries'
import { RevealCell, revealTexts, RoleNamesCell, roleNamesText } from './cells'
import { MoveDialog } from './MoveDialog'
import { PersonDialog } from './PersonDialog'
import { personResource } from './resource'

/** Case-insensitive match of a keyword against what the row shows. */
function matches(p: StaffRow, k: string, labels: (p: StaffRow) => string[]) {
  if (!k) return true
  return [p.name, p.accountName, p.email, p.departmentName, p.cellphone, p.idCard, ...labels(p)].some(
    (v) => !!v && v.toLowerCase().includes(k),
  )
}

export function StaffPanel({ node, nodes, leading }: { node: DeptTreeNode; nodes: readonly DeptTreeNode[]; leading?: ReactNode }) {
  const { t, locale } = useT()
  // the posts: items of the data dictionary key `post`, labelled in the current language
  const { labelOf: postLabel } = useDictionary('post')
  const [includeChildren, setIncludeChildren] = useState(true)
  const [archived, setArchived] = useState(false)
  const [keyword, setKeyword] = useState('')
  const deferred = useDeferredValue(keyword.trim().toLowerCase())
  const [selection, setSelection] = useState<RowSelection>({})
  const [editing, setEditing] = useState<StaffRow | 'new' | null>(null)
  const [moving, setMoving] = useState(false)
  const [inviting, setInviting] = useState<StaffRow | null>(null)
  const isDept = node.category === TREE_CATEGORY.department
  const unitName = nodes.find((n) => n.id === node.organizationId)?.name ?? node.name
  const { query, first } = useStaff(staffQueryOf(node, includeChildren, archived))
  const page = query.data ?? first
  /** The export's filters: what the list shows. */
  const listQuery = {
    ...(isDept ? { departmentId: node.id } : { organizationId: node.id }),
    includeChildren,
    status: archived ? 'archived' : 'active',
  }
  const del = useDelete(personResource)
  const archive = useArchive()
  const canMove = useCan(PEOPLE_FNS.moveStaff)
  const canArchive = useCan(PEOPLE_FNS.archive)
  const canDelete = useCan(PEOPLE_FNS.delete)
  const canInvite = useCan('invite')
  const canViewIdCard = useCan(PEOPLE_FNS.viewIdCard)
  const canViewCellphone = useCan(PEOPLE_FNS.viewCellphone)
  // the palette: 新增人员, and a person it found (looked up by name)
  useIntent('add', () => setEditing('new'), useCan(PEOPLE_FNS.add))
  useIntent('find', (name) => setKeyword(name ?? ''))
  const canSelect = canMove || canArchive || canDelete || canInvite

  const server = useMemo(() => page?.records ?? [], [page])
  // edits kept offline: local copies over the server's rows, people added offline in their place
  const merged = useMergedRows(
    personResource.offline?.entity.entity,
    server,
    (p) => p.userId,
    (d) => !archived && (isDept ? d.departmentId === node.id : d.organizationId === node.id),
  )
  const all = merged.rows
  const marks = useMarks(personResource.offline?.entity.entity)
  const total = (page?.total ?? 0) + merged.added - merged.removed
  const labels = (p: StaffRow) => [p.post ? postLabel(p.post) : '', ...(p.roleNames ?? [])]
  const rows = useMemo(() => all.filter((p) => matches(p, deferred, labels)), [all, deferred, postLabel]) // eslint-disable-line react-hooks/exhaustive-deps
  const selectedIds = Object.keys(selection).filter((id) => selection[id] && all.some((p) => p.userId === id))
  const clear = () => setSelection({})

  const columns = useMemo<ListColumn<StaffRow>[]>(() => {
    const idCardTexts = revealTexts(t, 'idCard')
    const cellphoneTexts = revealTexts(t, 'cellphone')
    return [
      {
        key: 'name',
        header: t('people.field.name'),
        sortable: true,
        // the archived view adds a badge beside each name: room for both, names not cut off
        width: archived ? (locale === 'en' ? 200 : 170) : 120,
        cell: (p) => (
          <span className="inline-flex max-w-full items-center gap-1.5">
            <span className="truncate font-medium" title={p.name}>
              {p.name}
            </span>
            <SyncMark status={marks?.[p.userId]} compact />
            {p.status === 'archived' && (
              <Badge variant="secondary" className="shrink-0 px-1.5 py-0 text-[11px]">
                {t('people.staff.archived')}
              </Badge>
            )}
          </span>
        ),
      },
      {
        key: 'sex',
        header: t('people.field.sex'),
        width: 64,
        cell: (p) => (p.sex ? t(`people.sex.${p.sex}`) : '--'),
        exportValue: (p) => (p.sex ? t(`people.sex.${p.sex}`) : ''),
      },
      {
        key: 'idCard',
        header: t('people.field.idCard'),
        width: 212,
        cell: (p) => <RevealCell userId={p.userId} masked={p.idCard} kind="idCard" canReveal={canViewIdCard} texts={idCardTexts} />,
      },
      {
        key: 'cellphone',
        header: t('people.field.cellphone'),
        width: 150,
        cell: (p) => (
          <RevealCell userId={p.userId} masked={p.cellphone} kind="cellphone" canReveal={canViewCellphone} texts={cellphoneTexts} />
        ),
      },
      { key: 'email', header: t('people.field.email'), width: 180, cell: (p) => (p.email ? <span title={p.email}>{p.email}</span> : '--') },
      { key: 'accountName', header: t('people.field.accountName'), sortable: true, width: 120 },
      {
        key: 'accountLevel',
        header: t('people.field.accountLevel'),
        width: 96,
        cell: (p) => (p.accountLevel ? t(`people.accountLevel.${p.accountLevel as 'general'}`) : '--'),
      },
      {
        key: 'accountStatus',
        header: t('people.field.accountStatus'),
        width: 104,
        cell: (p) =>
          p.accountStatus ? (
            <Badge variant={p.accountStatus === 'normal' ? 'success' : p.accountStatus === 'pending' ? 'warning' : 'secondary'}>
              {t(`people.accountStatus.${p.accountStatus as 'normal'}`)}
            </Badge>
          ) : (
            '--'
          ),
      },
      {
        key: 'post',
        header: t('people.field.post'),
        sortable: true,
        width: 110,
        cell: (p) => (p.post ? postLabel(p.post) : '--'),
        exportValue: (p) => (p.post ? postLabel(p.post) : ''),
      },
      {
        key: 'departmentName',
        header: t('people.field.department'),
        sortable: true,
        width: 130,
        cell: (p) => (p.departmentName ? <span title={p.departmentName}>{p.departmentName}</span> : '--'),
      },
      {
        key: 'roleNames',
        header: t('people.field.roleNames'),
        width: 190,
        cell: (p) => <RoleNamesCell roleNames={p.roleNames} />,
        exportValue: (p) => roleNamesText(p.roleNames),
      },
    ]
  }, [locale, marks, archived, postLabel, canViewIdCard, canViewCellphone]) // eslint-disable-line react-hooks/exhaustive-deps -- t follows the locale
  const cols = useColumnVisibility('people.staff', columns)

  const changeArchive = async (to: boolean) => {
    const ok = await confirm({
      title: t(to ? 'people.staff.archiveTitle' : 'people.staff.unarchiveTitle'),
      description: t(to ? 'people.staff.archiveConfirm' : 'people.staff.unarchiveConfirm', { n: selectedIds.length }),
    })
    if (!ok) return
    try {
      await archive.mutateAsync({ userIds: selectedIds, archived: to })
      clear()
    } catch {
      /* the client has shown the error */
    }
  }

  const rowActions = (p: StaffRow) => (
    <>
      <EditRowAction action={PEOPLE_FNS.edit} ariaLabel={`${t('common.edit')} ${p.name}`} onClick={() => setEditing(p)} />
      <DeleteRowAction
        action={PEOPLE_FNS.delete}
        ariaLabel={`${t('common.delete')} ${p.name}`}
        pending={del.isPending}
        onClick={() => void del.remove([p.userId], undefined, all).then((ok) => ok && clear())}
      />
    </>
  )

  const none = selectedIds.length === 0
  return (
    <div className="flex h-full min-h-0 min-w-0 flex-col">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b px-3 py-2.5">
        {leading}
        <h2 className="min-w-0 truncate text-base font-semibold" title={node.name}>
          {t('people.staff.of', { name: node.name })}
        </h2>
        {/* no count until a page is in: while the table's skeleton shows it is not known (it read 共 0 人) */}
        <span className="text-sm tabular-nums text-muted-foreground" aria-live="polite">
          {!page ? (
            <Skeleton className="inline-block h-4 w-14 align-middle" />
          ) : deferred ? (
            t('people.staff.shown', { shown: rows.length, n: total })
          ) : (
            t('people.staff.count', { n: total })
          )}
        </span>
        <div className="ml-auto flex items-center gap-1">
          <SearchInput
            className="w-56 max-w-full"
            label={t('people.staff.keyword')}
            value={keyword}
            onValueChange={setKeyword}
            type="search"
          />
          <RefreshButton query={query} />
          <ColumnSettings state={cols} />
        </div>
      </div>

      <ListToolbar className="py-2 sm:px-3">
        <Can action={PEOPLE_FNS.add}>
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden />
            {t('people.staff.add')}
          </Button>
        </Can>
        <Can action={PEOPLE_FNS.moveStaff}>
          <Button variant="outline" disabled={none} onClick={() => setMoving(true)}>
            <ArrowRightLeft aria-hidden />
            {t('people.staff.move')}
          </Button>
        </Can>
        {(canArchive || canDelete || canInvite) && (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="outline">
                {t('people.staff.more')}
                <ChevronDown aria-hidden />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="start">
              <Can action={PEOPLE_FNS.archive}>
                <DropdownMenuAction
                  icon={archived ? ArchiveRestore : Archive}
                  label={archived ? t('people.staff.unarchive') : t('people.staff.archive')}
                  disabled={none || archive.isPending}
                  onSelect={() => void changeArchive(!archived)}
                />
              </Can>
              <Can action="invite">
                <DropdownMenuAction
                  icon={Send}
                  label={t('people.staff.invite')}
                  disabled={selectedIds.length !== 1}
                  onSelect={() => setInviting(all.find((p) => p.userId === selectedIds[0]) ?? null)}
                >
                  {selectedIds.length > 1 && (
                    <span className="ml-auto pl-2 text-xs text-muted-foreground">{t('people.staff.inviteOne')}</span>
                  )}
                </DropdownMenuAction>
              </Can>
              <Can action={PEOPLE_FNS.delete}>
                <DropdownMenuAction
                  icon={UserRoundX}
                  label={t('crud.deleteSelected')}
                  destructive
                  disabled={none || del.isPending}
                  onSelect={() => void del.remove(selectedIds, undefined, all).then((ok) => ok && clear())}
                />
              </Can>
            </DropdownMenuContent>
          </DropdownMenu>
        )}
        <BulkActions count={selectedIds.length} onClear={clear}>
          <ImportDialog
            resource={personResource}
            name={t('people.entity')}
            target={{
              params: { organizationId: node.organizationId, departmentId: isDept ? node.id : undefined },
              note: isDept
                ? t('people.staff.importIntoDept', { unit: unitName, dept: node.name })
                : t('people.staff.importInto', { unit: node.name }),
            }}
          />
          <ExportButton resource={personResource} query={listQuery} />
        </BulkActions>
        <ToolbarEnd className="flex-wrap gap-3">
          <label className="flex items-center gap-2 text-sm text-muted-foreground">
            <Switch checked={includeChildren} onCheckedChange={(v) => (setIncludeChildren(v), clear())} />
            {t('people.staff.includeChildren')}
          </label>
          <label className="flex items-center gap-2 text-sm text-muted-foreground">
            <Switch checked={archived} onCheckedChange={(v) => (setArchived(v), clear())} />
            {t('people.staff.showArchived')}
          </label>
        </ToolbarEnd>
      </ListToolbar>

      {total > STAFF_PAGE_SIZE && (
        <p role="status" className="border-b bg-amber-500/10 px-3 py-1.5 text-xs text-amber-800 dark:text-amber-300">
          {t('people.staff.tooMany', { n: STAFF_PAGE_SIZE })}
        </p>
      )}

      <DataAgeNote query={query} className="border-b bg-muted/40 px-3 py-1.5" />
      <VirtualTable
        className="min-h-0 flex-1"
        label={t('people.staff.of', { name: node.name })}
        rows={rows}
        columns={columns}
        visibility={cols.visibility}
        getRowId={(p) => p.userId}
        selection={canSelect ? selection : undefined}
        onSelectionChange={canSelect ? setSelection : undefined}
        rowActions={rowActions}
        actionsWidth={96}
        compactActions
        loading={query.isPending && !first}
        arriving={first && first.total - first.records.length}
        empty={
          <div className="flex flex-col items-center gap-2 text-sm text-muted-foreground">
            {query.isError ? (
              <>
                <p>{t('crud.loadError')}</p>
                <Button variant="outline" onClick={() => void query.refetch()}>
                  {t('common.retry')}
                </Button>
              </>
            ) : (
              <p>{deferred ? t('people.staff.emptyFiltered') : t('people.staff.empty')}</p>
            )}
          </div>
        }
      />

      {editing && (
        <PersonDialog
          target={editing}
          organizationId={node.organizationId}
          departmentId={isDept ? node.id : undefined}
          onClose={() => setEditing(null)}
        />
      )}
      <InviteDialog
        purpose="profile"
        targetId={inviting?.userId ?? ''}
        subject={inviting?.name}
        open={!!inviting}
        onOpenChange={(o) => !o && setInviting(null)}
      />
      <MoveDialog
        open={moving}
        nodes={nodes}
        userIds={selectedIds}
        currentId={node.id}
        onClose={(moved) => {
          setMoving(false)
          if (moved) clear()
        }}
      />
    </div>
  )
}
