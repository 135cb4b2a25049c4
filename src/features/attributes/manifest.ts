/** The attribute area: its pages (attribute groups, their settings, the resource pool, the bill of quantities). */
export const attributesArea = {
  id: 'attributes',
  pages: ['/admin/extends-configuration', '/admin/extends-setting', '/admin/resource-pool', '/admin/su-boq'],
} as const
