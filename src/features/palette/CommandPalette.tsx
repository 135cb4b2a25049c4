/**
 * The command palette (Ctrl/⌘ K, or the header's search button): the pages the account may open —
 * the sidebar's own menus, by their names in both languages and the pinyin initials — the areas'
 * commands it is granted (src/app/areas.ts), and the units, people, accounts, projects and work
 * sites the gateway finds within its scope. Keyboard first (cmdk: ↑↓, Enter, Esc), rows of 44 px for
 * a finger. Offline it finds pages and commands, and records from searches already made.
 */
import { useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { Command } from 'cmdk'
import {
  Building2,
  Briefcase,
  CircleUser,
  FileText,
  Inbox,
  Languages,
  LogOut,
  MapPin,
  Moon,
  Plus,
  RefreshCw,
  Search,
  Upload,
  UserRound,
  type LucideIcon,
} from 'lucide-react'
import { PAGES } from '@/contract/catalogue'
import { SEARCH_KINDS, type SearchHit, type SearchKind } from '@/contract/schemas/search'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog'
import { MenuIcon } from '@/components/menu-icons'
import { PlannedMark } from '@/lib/builtPages'
import { foundTarget, postIntent, registeredCommands, type CommandIcon, type PaletteCommand } from '@/lib/commands'
import { translate, useT } from '@/lib/i18n'
import { buildMenuTree, findFunction, findMenuByPath, menuLabel, menuLeaves, normalizePath, useMenus } from '@/lib/permissions'
import { useSyncState } from '@/lib/offline/state'
import { namesWords, rank } from './match'
import { searchQueryOptions } from './queries'

const COMMAND_ICONS: Record<CommandIcon, LucideIcon> = {
  add: Plus,
  import: Upload,
  sync: RefreshCw,
  inbox: Inbox,
  language: Languages,
  theme: Moon,
  logout: LogOut,
}
const KIND_ICONS: Record<SearchKind, LucideIcon> = {
  unit: Building2,
  person: UserRound,
  account: CircleUser,
  project: Briefcase,
  workSite: MapPin,
}

/** The catalogue's names of a page, by path (the names a page is found by, whatever the menu is called today). */
const CATALOGUE_NAMES = new Map<string, { zh: string; en: string }>(PAGES.map((p) => [p.path, { zh: p.name, en: p.nameEn }]))

interface Target {
  to: string
  search?: Record<string, string>
}

export function CommandPalette({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, locale } = useT()
  const navigate = useNavigate()
  const [text, setText] = useState('')
  const q = useDeferredValue(text.trim())
  const menus = useMenus().data
  const offline = useSyncState((s) => s.online === false)

  const pages = useMemo(
    () =>
      menuLeaves(buildMenuTree(menus ?? [])).flatMap(({ node, ancestors }) => {
        const path = normalizePath(node.action ?? '')
        if (!path || path === '/') return []
        const names = CATALOGUE_NAMES.get(path)
        const group = ancestors.at(-1)
        return [
          {
            id: `page:${path}`,
            path,
            icon: node.iconPath,
            label: menuLabel(node, locale),
            group: group ? menuLabel(group, locale) : null,
            words: [...namesWords(node.menuName, node.menuNameEn), ...(names ? namesWords(names.zh, names.en) : [])],
            context: group ? namesWords(group.menuName, group.menuNameEn) : [],
          },
        ]
      }),
    [menus, locale],
  )

  const commands = useMemo(() => {
    const may = (c: PaletteCommand) => {
      if (c.to && !findMenuByPath(menus, c.to)) return false
      return !c.requires || !!findFunction(findMenuByPath(menus, c.requires.menu), c.requires.action)
    }
    return registeredCommands()
      .filter(may)
      .map((c) => ({ ...c, text: t(c.label), words: [...namesWordsOf(c.label), ...(c.keywords ?? [])] }))
  }, [menus, t])

  const search = useQuery(searchQueryOptions(q))
  const hits = q ? (search.data ?? []) : []

  const close = () => {
    onOpenChange(false)
    setText('')
  }
  const go = (target: Target) => {
    close()
    void navigate({ to: target.to, search: (target.search ?? {}) as never })
  }
  const runCommand = (c: PaletteCommand) => {
    if (c.run) {
      close()
      void c.run()
      return
    }
    if (!c.to) return
    if (c.intent) postIntent(c.to, c.intent)
    go({ to: c.to, search: c.search })
  }
  const openHit = (hit: SearchHit) => {
    const target = foundTarget(hit)
    if (!target) return
    if (target.intent) postIntent(target.to, target.intent, target.value)
    go(target)
  }

  const foundPages = rank(q, pages)
  const foundCommands = rank(q, commands)
  const shownPages = q ? foundPages.slice(0, 8) : foundPages.slice(0, 6)
  const nothing = shownPages.length === 0 && foundCommands.length === 0 && hits.length === 0
  // The row Enter opens. cmdk picks the first row when the typed text changes, but the rows follow
  // the text a render later (useDeferredValue) and the search's answer later still: the row it
  // picked may be gone. So the choice is kept here, and moves to the first row when its row goes.
  const values = [
    ...shownPages.map((p) => p.id),
    ...foundCommands.map((c) => `command:${c.id}`),
    ...SEARCH_KINDS.flatMap((kind) => hits.filter((h) => h.kind === kind).map((h) => `${kind}:${h.id}`)),
  ]
  const [selected, setSelected] = useState('')
  const first = values[0] ?? ''
  const present = values.includes(selected)
  useEffect(() => {
    if (!present) setSelected(first)
  }, [present, first])

  return (
    <Dialog open={open} onOpenChange={(o) => (o ? onOpenChange(true) : close())}>
      <DialogContent
        hideClose
        className="top-[12vh] max-h-[76vh] max-w-xl translate-y-0 gap-0 overflow-hidden p-0"
        data-testid="command-palette"
      >
        <DialogTitle className="sr-only">{t('palette.title')}</DialogTitle>
        <DialogDescription className="sr-only">{t('palette.hint')}</DialogDescription>
        <Command
          label={t('palette.title')}
          shouldFilter={false}
          loop
          value={selected}
          onValueChange={setSelected}
          className="flex max-h-[76vh] flex-col"
        >
          <div className="flex items-center gap-2 border-b px-3">
            <Search aria-hidden className="size-4 shrink-0 text-muted-foreground" />
            <Command.Input
              value={text}
              onValueChange={setText}
              placeholder={t('palette.placeholder')}
              className="h-12 w-full bg-transparent text-base outline-none placeholder:text-muted-foreground"
            />
          </div>
          <Command.List className="min-h-0 flex-1 overflow-y-auto p-2">
            {nothing && !search.isFetching && (
              <Command.Empty className="py-6 text-center text-sm text-muted-foreground">{t('palette.empty')}</Command.Empty>
            )}
            {shownPages.length > 0 && (
              <Group heading={t('palette.groups.pages')}>
                {shownPages.map((p) => (
                  <Item key={p.id} value={p.id} onSelect={() => go({ to: p.path })} icon={<MenuIcon iconPath={p.icon} />} detail={p.group}>
                    {p.label} <PlannedMark action={p.path} className="ml-1 text-muted-foreground" />
                  </Item>
                ))}
              </Group>
            )}
            {foundCommands.length > 0 && (
              <Group heading={t('palette.groups.commands')}>
                {foundCommands.map((c) => {
                  const Icon = COMMAND_ICONS[c.icon]
                  return (
                    <Item
                      key={c.id}
                      value={`command:${c.id}`}
                      onSelect={() => runCommand(c)}
                      icon={<Icon aria-hidden className="size-4" />}
                    >
                      {c.text}
                    </Item>
                  )
                })}
              </Group>
            )}
            {SEARCH_KINDS.map((kind) => {
              const ofKind = hits.filter((h) => h.kind === kind)
              if (ofKind.length === 0) return null
              const Icon = KIND_ICONS[kind]
              return (
                <Group key={kind} heading={t(`palette.groups.${kind}`)}>
                  {ofKind.map((h) => (
                    <Item
                      key={`${kind}:${h.id}`}
                      value={`${kind}:${h.id}`}
                      onSelect={() => openHit(h)}
                      icon={<Icon aria-hidden className="size-4" />}
                      detail={[h.detail, kind === 'unit' ? null : h.organizationName].filter(Boolean).join(' · ') || null}
                    >
                      {h.name}
                    </Item>
                  ))}
                </Group>
              )
            })}
          </Command.List>
          <p className="border-t px-3 py-2 text-xs text-muted-foreground" aria-live="polite">
            {q && offline && !search.data
              ? t('palette.offline')
              : q && search.isError
                ? t('palette.failed')
                : q && search.isFetching
                  ? t('palette.searching')
                  : t('palette.hint')}
          </p>
        </Command>
      </DialogContent>
    </Dialog>
  )
}

/** A command's label in both languages, and the Chinese one's pinyin initials. */
function namesWordsOf(key: PaletteCommand['label']): string[] {
  return namesWords(translate('zh', key), translate('en', key))
}

function Group({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <Command.Group
      heading={heading}
      className="mb-1 [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground"
    >
      {children}
    </Command.Group>
  )
}

function Item({
  value,
  onSelect,
  icon,
  detail,
  children,
}: {
  value: string
  onSelect: () => void
  icon: ReactNode
  detail?: string | null
  children: ReactNode
}) {
  return (
    <Command.Item
      value={value}
      onSelect={onSelect}
      className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 text-sm aria-selected:bg-accent aria-selected:text-accent-foreground"
    >
      <span className="flex size-4 shrink-0 items-center justify-center text-muted-foreground">{icon ?? <FileText aria-hidden />}</span>
      <span className="min-w-0 flex-1 truncate">{children}</span>
      {detail && <span className="max-w-[45%] shrink-0 truncate text-xs text-muted-foreground">{detail}</span>}
    </Command.Item>
  )
}
