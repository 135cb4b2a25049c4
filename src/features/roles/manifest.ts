/** The role area: its page and its command. */
export const rolesArea = {
  id: 'roles',
  pages: ['/admin/role-manage'],
  commands: [
    {
      id: 'roles.add',
      label: 'palette.command.addRole',
      icon: 'add',
      requires: { menu: '/admin/role-manage', action: 'add' },
      to: '/admin/role-manage',
      intent: 'add',
    },
  ],
} as const
