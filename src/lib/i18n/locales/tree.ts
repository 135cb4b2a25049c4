import type { Shape } from '../shape'

/** The tree component (src/lib/tree): expand, loading, moving. */
export const zh = {
  expand: '展开',
  collapse: '收起',
  loading: '加载中…',
  loadError: '加载失败',
  retry: '重试',
  empty: '暂无数据',
  moveUp: '上移',
  moveDown: '下移',
  moveTo: '移动到…',
  moveToTitle: '移动“{name}”到…',
  moveToDescription: '选择新的上级，移动后排在其下级的最后；可再用上移、下移调整顺序。',
  topLevel: '顶层',
  move: '移动',
  moving: '移动中…',
  dragHint: '拖动可调整位置',
  moved: '已移动',
  rowActions: '{name} 的移动操作',
}

export const en: Shape<typeof zh> = {
  expand: 'Expand',
  collapse: 'Collapse',
  loading: 'Loading…',
  loadError: 'Failed to load',
  retry: 'Retry',
  empty: 'No data',
  moveUp: 'Move up',
  moveDown: 'Move down',
  moveTo: 'Move to…',
  moveToTitle: 'Move “{name}” to…',
  moveToDescription: 'Choose the new parent; it goes last among its children. Move up and down to change the order.',
  topLevel: 'Top level',
  move: 'Move',
  moving: 'Moving…',
  dragHint: 'Drag to move',
  moved: 'Moved',
  rowActions: 'Move actions of {name}',
}
