import { describe, expect, it } from 'vitest'
import type { FieldErrors } from 'react-hook-form'
import { errorPaths, hiddenErrorPaths } from './hiddenErrors'

const err = (message: string) => ({ type: 'custom', message })

describe('errors on fields a form does not show', () => {
  const errors = {
    menuName: err('required'),
    parentId: err('invalid'),
    items: [undefined, { phone: err('phone') }],
  } as unknown as FieldErrors

  it('lists every error path, nested ones included', () => {
    expect(errorPaths(errors).sort()).toEqual(['items.1.phone', 'menuName', 'parentId'])
  })

  it('keeps those no control of the form is named after', () => {
    const controls = new Set(['menuName', 'items.1.phone'])
    expect(hiddenErrorPaths(errors, (p) => controls.has(p))).toEqual(['parentId'])
    expect(hiddenErrorPaths(errors, () => true)).toEqual([])
  })
})
