import { describe, expect, it } from 'vitest'
import { errorText, isApiError, mapServerErrors, normalizeFieldPath } from './errors'

describe('errorText', () => {
  it('turns validation keys into text with the field label', () => {
    expect(errorText('v.required', 'zh', '角色名称')).toBe('请输入角色名称')
    expect(errorText('v.required', 'en', 'role name')).toBe('Please enter role name')
    expect(errorText('v.tooLong:30', 'zh', '角色名称')).toBe('角色名称最多30个字符')
    expect(errorText('v.repeat:edit', 'zh', '功能')).toBe('存在重复项：edit')
    expect(errorText('v.nameStart', 'zh', '名称')).toBe('名称内容不能以特殊字符开头')
  })

  it('keeps server text and unknown keys as they are', () => {
    expect(errorText('名称已存在', 'zh', 'x')).toBe('名称已存在')
    expect(errorText('v.unknownThing', 'zh', 'x')).toBe('v.unknownThing')
    expect(errorText(undefined, 'zh')).toBe('')
  })
})

describe('mapServerErrors', () => {
  const fields = new Set(['roleName', 'sort', 'functionList'])
  const has = (p: string) => fields.has(p.split('.')[0]!)

  it('maps 20001 field errors onto form fields, preferring the key', () => {
    const r = mapServerErrors(
      [
        { field: 'roleName', key: 'v.tooLong:30', message: '角色名称最多30个字符' },
        { field: 'functionList[1].functionAction', key: 'v.action', message: 'x' },
        { field: 'roleName', key: 'v.required', message: 'second error for the same field is dropped' },
      ],
      has,
    )
    expect(r.fields).toEqual([
      { name: 'roleName', message: 'v.tooLong:30' },
      { name: 'functionList.1.functionAction', message: 'v.action' },
    ])
    expect(r.form).toEqual([])
  })

  it('puts errors of unknown fields above the form, with the server message', () => {
    const r = mapServerErrors(
      [
        { field: 'roleId', key: 'v.invalid', message: 'roleId 格式不正确' },
        { field: '', key: '', message: '参数不合法' },
      ],
      has,
    )
    expect(r.fields).toEqual([])
    expect(r.form).toEqual(['roleId 格式不正确', '参数不合法'])
  })

  it("shows the gateway's own sentence for a bare 'invalid', but translates the plain one", () => {
    const r = mapServerErrors(
      [
        { field: 'sort', key: 'v.invalid', message: '限额不能小于现有账号数（3个）' },
        { field: 'roleName', key: 'v.invalid', message: '格式不正确' },
      ],
      has,
    )
    expect(r.fields).toEqual([
      { name: 'sort', message: '限额不能小于现有账号数（3个）' },
      { name: 'roleName', message: 'v.invalid' },
    ])
  })

  it('tolerates data that is not a list', () => {
    expect(mapServerErrors(null, has)).toEqual({ fields: [], form: [] })
    expect(mapServerErrors([null, 3, {}], has)).toEqual({ fields: [], form: [] })
  })

  it('normalises bracket paths', () => {
    expect(normalizeFieldPath('a[0].b[12]')).toBe('a.0.b.12')
  })
})

describe('isApiError', () => {
  it('recognises the client error shape', () => {
    expect(isApiError({ code: 20001, data: [], kind: 'code' })).toBe(true)
    expect(isApiError(new Error('x'))).toBe(false)
  })
})
