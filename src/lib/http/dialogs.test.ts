import { describe, expect, it } from 'vitest'
import { browserCarrier } from './carrier'
import {
  cancelPasswordPrompt,
  dialogsStore,
  dismissBox,
  passwordPrompt,
  resetDialogFlag,
  showAlert,
  showError,
  submitPasswordPrompt,
  takeDialogFlag,
} from './dialogs'

describe('dialogs bridge', () => {
  it('queues boxes once per identical message; an alert resolves on dismiss', async () => {
    showError('boom')
    showError('boom')
    let dismissed = false
    void showAlert('stopped').then(() => (dismissed = true))
    const boxes = dialogsStore.get().boxes
    expect(boxes.map((b) => [b.kind, b.message])).toEqual([
      ['error', 'boom'],
      ['alert', 'stopped'],
    ])
    dismissBox(boxes[0]!.id)
    dismissBox(boxes[1]!.id)
    await Promise.resolve()
    expect(dismissed).toBe(true)
    expect(dialogsStore.get().boxes).toEqual([])
  })

  it('the password prompt shows failures, stays open, and resolves once', async () => {
    const seen: string[] = []
    const p = passwordPrompt({ accountName: 'alice', submit: async (pw) => (seen.push(pw), pw === 'ok' ? null : 'wrong') })
    const again = passwordPrompt({ accountName: 'alice', submit: async () => null })
    expect(again).toBe(p)
    await submitPasswordPrompt('bad')
    expect(dialogsStore.get().prompt).toMatchObject({ accountName: 'alice', error: 'wrong', busy: false })
    await submitPasswordPrompt('ok')
    expect(await p).toBe(true)
    expect(seen).toEqual(['bad', 'ok'])
    expect(dialogsStore.get().prompt).toBeNull()
    const q = passwordPrompt({ accountName: 'bob', submit: async () => null })
    cancelPasswordPrompt()
    expect(await q).toBe(false)
  })

  it('the dialog flag is taken once until reset', () => {
    resetDialogFlag()
    expect(takeDialogFlag()).toBe(true)
    expect(takeDialogFlag()).toBe(false)
    resetDialogFlag()
    expect(takeDialogFlag()).toBe(true)
    resetDialogFlag()
  })
})

describe('carrier', () => {
  it('names the browser and its version', () => {
    expect(
      browserCarrier('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.6723.91 Safari/537.36'),
    ).toBe('Chrome 130.0.6723.91')
    expect(browserCarrier('Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/130.0.0.0 Safari/537.36 Edg/130.0.2849.68')).toBe(
      'Edge 130.0.2849.68',
    )
    expect(
      browserCarrier(
        'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari 17.0')
    expect(browserCarrier('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe('Firefox 128.0')
    expect(browserCarrier('')).toBe('Unknown 0')
  })
})
