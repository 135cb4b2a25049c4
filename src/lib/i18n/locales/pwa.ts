import type { Shape } from '../shape'

export const zh = {
  updateReady: '新版本已就绪',
  updateHint: '更新后页面将重新加载。',
  updateNow: '立即更新',
  later: '稍后',
  saveFormFirst: '请先保存或关闭正在编辑的表单，再更新。',
  offlineReady: '应用已可离线使用',
  syncFirst: '还有 {n} 条修改未同步，请先同步，再更新。',
  dataFrom: '数据更新于 {time}',
}

export const en: Shape<typeof zh> = {
  updateReady: 'A new version is ready',
  updateHint: 'Updating reloads the page.',
  updateNow: 'Update now',
  later: 'Later',
  saveFormFirst: 'Save or close the form you are editing first, then update.',
  offlineReady: 'The app now works offline',
  syncFirst: '{n} edits are not synced yet — sync them first, then update.',
  dataFrom: 'Data from {time}',
}
