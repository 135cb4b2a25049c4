/**
 * Demo extension attributes and resource pool (embedded database only): an attribute group for
 * projects and one for lines (no required items, so existing forms still save as they did), and a
 * few resources roles can be granted in their 资源 tab.
 */
import { newId } from '../../src/contract/ids'
import type { Db } from '../db/client'
import * as t from '../db/schema'

const GROUPS = [
  {
    groupName: '工程概况',
    groupCode: 'PRJ-OVERVIEW',
    nodeType: 1,
    items: [
      { itemName: '设计速度', itemCode: 'speed', itemType: 'number', unit: 'km/h' },
      { itemName: '地形', itemCode: 'terrain', itemType: 'select', options: ['平原', '丘陵', '山区'] },
      { itemName: '计划开通日期', itemCode: 'opening', itemType: 'date' },
    ],
  },
  {
    groupName: '线路技术标准',
    groupCode: 'LINE-STD',
    nodeType: 2,
    items: [
      { itemName: '正线数目', itemCode: 'tracks', itemType: 'select', options: ['单线', '双线'], defaultValue: '双线' },
      { itemName: '最小曲线半径', itemCode: 'radius', itemType: 'number', unit: 'm' },
      { itemName: '无砟轨道', itemCode: 'ballastless', itemType: 'boolean', defaultValue: 'true' },
    ],
  },
] as const

const RESOURCES = [
  { resourceName: '进度报表接口', resourceCode: 'api-progress-report', resourceType: 'api', uri: '/api/report/progress' },
  { resourceName: '质量检测数据', resourceCode: 'data-quality-test', resourceType: 'data', uri: null },
  { resourceName: '设计图纸库', resourceCode: 'file-drawings', resourceType: 'file', uri: '/files/drawings' },
  { resourceName: '视频监控', resourceCode: 'api-video', resourceType: 'api', uri: '/api/video/live' },
  { resourceName: '大屏驾驶舱', resourceCode: 'menu-cockpit', resourceType: 'menu', uri: '/cockpit' },
] as const

export async function seedAttributesDemo(tx: Db): Promise<void> {
  const now = new Date()
  const stamp = { version: 0, createTime: now, updateTime: now, createBy: 'seed', updateBy: 'seed' }
  for (const [g, group] of GROUPS.entries()) {
    const groupId = newId()
    await tx
      .insert(t.attrGroup)
      .values({ groupId, groupName: group.groupName, groupCode: group.groupCode, nodeType: group.nodeType, sort: g + 1, ...stamp })
    await tx.insert(t.attrItem).values(
      group.items.map((i, k) => ({
        itemId: newId(),
        groupId,
        itemName: i.itemName,
        itemCode: i.itemCode,
        itemType: i.itemType,
        options: 'options' in i ? [...i.options] : [],
        defaultValue: 'defaultValue' in i ? i.defaultValue : null,
        unit: 'unit' in i ? i.unit : null,
        sort: k + 1,
        ...stamp,
      })),
    )
  }
  await tx.insert(t.resourcePool).values(RESOURCES.map((r, k) => ({ resourceId: newId(), ...r, sort: k + 1, ...stamp })))
}
