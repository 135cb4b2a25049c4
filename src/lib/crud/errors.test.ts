import { beforeAll, describe, expect, it } from 'vitest'
import { loadBothLanguages } from '@/lib/i18n'
import { createFormControl } from 'react-hook-form'
import { applyRefusal, errorText, isApiError, mapServerErrors, normalizeFieldPath } from './errors'

// these texts are read in both languages: the console loads a language's catalogues when it shows it
beforeAll(() => loadBothLanguages())

describe('errorText', () => {
  it('turns validation keys into text with the field label', () => {
    expect(errorText('v.required', 'zh', '角色名称')).toBe('请输入角色名称')
    expect(errorText('v.required', 'en', 'role name')).toBe('Please enter the role name')
    expect(errorText('v.required', 'en', 'Account name')).toBe('Please enter the account name')
    expect(errorText('v.required', 'en', 'ID number')).toBe('Please enter the ID number')
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

describe('applyRefusal', () => {
  /** A real react-hook-form form (no React needed) with the given values. */
  const formOf = (values: Record<string, unknown>) => createFormControl({ defaultValues: values })
  const refusal = (code: number, data: unknown, message = '') => ({ code, data, kind: 'code' as const, message })
  const errorOf = (form: ReturnType<typeof formOf>, name: string) => form.getFieldState(name).error?.message

  it('puts 20001 field errors on their fields, bracket paths included, and nothing above the form', () => {
    const form = formOf({ roleName: '', sort: 1, functionList: [{ functionAction: '' }, { functionAction: '' }] })
    const above = applyRefusal(
      form,
      refusal(20001, [
        { field: 'roleName', key: 'v.tooLong:30', message: '角色名称最多30个字符' },
        { field: 'functionList[1].functionAction', key: 'v.action', message: 'x' },
      ]),
    )
    expect(above).toEqual([])
    expect(errorOf(form, 'roleName')).toBe('v.tooLong:30')
    expect(errorOf(form, 'functionList.1.functionAction')).toBe('v.action')
    expect(errorOf(form, 'sort')).toBeUndefined()
  })

  it("keeps the gateway's own sentence for a bare 'invalid' on the field", () => {
    const form = formOf({ accountLimit: '2' })
    expect(
      applyRefusal(
        form,
        refusal(20001, [{ field: 'accountLimit', key: 'v.invalid', message: '限额不能小于现有账号数（3个）' }], '参数不合法'),
      ),
    ).toEqual([])
    expect(errorOf(form, 'accountLimit')).toBe('限额不能小于现有账号数（3个）')
  })

  it('returns errors of fields the form lacks as text, and the message of a 20001 without fields', () => {
    const form = formOf({ name: '' })
    expect(applyRefusal(form, refusal(20001, [{ field: 'roleId', key: 'v.invalid', message: 'roleId 格式不正确' }], '参数不合法'))).toEqual(
      ['roleId 格式不正确'],
    )
    expect(applyRefusal(form, refusal(20001, null, '参数不合法'))).toEqual(['参数不合法'])
    expect(applyRefusal(form, refusal(20001, null), { fallback: '提交失败' })).toEqual(['提交失败'])
    expect(errorOf(form, 'name')).toBeUndefined()
  })

  it('maps paths with toField and asks hasField which are fields', () => {
    const form = formOf({ educations: [{ school: '' }] })
    const above = applyRefusal(form, refusal(20001, [{ field: 'items[0].school', key: 'v.required', message: '请输入学校' }]), {
      toField: (p) => p.replace(/^items(?=\.|$)/, 'educations'),
    })
    expect(above).toEqual([])
    expect(errorOf(form, 'educations.0.school')).toBe('v.required')

    const only = formOf({ a: '', b: '' })
    expect(
      applyRefusal(only, refusal(20001, [{ field: 'b', key: 'v.required', message: '请输入B' }]), { hasField: (p) => p === 'a' }),
    ).toEqual(['请输入B'])
    expect(errorOf(only, 'b')).toBeUndefined()
  })

  it('puts a 20006 duplicate on its field with the gateway sentence, else above the form', () => {
    const form = formOf({ roleId: 'r1', roleName: '' })
    expect(applyRefusal(form, refusal(20006, { field: 'roleName', value: '管理员' }, '角色名称已存在'))).toEqual([])
    expect(errorOf(form, 'roleName')).toBe('角色名称已存在')

    const other = formOf({ roleId: 'r1', roleName: '' })
    expect(applyRefusal(other, refusal(20006, { field: 'roleId' }, '编号已存在'), { notOn: ['roleId'] })).toEqual(['编号已存在'])
    expect(applyRefusal(other, refusal(20006, { field: 'code' }, '编码已存在'))).toEqual(['编码已存在'])
    expect(applyRefusal(other, refusal(20006, null), { fallback: '数据已存在' })).toEqual(['数据已存在'])
    expect(errorOf(other, 'roleId')).toBeUndefined()
  })

  it('gives any other refusal its message, and null for what is not a refusal', () => {
    const form = formOf({ name: '' })
    expect(applyRefusal(form, refusal(20021, null, '邀请已失效'))).toEqual(['邀请已失效'])
    expect(applyRefusal(form, { code: 0, data: null, kind: 'network', message: '网络错误' })).toBeNull()
    expect(applyRefusal(form, new Error('x'))).toBeNull()
  })
})
