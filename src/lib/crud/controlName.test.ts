import { describe, expect, it } from 'vitest'
import { controlName } from './controlName'

describe('controlName', () => {
  it('prefixes the names a form element would expose over its own properties', () => {
    for (const name of ['nodeName', 'action', 'method', 'submit', 'elements', 'length', 'id', 'name', 'nodeName.0.x'])
      expect(controlName(name)).toBe(`field-${name}`)
  })
  it('keeps every other name as the contract writes it', () => {
    for (const name of ['workSiteName', 'nodeCode', 'educations.0.startMonth', 'projectName']) expect(controlName(name)).toBe(name)
  })
})
