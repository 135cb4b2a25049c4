/** The message area: its pages, its command and its offline entity (reading a message; declared on import). */
export const messagesArea = {
  id: 'messages',
  pages: ['/admin/message-center', '/admin/message-setting', '/admin/message-custom-config'],
  commands: [{ id: 'messages.open', label: 'palette.command.openMessages', icon: 'inbox', to: '/admin/message-center' }],
  offline: () => import('./offline').then((m) => ({ entities: [m.messageOffline.entity] })),
} as const
