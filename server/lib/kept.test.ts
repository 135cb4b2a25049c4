import { expect, it } from 'vitest'
import { keptById } from './kept'

it('loads each id once, shares a load in flight, forgets a failed one and the least recently asked beyond its limit', async () => {
  const loads: string[] = []
  let fail = true
  const get = keptById(2, async (id: string, suffix: string) => {
    loads.push(id)
    if (id === 'bad' && fail) throw new Error('not yet')
    return `${id}${suffix}`
  })
  expect(await Promise.all([get('a', '!'), get('a', '?')])).toEqual(['a!', 'a!'])
  await expect(get('bad', '')).rejects.toThrow('not yet')
  fail = false
  expect(await get('bad', '')).toBe('bad')
  expect(await get('a', '')).toBe('a!') // a asked again: bad is now the oldest
  expect(await get('c', '')).toBe('c') // three ids: bad goes
  expect(await get('a', '')).toBe('a!')
  expect(await get('bad', '')).toBe('bad')
  expect(loads).toEqual(['a', 'bad', 'bad', 'c', 'bad'])
})
