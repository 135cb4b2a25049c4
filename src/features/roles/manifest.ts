/** The role area: its page and its command. */
import { pageCommand } from '@/lib/commands'

export const rolesArea = {
  id: 'roles',
  pages: ['/admin/role-manage'],
  commands: [pageCommand('roles.add', 'palette.command.addRole', '/admin/role-manage', 'add')],
} as const
