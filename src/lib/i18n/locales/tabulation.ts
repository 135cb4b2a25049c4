import type { Shape } from '../shape'

/**
 * Tabulation (/admin/table-manage): templates in groups, the designer, cell permission rules, and
 * the sheets filled in (contents). Sections: shared words first, then one per part of the screen
 * (manage, designer, rules, fill).
 */
export const zh = {
  title: '表格管理',
  description: '表格模板按分组管理，发布后成为不可更改的版本；现场按单元格权限填报',
  tabs: { templates: '表格模板', contents: '填报记录' },
  status: { draft: '草稿', published: '已发布', submitted: '已提交' },
  kind: {
    text: '文本',
    number: '数字',
    date: '日期',
    choice: '选项',
    person: '人员',
    signature: '签名',
    photos: '照片',
  },
  source: { ebs: 'EBS', wbs: 'WBS', quantity: '工程量', workSite: '工点', options: '固定选项' },
  subject: { role: '角色', organization: '单位', department: '部门', workflowRole: '流程角色', account: '账号' },
  access: { view: '查看', edit: '填写' },
  versionLabel: 'V{n}',
  manage: {},
  designer: {},
  rules: {},
  fill: {},
}

export const en: Shape<typeof zh> = {
  title: 'Table management',
  description: 'Sheet templates in groups; a publish makes an immutable version; sheets are filled in the field by cell permissions',
  tabs: { templates: 'Templates', contents: 'Filled sheets' },
  status: { draft: 'Draft', published: 'Published', submitted: 'Submitted' },
  kind: {
    text: 'Text',
    number: 'Number',
    date: 'Date',
    choice: 'Choice',
    person: 'Person',
    signature: 'Signature',
    photos: 'Photos',
  },
  source: { ebs: 'EBS', wbs: 'WBS', quantity: 'Quantity', workSite: 'Work site', options: 'Fixed options' },
  subject: { role: 'Role', organization: 'Unit', department: 'Department', workflowRole: 'Workflow role', account: 'Account' },
  access: { view: 'View', edit: 'Fill in' },
  versionLabel: 'V{n}',
  manage: {},
  designer: {},
  rules: {},
  fill: {},
}
