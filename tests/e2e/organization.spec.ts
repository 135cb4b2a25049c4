/**
 * /admin/organization in Chromium: an administrator adds a unit under another with its main fields
 * and a qualification with a front scan, finds it in the tree and by search; an organisation
 * administrator's tree holds only their own group of units, and they are offered only the adds
 * their data scope allows (child units of their units, no top units).
 */
import { deflateSync } from 'node:zlib'
import { expect, test, type Page } from './fixtures'
import { creditCodeCheckChar } from '../../src/contract/rules'
import { signIn } from './helpers'

/** A small PNG (a 24×16 two-colour certificate stand-in), built here rather than stored. */
function pngFixture(): Buffer {
  const w = 24
  const h = 16
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (buf: Buffer) => {
    let c = 0xffffffff
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const sum = Buffer.alloc(4)
    sum.writeUInt32BE(crc(td))
    return Buffer.concat([len, td, sum])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(w, 0)
  ihdr.writeUInt32BE(h, 4)
  ihdr.set([8, 2, 0, 0, 0], 8) // 8-bit RGB
  const rows: number[] = []
  for (let y = 0; y < h; y++) {
    rows.push(0)
    for (let x = 0; x < w; x++) rows.push(...(y < 4 ? [200, 30, 30] : [250, 245, 230]))
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

function creditCode(): string {
  const chars = '0123456789ABCDEFGHJKLMNPQRTUWXY'
  let s = '91610100'
  for (let i = 0; i < 9; i++) s += chars[Math.floor(Math.random() * chars.length)]
  return s + creditCodeCheckChar(s)!
}

const tree = (page: Page) => page.getByRole('tree', { name: '单位树' })

async function openOrganization(page: Page) {
  await page.goto('/admin/organization')
  await expect(page.getByRole('heading', { name: '单位管理', level: 1 })).toBeVisible()
  await expect(tree(page).getByRole('treeitem', { name: '施工单位' })).toBeVisible()
}

test('an administrator adds a unit with a qualification scan, then finds it in the tree and by search', async ({ page }) => {
  await signIn(page, 'admin')
  await openOrganization(page)
  await tree(page).getByRole('treeitem', { name: '施工单位' }).click()
  // the data scope "all": a top unit of the selected type may be added
  await expect(page.getByRole('button', { name: '新增单位', exact: true })).toBeVisible()
  await tree(page).getByRole('treeitem', { name: '中铁恒岳建设集团有限公司' }).click()
  await expect(page.getByRole('heading', { name: '中铁恒岳建设集团有限公司', level: 2 })).toBeVisible()

  // add a child unit with the main fields; a wrong check character is caught in the form first
  const name = `中铁恒岳西北测试分公司${Date.now().toString(36).toUpperCase()}`
  const code = creditCode()
  await page.getByRole('button', { name: '新增下级单位' }).click()
  const dialog = page.getByRole('dialog', { name: /在“中铁恒岳建设集团有限公司”下新增单位/ })
  await dialog.getByLabel('单位名称').fill(name)
  await dialog.getByLabel('单位简称').fill('西北测试分公司')
  await dialog.getByLabel('统一社会信用代码').fill(code.slice(0, 17) + (code[17] === '0' ? '1' : '0'))
  await dialog.getByLabel('法定代表人').fill('魏东')
  await dialog.getByLabel('联系人', { exact: true }).fill('贾平')
  await dialog.getByLabel('联系电话').fill('029-86661234')
  await dialog.getByLabel('邮箱').fill('xibei@hengyue-cg.example.cn')
  await dialog.getByLabel('传真').fill('029-86661235')
  await dialog.getByLabel('网址').fill('www.hengyue-xibei.example.cn')
  await dialog.getByLabel('注册地址').fill('陕西省西安市未央区文景路18号')
  await dialog.getByLabel('开户银行').fill('中国建设银行西安文景路支行')
  await dialog.getByLabel('银行账号').fill('61050188360000001234')
  await dialog.getByRole('button', { name: '提交' }).click()
  await expect(dialog.getByText('统一社会信用代码不正确（18位，校验位须符合 GB 32100-2015）')).toBeVisible()
  await dialog.getByLabel('统一社会信用代码').fill(code)
  await dialog.getByRole('button', { name: '与统一社会信用代码相同' }).click()
  await expect(dialog.getByLabel('纳税人识别号')).toHaveValue(code)
  await dialog.getByRole('button', { name: '提交' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible()
  await expect(page.getByText(code).first()).toBeVisible()

  // a qualification with a front scan
  await page.getByRole('tab', { name: '资质' }).click()
  await page.getByRole('button', { name: '编辑资质' }).click()
  const qd = page.getByRole('dialog', { name: '编辑资质' })
  await qd.getByRole('button', { name: '添加' }).click()
  await qd.getByLabel('资质名称').fill('市政公用工程施工总承包二级')
  await qd.getByRole('combobox', { name: '资质等级' }).click()
  await page.getByRole('option', { name: '乙级' }).click()
  await qd.getByRole('combobox', { name: '资质类别' }).click()
  await page.getByRole('option', { name: '施工' }).click()
  await qd.getByLabel('有效期起').fill('2024-03-01')
  await qd.getByLabel('有效期止').fill('2029-02-28')
  await qd.locator('#f-items-0-frontFileId').setInputFiles({ name: '资质正面.png', mimeType: 'image/png', buffer: pngFixture() })
  // uploaded (not just picked): the stored file offers its remove button
  await expect(qd.getByRole('button', { name: /资质正面\.png/ })).toBeVisible()
  await qd.getByRole('button', { name: '保存' }).click()
  await expect(qd).toBeHidden()
  const card = page.getByRole('listitem').filter({ hasText: '市政公用工程施工总承包二级' })
  await expect(card.getByText('乙级')).toBeVisible()
  await expect(card.getByText('2024-03-01 ~ 2029-02-28')).toBeVisible()
  await expect(card.getByRole('img', { name: '证书正面' })).toBeVisible()
  await expect.poll(() => card.getByRole('img', { name: '证书正面' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(24)

  // the tree shows it under its parent; a search replaces the tree with it under its type
  const parent = tree(page).getByRole('treeitem', { name: '中铁恒岳建设集团有限公司' })
  if ((await parent.getAttribute('aria-expanded')) !== 'true') await parent.getByRole('button', { name: '展开' }).click()
  await expect(tree(page).getByRole('treeitem', { name })).toBeVisible()
  await page.getByLabel('搜索单位名称、简称或信用代码').fill(name.slice(-14))
  await page.getByRole('search').getByRole('button', { name: '查询' }).click()
  await expect(page.getByText('共 1 个匹配单位')).toBeVisible()
  await expect(tree(page).getByRole('treeitem')).toHaveCount(2)
  await expect(tree(page).getByRole('treeitem', { name: '施工单位' })).toHaveAttribute('aria-level', '1')
  await expect(tree(page).getByRole('treeitem', { name })).toHaveAttribute('aria-level', '2')
  await page.getByRole('button', { name: '清除搜索' }).click()
  await expect(tree(page).getByRole('treeitem', { name: '建设单位' })).toBeVisible()

  // the unit and its tab are in the address: a reload comes back to them, back returns to the parent
  await expect(page).toHaveURL(/[?&]unit=[^&]+&tab=qualification/)
  await page.reload()
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible()
  await expect(page.getByRole('tab', { name: '资质' })).toHaveAttribute('aria-selected', 'true')
  await expect(card.getByText('2024-03-01 ~ 2029-02-28')).toBeVisible()
  await page.goBack()
  await expect(page.getByRole('heading', { name: '中铁恒岳建设集团有限公司', level: 2 })).toBeVisible()
  await page.goForward()
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible()
})

test('an organisation administrator sees only their own group of units', async ({ page }) => {
  await signIn(page, 'orgadmin')
  await openOrganization(page)
  await tree(page).getByRole('treeitem', { name: '施工单位' }).click()
  await expect(tree(page).getByRole('treeitem', { name: '中铁恒岳建设集团有限公司' })).toBeVisible()
  await expect(tree(page).getByRole('treeitem', { name: '中交瀚海工程局有限公司' })).toHaveCount(0)
  // types with none of their units have nothing to expand
  await expect(tree(page).getByRole('treeitem', { name: '建设单位' })).not.toHaveAttribute('aria-expanded', /.*/)

  // A top unit takes the data scope "all" (the gateway refuses it otherwise): the selected type
  // offers no 新增单位 but points to 新增下级单位, which works under one of their units.
  await expect(page.getByText('展开单位树中的“施工单位”查看其下的单位。新增单位请先选中其上级单位，再点“新增下级单位”')).toBeVisible()
  await expect(page.getByRole('button', { name: '新增单位', exact: true })).toHaveCount(0)
  await tree(page).getByRole('treeitem', { name: '中铁恒岳建设集团有限公司' }).click()
  await expect(page.getByRole('heading', { name: '中铁恒岳建设集团有限公司', level: 2 })).toBeVisible()
  await page.getByRole('button', { name: '新增下级单位' }).click()
  const dialog = page.getByRole('dialog', { name: /在“中铁恒岳建设集团有限公司”下新增单位/ })
  const name = `中铁恒岳测试项目经理部${Date.now().toString(36).toUpperCase()}`
  await dialog.getByLabel('单位名称').fill(name)
  await dialog.getByRole('button', { name: '提交' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible()

  await page.getByLabel('搜索单位名称、简称或信用代码').fill('瀚海')
  await page.getByRole('search').getByRole('button', { name: '查询' }).click()
  await expect(page.getByText('没有匹配“瀚海”的单位').first()).toBeVisible()
  await expect(tree(page)).toHaveCount(0)
})

test("a unit's listing and co-office institutions are saved as lists, its groups and their members through their dialogs", async ({
  page,
}) => {
  const t = Date.now().toString(36).toUpperCase()
  await signIn(page, 'admin')
  await openOrganization(page)
  await tree(page).getByRole('treeitem', { name: '施工单位' }).click()
  await tree(page).getByRole('treeitem', { name: '中铁恒岳建设集团有限公司' }).click()
  await expect(page.getByRole('heading', { name: '中铁恒岳建设集团有限公司', level: 2 })).toBeVisible()

  // one item in each list, each list saved on its own; both are there after a reload
  await page.getByRole('tab', { name: '上市/协作机构' }).click()
  const listing = page.getByRole('tabpanel').locator('form').nth(0)
  const cowork = page.getByRole('tabpanel').locator('form').nth(1)
  await listing.getByRole('button', { name: '添加' }).click()
  await listing.getByRole('textbox', { name: '上市机构' }).last().fill(`上海证券交易所${t}`)
  await listing.getByRole('textbox', { name: '股票代码' }).last().fill('601390')
  await listing.getByRole('button', { name: '保存' }).click()
  await expect(listing.getByText('有未保存的修改')).toBeHidden()
  await cowork.getByRole('button', { name: '添加' }).click()
  await cowork.getByRole('textbox', { name: '机构名称' }).last().fill(`西北勘察协作院${t}`)
  await cowork.getByRole('textbox', { name: '联系电话' }).last().fill('029-86661234')
  await cowork.getByRole('button', { name: '保存' }).click()
  await expect(cowork.getByText('有未保存的修改')).toBeHidden()
  await page.reload()
  await expect(listing.getByText(`上海证券交易所${t} 601390`)).toBeVisible()
  await expect(cowork.getByText(`西北勘察协作院${t}`, { exact: true })).toBeVisible()

  // a group through its dialog, a member through the member dialog, then the group renamed
  await page.getByRole('tab', { name: '分组' }).click()
  await page.getByRole('button', { name: '新增分组' }).click()
  const add = page.getByRole('dialog', { name: '新增分组' })
  await add.getByLabel('分组名称').fill(`测试分组${t}`)
  await add.getByRole('button', { name: '提交' }).click()
  await expect(add).toBeHidden()
  await page.getByRole('button', { name: new RegExp(`^测试分组${t}`) }).click()
  await page.getByRole('button', { name: '添加成员' }).click()
  const member = page.getByRole('dialog', { name: `测试分组${t} · 添加成员` })
  await member.getByRole('combobox', { name: '账号' }).click()
  await page.getByRole('option').first().click()
  await member.getByRole('button', { name: '提交' }).click()
  await expect(member).toBeHidden()
  await expect(page.getByRole('button', { name: new RegExp(`^测试分组${t}.*1 个账号`) })).toBeVisible()
  await page.getByRole('button', { name: `编辑 测试分组${t}`, exact: true }).click()
  const edit = page.getByRole('dialog', { name: '编辑分组' })
  await edit.getByLabel('分组名称').fill(`已改分组${t}`)
  await edit.getByRole('button', { name: '提交' }).click()
  await expect(edit).toBeHidden()
  await expect(page.getByText(`已改分组${t}`, { exact: true })).toBeVisible()
})
