import { describe, expect, it } from 'vitest'
import { CACHED_AT_HEADER, OFFLINE_CACHED_PATHS, cacheNameFor, isApiCacheName } from '@/contract/offline'
import { DICT_API, DICT_KINDS } from '@/contract/schemas/dictionary'
import { ORG_API } from '@/contract/schemas/org'
import { PEOPLE_API } from '@/contract/schemas/people'
import {
  dictionaryPlugins,
  isCachedRequest,
  isSuccessfulEnvelope,
  isUnusableNetworkAnswer,
  normalisedCacheKey,
  normalisedCacheUrl,
} from './swCache'

const ORIGIN = 'http://localhost:8080'
const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, ...init })

const signed = (url: string, n: number) =>
  new Request(url, {
    headers: {
      authorization: 'tok',
      accessToken: 'acc',
      timestamp: `2026010100000${n}`,
      nonce: `nonce-${n}-abcdefghijkl`,
      signature: `sig${n}`,
    },
  })

// The plugin callbacks only read the fields below; Workbox passes more.
type Param = Parameters<NonNullable<ReturnType<typeof dictionaryPlugins>['cacheWillUpdate']>>[0]
const param = (p: { request?: Request; response?: Response }) =>
  ({ event: {} as never, state: {}, mode: 'write', ...p }) as unknown as Param

describe('the cached paths', () => {
  it('are the dictionaries of the contract, GET only, same origin only', () => {
    expect(OFFLINE_CACHED_PATHS).toEqual(
      expect.arrayContaining([ORG_API.listTree, ORG_API.typeListTree, ORG_API.typeList, PEOPLE_API.department.listTreeByOrgId]),
    )
    // the engineering dictionaries a field account reads (issue 13)
    expect(OFFLINE_CACHED_PATHS).toEqual(
      expect.arrayContaining([
        ...DICT_KINDS.flatMap((k) => [DICT_API.tree(k), DICT_API.majors(k)]),
        DICT_API.standard,
        DICT_API.relTree,
        DICT_API.relList,
      ]),
    )
    expect(isCachedRequest('GET', `${ORIGIN}${DICT_API.tree('wbs')}`, ORIGIN)).toBe(true)
    expect(isCachedRequest('POST', `${ORIGIN}${DICT_API.move('wbs')}`, ORIGIN)).toBe(false)
    expect(isCachedRequest('GET', `${ORIGIN}${ORG_API.listTree}?nodeId=1&nodeType=1`, ORIGIN)).toBe(true)
    expect(isCachedRequest('POST', `${ORIGIN}${ORG_API.listTree}`, ORIGIN)).toBe(false)
    expect(isCachedRequest('GET', `${ORIGIN}/api/admin/v1/role/listPage`, ORIGIN)).toBe(false)
    expect(isCachedRequest('GET', `${ORIGIN}${PEOPLE_API.user.getIdCard}?userId=1`, ORIGIN)).toBe(false)
    expect(isCachedRequest('GET', `https://elsewhere.example${ORG_API.listTree}`, ORIGIN)).toBe(false)
  })
})

describe('the cache key', () => {
  it('is method + path + query: two signed requests of the same call share one key', () => {
    const a = normalisedCacheKey(signed(`${ORIGIN}${ORG_API.listTree}?nodeId=7&nodeType=2`, 1))
    const b = normalisedCacheKey(signed(`${ORIGIN}${ORG_API.listTree}?nodeType=2&nodeId=7#x`, 2))
    expect(a.url).toBe(b.url)
    expect(a.method).toBe('GET')
    expect([...a.headers.keys()]).toEqual([])
  })

  it('keeps different queries apart and the values exactly as sent', () => {
    expect(normalisedCacheUrl(`${ORIGIN}/p?nodeId=7`)).not.toBe(normalisedCacheUrl(`${ORIGIN}/p?nodeId=8`))
    expect(normalisedCacheUrl(`${ORIGIN}/p`)).toBe(`${ORIGIN}/p`)
    expect(normalisedCacheUrl(`${ORIGIN}/p?ids=a%2Cb&k=%E4%B8%AD`)).toBe(`${ORIGIN}/p?ids=a%2Cb&k=%E4%B8%AD`)
    expect(normalisedCacheUrl(`${ORIGIN}/p?b=2&a=1&a=0`)).toBe(`${ORIGIN}/p?a=0&a=1&b=2`)
  })

  it('is what the plugin hands Workbox for reads and writes', async () => {
    const key = await dictionaryPlugins({ accountId: 'a', currentAccount: () => Promise.resolve('a') }).cacheKeyWillBeUsed!(
      param({ request: signed(`${ORIGIN}${ORG_API.typeList}?z=1&a=2`, 3) }) as never,
    )
    expect(typeof key === 'string' ? key : key.url).toBe(`${ORIGIN}${ORG_API.typeList}?a=2&z=1`)
  })
})

describe('only successful envelopes are kept', () => {
  it('accepts 10000 and 20120, refuses other codes, non-JSON, non-200', async () => {
    expect(await isSuccessfulEnvelope(json({ code: 10000, message: '', data: [] }))).toBe(true)
    expect(await isSuccessfulEnvelope(json({ code: 20120, message: '', data: [] }))).toBe(true)
    for (const code of [20003, 20004, 20112, 20114, 50000])
      expect(await isSuccessfulEnvelope(json({ code, message: 'x', data: null }))).toBe(false)
    expect(await isSuccessfulEnvelope(json({ message: 'no code' }))).toBe(false)
    expect(await isSuccessfulEnvelope(json({ code: 10000, message: '', data: [] }, { status: 500 }))).toBe(false)
    expect(await isSuccessfulEnvelope(new Response('<html>portal</html>', { headers: { 'content-type': 'text/html' } }))).toBe(false)
    expect(await isSuccessfulEnvelope(new Response('{not json', { headers: { 'content-type': 'application/json' } }))).toBe(false)
  })

  it('stamps what it keeps with the fetch time, and leaves the answer readable', async () => {
    const plugins = dictionaryPlugins({
      accountId: 'acc-1',
      currentAccount: () => Promise.resolve('acc-1'),
      now: () => new Date('2026-03-01T08:30:00Z'),
    })
    const original = json({ code: 10000, message: 'ok', data: [{ id: 1 }] })
    const kept = await plugins.cacheWillUpdate!(param({ response: original }))
    expect(kept?.headers.get(CACHED_AT_HEADER)).toBe('2026-03-01T08:30:00.000Z')
    expect(await kept?.json()).toEqual({ code: 10000, message: 'ok', data: [{ id: 1 }] })
    expect(original.bodyUsed).toBe(false)
    expect(await plugins.cacheWillUpdate!(param({ response: json({ code: 20003, message: 'no', data: null }) }))).toBeNull()
  })

  it('keeps nothing once another account (or nobody) is signed in', async () => {
    let current: string | null = 'acc-1'
    const plugins = dictionaryPlugins({ accountId: 'acc-1', currentAccount: () => Promise.resolve(current) })
    current = null
    expect(await plugins.cacheWillUpdate!(param({ response: json({ code: 10000, message: '', data: [] }) }))).toBeNull()
    current = 'acc-2'
    expect(await plugins.cacheWillUpdate!(param({ response: json({ code: 10000, message: '', data: [] }) }))).toBeNull()
  })
})

describe('network answers', () => {
  it('a proxy error or a captive portal page falls back to the cache; our envelopes (even 50000) do not', async () => {
    expect(isUnusableNetworkAnswer(new Response('bad gateway', { status: 502 }))).toBe(true)
    expect(
      isUnusableNetworkAnswer(new Response('<html>login to wifi</html>', { status: 200, headers: { 'content-type': 'text/html' } })),
    ).toBe(true)
    expect(isUnusableNetworkAnswer(json({ code: 50000, message: 'x', data: null }, { status: 500 }))).toBe(false)
    expect(isUnusableNetworkAnswer(json({ code: 10000, message: '', data: [] }))).toBe(false)
    const plugins = dictionaryPlugins({ accountId: 'a', currentAccount: () => Promise.resolve('a') })
    await expect(
      plugins.fetchDidSucceed!({ request: new Request(ORIGIN), response: new Response('', { status: 503 }), event: {} as never }),
    ).rejects.toThrow(/503/)
  })
})

describe('cache names', () => {
  it('are one per account and recognisable for logout', () => {
    expect(cacheNameFor('a b')).not.toBe(cacheNameFor('a'))
    expect(isApiCacheName(cacheNameFor('x'))).toBe(true)
    expect(isApiCacheName('workbox-precache-v2-http://localhost/')).toBe(false)
  })
})
