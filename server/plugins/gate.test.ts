/**
 * A route whose permission the catalogue does not declare is refused when it is registered (the
 * gateway does not start), so a default or a cast that slipped past the types is still caught.
 */
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import type { Ctx } from '../context'
import type { Permission } from '../types'
import { registerGate } from './gate'

function app() {
  const a = Fastify()
  registerGate(a, {} as Ctx)
  return a
}

describe('gate: permissions from the catalogue', () => {
  it('registers routes whose menu and function are declared', async () => {
    const a = app()
    a.get('/read', { config: { auth: 'signed', perm: { menu: '/admin/role-manage' } } }, async () => 'r')
    a.post('/write', { config: { auth: 'signed', perm: { menu: '/admin/role-manage', fn: 'member' } } }, async () => 'w')
    await expect(a.ready()).resolves.toBeDefined()
    await a.close()
  })
  it('refuses a function the menu does not declare, and an unknown menu', async () => {
    const a = app()
    const wrongFn = { menu: '/admin/role-manage', fn: 'accountLimit' } as unknown as Permission
    expect(() => a.post('/x', { config: { auth: 'signed', perm: wrongFn } }, async () => 'x')).toThrow(
      /\/admin\/role-manage · accountLimit is not in the catalogue/,
    )
    const wrongMenu = { menu: '/admin/nowhere' } as unknown as Permission
    expect(() => a.get('/y', { config: { auth: 'signed', perm: wrongMenu } }, async () => 'y')).toThrow(
      /\/admin\/nowhere is not in the catalogue/,
    )
    await a.close()
  })
})
