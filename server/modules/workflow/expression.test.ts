/** The conditions' evaluator: parsed, never run as JavaScript; a missing variable is null. */
import { describe, expect, it } from 'vitest'
import { checkCondition, evaluate, parseExpression, resolveTemplate } from './expression'

const run = (src: string, vars: Record<string, unknown> = {}) => evaluate(parseExpression(src), vars)

describe('workflow expressions', () => {
  it('compares, combines and negates', () => {
    expect(run('amount > 1000', { amount: 1500 })).toBe(true)
    expect(run('amount > 1000', { amount: '999' })).toBe(false)
    expect(run('approved == true', { approved: true })).toBe(true)
    expect(run('a >= 1 && (b == "x" || !c)', { a: 1, b: 'y', c: false })).toBe(true)
    expect(run('a gt 1 and not c', { a: 2, c: true })).toBe(false)
    expect(run('form.total * 2 + 1', { form: { total: 3 } })).toBe(7)
    expect(run("kind != 'steel'", { kind: 'steel' })).toBe(false)
    expect(run('-x < 0', { x: 2 })).toBe(true)
  })

  it('reads only own variables: a missing one, a prototype name or a path into text is null', () => {
    expect(run('missing == null')).toBe(true)
    expect(run('constructor == null', {})).toBe(true)
    expect(run('a.__proto__ == null', { a: {} })).toBe(true)
    expect(run('environment.variables.amount', { amount: 5 })).toBe(5)
    expect(run('x < 1', { x: null })).toBe(false)
  })

  it('refuses what is not an expression of ours', () => {
    expect(() => parseExpression('a = 1')).toThrow()
    expect(() => parseExpression('process.exit()')).toThrow()
    expect(() => parseExpression('a[0]')).toThrow()
    expect(() => parseExpression('(a')).toThrow()
    expect(() => parseExpression('"open')).toThrow()
    expect(() => parseExpression('('.repeat(100) + 'a' + ')'.repeat(100))).toThrow()
    expect(checkCondition('${amount > 1000}')).toBeNull()
    expect(checkCondition('amount > 1000')).not.toBeNull()
    expect(checkCondition('${this.constructor.constructor("return process")()}')).not.toBeNull()
  })

  it('resolves templates: one expression gives its value, text keeps its shape', () => {
    expect(resolveTemplate('${amount > 10}', { amount: 11 })).toBe(true)
    expect(resolveTemplate('PT1S', {})).toBe('PT1S')
    expect(resolveTemplate('P${days}D', { days: 3 })).toBe('P3D')
  })
})
