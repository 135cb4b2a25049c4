import { describe, expect, it } from 'vitest'
import {
  listSearch,
  pageSizes,
  parseListSearch,
  serializeListSearch,
  toListParams,
  toQuery,
  withFilters,
  withPage,
  withSort,
} from './search'

describe('listSearch', () => {
  it('parses paging, sorting and filters from router values (strings, numbers, booleans)', () => {
    const s = listSearch({ pageIndex: 3, pageSize: '50', sortBy: 'roleName', desc: true, roleName: ' 管理 ', status: 1 })
    expect(s).toEqual({ pageIndex: 3, pageSize: 50, sortBy: 'roleName', desc: true, roleName: '管理', status: '1' })
  })

  it('drops invalid values instead of failing the route', () => {
    const s = listSearch({
      pageIndex: 'abc',
      pageSize: 7,
      sortBy: 'drop table;',
      desc: 'yes',
      'bad key': 'x',
      empty: '',
      obj: { a: 1 },
    })
    expect(s).toEqual({})
    expect(listSearch('not an object' as never)).toEqual({})
    expect(parseListSearch({ pageIndex: 0, pageSize: 20 })).toEqual({})
  })

  it('ignores desc without sortBy', () => {
    expect(parseListSearch({ desc: true })).toEqual({})
  })

  it('applies defaults for the request and lists filters apart', () => {
    expect(toListParams({})).toEqual({ pageIndex: 1, pageSize: 20, filters: {} })
    const p = toListParams({ pageIndex: 2, pageSize: 10, sortBy: 'sort', roleName: 'a', status: '0' })
    expect(p).toEqual({ pageIndex: 2, pageSize: 10, sortBy: 'sort', desc: false, filters: { roleName: 'a', status: '0' } })
    expect(toQuery(p)).toEqual({ roleName: 'a', status: '0', pageIndex: 2, pageSize: 10, sortBy: 'sort', desc: false })
  })

  it('serialises without defaults, numbers and booleans bare so the URL stays readable', () => {
    expect(serializeListSearch({ pageIndex: 1, pageSize: 20, roleName: '' })).toEqual({})
    expect(serializeListSearch({ pageIndex: 4, pageSize: 50, sortBy: 'name', desc: true, status: '1', code: '007', name: 'x y' })).toEqual({
      status: 1,
      code: '007',
      name: 'x y',
      pageIndex: 4,
      pageSize: 50,
      sortBy: 'name',
      desc: true,
    })
  })

  it('round-trips through serialise and parse', () => {
    const s = { pageIndex: 2, pageSize: 100, sortBy: 'updateTime', desc: false, status: '1', roleName: 'true' }
    expect(parseListSearch(serializeListSearch(s))).toEqual(s)
  })

  it('new filters go back to page 1 and keep sorting and page size', () => {
    const s = { pageIndex: 5, pageSize: 50, sortBy: 'sort', desc: true, roleName: 'old' }
    expect(withFilters(s, { status: '1', roleName: ' ' })).toEqual({ pageSize: 50, sortBy: 'sort', desc: true, status: '1' })
  })

  it('sorting cycles asc → desc → none and resets the page', () => {
    const a = withSort({ pageIndex: 3 }, 'name')
    expect(a).toEqual({ sortBy: 'name', desc: false })
    const b = withSort(a, 'name')
    expect(b).toEqual({ sortBy: 'name', desc: true })
    expect(withSort(b, 'name')).toEqual({})
    expect(withSort(b, 'code')).toEqual({ sortBy: 'code', desc: false })
  })

  it('changing the page size goes back to page 1', () => {
    expect(withPage({ pageIndex: 3 }, 4)).toEqual({ pageIndex: 4 })
    expect(withPage({ pageIndex: 3 }, 3, 50)).toEqual({ pageIndex: 1, pageSize: 50 })
  })

  it("offers a list's own page size among the usual ones, once and in order", () => {
    expect(pageSizes(20)).toEqual([10, 20, 50, 100])
    expect(pageSizes(15)).toEqual([10, 15, 20, 50, 100])
  })
})
