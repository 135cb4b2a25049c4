/**
 * Fills a create / edit dialog as a user would: every required control still empty gets a valid
 * value for its kind and name (a phone number for a phone field, a chainage for a mileage, the first
 * option of a select…), so a sweep can submit every dialog of every screen without knowing each form.
 * `values` names fields (by label) whose value the caller chooses.
 */
import { expect, type Locator, type Page } from '@playwright/test'
import { creditCodeCheckChar, idCardCheckChar } from '../../src/contract/rules'

let counter = Date.now() % 100_000

/** A unique tag: digits only, so it fits names and codes alike. */
export const uniqueTag = () => String(++counter).padStart(5, '0')

/** A valid resident ID number: born 1990-01-01, its sequence from the tag. */
export function idCardNumber(tag = uniqueTag()): string {
  const first17 = `11010519900101${tag.slice(-3)}`
  return first17 + idCardCheckChar(first17)
}

/** A valid unified social credit code. */
export function creditCodeFor(tag = uniqueTag()): string {
  const first17 = `91420100MA${tag.padStart(7, '0').slice(-7)}`
  return first17 + creditCodeCheckChar(first17)
}

/** The value a required text control gets, from its form name (`name`) and its length limit. */
function textFor(name: string, tag: string, maxLength: number, label: string): string {
  const n = name.toLowerCase()
  const fit = (s: string) => (maxLength > 0 ? s.slice(0, maxLength) : s)
  if (/mileage/.test(n)) return n.startsWith('end') ? 'DK9+000.000' : 'DK1+000.000'
  if (/phone|mobile|tel/.test(n)) return `139${tag.padStart(8, '0').slice(-8)}`
  if (/email|mail/.test(n)) return `e2e${tag}@example.com`
  if (/idcard/.test(n)) return idCardNumber(tag)
  if (/creditcode/.test(n)) return creditCodeFor(tag)
  if (/url|link/.test(n)) return `https://example.com/${tag}`
  if (/code|key|account|loginname/.test(n)) return fit(`e2e${tag}`)
  return fit(`${label.replace(/\s+/g, '')}${tag}`)
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** A dialog's control by its label, whether or not the label carries the required mark. */
export const labelled = (dialog: Locator, label: string) => dialog.getByLabel(new RegExp(`^\\*?${escape(label)}$`))

async function pickFirstOption(page: Page, trigger: Locator): Promise<string> {
  await trigger.click()
  const option = page.getByRole('option').first()
  await expect(option).toBeVisible()
  const label = (await option.textContent())?.trim() ?? ''
  await option.click()
  await expect(page.getByRole('listbox')).toHaveCount(0)
  return label
}

/**
 * Fills the dialog's required controls that are empty; `values` (label → value) are typed into
 * those fields first (text) or chosen (select, by option name). Returns what names the record in
 * its list: the text typed into the first required name field (or text field), else the first option chosen.
 */
export async function fillRequired(page: Page, dialog: Locator, values: Record<string, string> = {}): Promise<string> {
  // a part of the form whose code still loads shows a spinner in its place: its fields are not there yet
  await expect(dialog.locator('[data-form-pending]')).toHaveCount(0)
  const tag = uniqueTag()
  let first = ''
  let named = ''
  let chosen = ''
  for (const [label, value] of Object.entries(values)) {
    const control = labelled(dialog, label)
    if ((await control.getAttribute('role')) === 'combobox') {
      await control.click()
      await page.getByRole('option', { name: value, exact: true }).click()
    } else await control.fill(value)
  }
  const controls = dialog.locator('[aria-required="true"]')
  for (let i = 0; i < (await controls.count()); i++) {
    const control = controls.nth(i)
    if (!(await control.isVisible()) || (await control.isDisabled())) continue
    const role = await control.getAttribute('role')
    const tagName = await control.evaluate((e) => e.tagName.toLowerCase())
    // a select shows its placeholder (data-placeholder) until something is chosen
    if (role === 'combobox') {
      if ((await control.getAttribute('data-placeholder')) !== null) {
        const option = await pickFirstOption(page, control) // every empty select, not only the first one
        chosen ||= option
      }
      continue
    }
    if (tagName !== 'input' && tagName !== 'textarea') continue
    if ((await control.inputValue()) !== '') continue
    const type = (await control.getAttribute('type')) ?? 'text'
    const mode = await control.getAttribute('inputmode')
    const name = (await control.getAttribute('name')) ?? ''
    const id = (await control.getAttribute('id')) ?? ''
    const label = (await dialog.locator(`label[for="${id}"]`).textContent())?.replace('*', '').trim() ?? name
    const max = Number((await control.getAttribute('maxlength')) ?? 0)
    let value: string
    if (type === 'date') value = new Date().toISOString().slice(0, 10)
    else if (type === 'month') value = new Date().toISOString().slice(0, 7)
    else if (type === 'password') value = 'Trestle@2026x'
    else if (mode === 'numeric') value = '1'
    else if (mode === 'decimal') value = '1.5'
    else value = textFor(name, tag, max, label)
    await control.fill(value)
    if (type === 'text' && !mode) {
      first ||= value
      if (/name$/i.test(name)) named ||= value
    }
  }
  return named || first || chosen
}

/** Submits the dialog and waits until it has closed (a field error keeps it open and fails here, naming the errors). */
export async function submitDialog(dialog: Locator) {
  await dialog.locator('button[type="submit"]').click()
  try {
    await expect(dialog).toBeHidden({ timeout: 15_000 })
  } catch {
    const errors = await dialog.locator('[id$="-error"], [role="alert"]').allTextContents()
    throw new Error(`the dialog stayed open: ${errors.join(' / ') || 'no error shown'}`)
  }
}
