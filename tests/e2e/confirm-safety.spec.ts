/**
 * Issue 10 (#10, #4) at 1024×768 in zh and en: the console application's own row offers no delete
 * (disabled, its tooltip says why); deleting a role asks under its own title (删除角色), names the
 * role and says how many members it has — not 删除确认 / 确定要删除文件吗？.
 */
import { expect, test } from './fixtures'
import { signIn } from './helpers'

test.use({ viewport: { width: 1024, height: 768 } })

const TEXT = {
  zh: {
    delete: '删除',
    cancel: '取消',
    appRefused: '本平台自身的应用不能删除',
    deleteRole: '删除角色',
    sentence: (name: string) => `确定要删除角色「${name}」吗？`,
    members: /该角色现有 \d+ 名成员/,
  },
  en: {
    delete: 'Delete',
    cancel: 'Cancel',
    appRefused: 'The console’s own application cannot be deleted',
    deleteRole: 'Delete role',
    sentence: (name: string) => `Delete the role “${name}”?`,
    members: /It has \d+ member\(s\) now/,
  },
}

for (const lang of ['zh', 'en'] as const) {
  test(`own application not deletable, role deletion named with its members (${lang})`, async ({ page }) => {
    const T = TEXT[lang]
    await signIn(page, 'admin')
    if (lang === 'en') await page.evaluate(() => localStorage.setItem('trestle.locale', 'en'))

    await page.goto('/admin/app-manage')
    const appRow = page.getByRole('row').filter({ hasText: 'trestle-admin' })
    await expect(appRow.getByRole('button', { name: T.delete })).toBeDisabled()
    await expect(appRow.locator('[data-refused]')).toHaveAttribute('title', T.appRefused)
    await page.screenshot({ path: `.tmp/shots/self-guard-apps-${lang}.png` })

    await page.goto('/admin/role-manage')
    const roleRow = page.getByRole('row').filter({ hasText: '普通用户' })
    await roleRow.getByRole('button', { name: T.delete }).click()
    const dialog = page.getByRole('alertdialog')
    await expect(dialog.getByRole('heading', { name: T.deleteRole })).toBeVisible()
    await expect(dialog).toContainText(T.sentence('普通用户'))
    await expect(dialog).toContainText(T.members)
    await expect(dialog).not.toContainText(lang === 'zh' ? '确定要删除文件吗' : 'Delete the selected records')
    await page.screenshot({ path: `.tmp/shots/confirm-delete-role-${lang}.png` })
    await dialog.getByRole('button', { name: T.cancel }).click()
    await expect(roleRow).toBeVisible()
  })
}
