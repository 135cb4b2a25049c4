/**
 * Menu icons. `iconPath` is `lucide:<name>` for an icon of the explicit map below (so only the
 * icons we use are bundled; an unknown name gets the fallback), or a URL/path of an image.
 */
import {
  AppWindow,
  Bell,
  BellRing,
  Blocks,
  BookA,
  BookOpen,
  Boxes,
  Briefcase,
  Building2,
  Calculator,
  CircleUser,
  ClipboardList,
  Construction,
  Database,
  DraftingCompass,
  Factory,
  FileText,
  Flag,
  FlaskConical,
  Folder,
  FolderKanban,
  GitBranch,
  GitFork,
  House,
  IdCard,
  Inbox,
  Info,
  LayoutGrid,
  Link,
  ListTree,
  MapPin,
  MapPinned,
  MessageSquareMore,
  MonitorSmartphone,
  Network,
  Rocket,
  Ruler,
  ScrollText,
  Search,
  Settings,
  Settings2,
  Sheet,
  ShieldCheck,
  SlidersHorizontal,
  Table,
  ToggleLeft,
  UserCheck,
  UsersRound,
  Warehouse,
  Workflow,
  type LucideIcon,
} from 'lucide-react'
import { cn } from '@/lib/utils'

export const MENU_ICONS: Record<string, LucideIcon> = {
  'app-window': AppWindow,
  bell: Bell,
  'bell-ring': BellRing,
  blocks: Blocks,
  'book-a': BookA,
  'book-open': BookOpen,
  boxes: Boxes,
  briefcase: Briefcase,
  'building-2': Building2,
  calculator: Calculator,
  'circle-user': CircleUser,
  'clipboard-list': ClipboardList,
  construction: Construction,
  database: Database,
  'drafting-compass': DraftingCompass,
  factory: Factory,
  'file-text': FileText,
  flag: Flag,
  'flask-conical': FlaskConical,
  folder: Folder,
  'folder-kanban': FolderKanban,
  'git-branch': GitBranch,
  'git-fork': GitFork,
  house: House,
  home: House,
  'id-card': IdCard,
  inbox: Inbox,
  info: Info,
  'layout-grid': LayoutGrid,
  link: Link,
  'list-tree': ListTree,
  'map-pin': MapPin,
  'map-pinned': MapPinned,
  'message-square-more': MessageSquareMore,
  'monitor-smartphone': MonitorSmartphone,
  network: Network,
  rocket: Rocket,
  ruler: Ruler,
  'scroll-text': ScrollText,
  search: Search,
  settings: Settings,
  'settings-2': Settings2,
  sheet: Sheet,
  'shield-check': ShieldCheck,
  'sliders-horizontal': SlidersHorizontal,
  table: Table,
  'toggle-left': ToggleLeft,
  'user-check': UserCheck,
  'users-round': UsersRound,
  warehouse: Warehouse,
  workflow: Workflow,
}

export const FALLBACK_ICON: LucideIcon = FileText

/** What an iconPath names: a lucide icon (by name, or the fallback), an image URL, or nothing. */
export function resolveIcon(iconPath: string | null | undefined): { kind: 'lucide'; Icon: LucideIcon } | { kind: 'img'; src: string } {
  const p = (iconPath ?? '').trim()
  if (!p) return { kind: 'lucide', Icon: FALLBACK_ICON }
  if (p.startsWith('lucide:')) return { kind: 'lucide', Icon: MENU_ICONS[p.slice(7).trim().toLowerCase()] ?? FALLBACK_ICON }
  if (/^(https?:|data:image\/|\/)/i.test(p) || (!/^[a-z][a-z0-9+.-]*:/i.test(p) && /\.(svg|png|jpe?g|gif|webp|ico)(\?.*)?$/i.test(p)))
    return { kind: 'img', src: p }
  return { kind: 'lucide', Icon: FALLBACK_ICON }
}

export function MenuIcon({ iconPath, className }: { iconPath: string | null | undefined; className?: string }) {
  const r = resolveIcon(iconPath)
  if (r.kind === 'img') return <img src={r.src} alt="" aria-hidden className={cn('size-4 shrink-0 object-contain', className)} />
  const { Icon } = r
  return <Icon aria-hidden className={cn('size-4 shrink-0', className)} />
}
