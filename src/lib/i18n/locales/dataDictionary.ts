import type { Shape } from '../shape'

/** The data dictionary (/admin/data-dictionary, issue 33): keys and their ordered items. */
export const zh = {
  description:
    '通用数据字典：每个字典键有一组有序的项（编码、中文名称、英文名称），如“容器类型”“岗位”；停用的项不再可选，已使用它的数据不受影响',
  keys: '字典键',
  items: '字典项',
  itemsOf: '“{name}”的字典项',
  pickKey: '在左侧选择一个字典键，查看和维护它的项',
  systemKey: '系统读取此字典键，不能删除',
  moved: '顺序已调整',
  enabled: '启用',
  disabled: '停用',
  entity: { key: '字典键', item: '字典项' },
  field: {
    keyword: '关键字',
    keyCode: '键编码',
    keyName: '名称',
    keyNameEn: '英文名称',
    remark: '备注',
    itemCount: '项数',
    itemCode: '编码',
    label: '中文名称',
    labelEn: '英文名称',
    sort: '排序',
    status: '启用',
  },
}

export const en: Shape<typeof zh> = {
  description:
    'The generic data dictionary: each key has an ordered list of items (code, Chinese and English name), such as “Container types” or “Posts”; a disabled item is no longer offered, records already using it keep it',
  keys: 'Keys',
  items: 'Items',
  itemsOf: 'Items of “{name}”',
  pickKey: 'Choose a key on the left to see and maintain its items',
  systemKey: 'The system reads this key: it cannot be deleted',
  moved: 'Order changed',
  enabled: 'Enabled',
  disabled: 'Disabled',
  entity: { key: 'dictionary key', item: 'dictionary item' },
  field: {
    keyword: 'Keyword',
    keyCode: 'Key code',
    keyName: 'Name',
    keyNameEn: 'English name',
    remark: 'Remark',
    itemCount: 'Items',
    itemCode: 'Code',
    label: 'Chinese name',
    labelEn: 'English name',
    sort: 'Order',
    status: 'Enabled',
  },
}
