/** The engineering dictionaries: EBS, WBS, quantities and their relations. */
export const dictionaryArea = {
  id: 'dictionary',
  pages: ['/admin/ebs-management', '/admin/wbs-management', '/admin/account-quantity-management', '/admin/wbs-ebs-rel-configuration'],
} as const
