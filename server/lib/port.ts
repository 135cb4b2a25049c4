/**
 * A port: what one module asks of another that it may not import (the other imports it, so an import
 * would make a cycle). The answering module sets it once at start (the `ports` step of
 * server/modules/index.ts); asking before that is a programming error, said in words.
 *
 *   const roles = definePort<UnitRoles>('the organisation module asked about roles')
 *   export const setUnitRoles = roles.set
 *   export const rolesOfUnit = (db: Db, id: string) => roles.get().rolesOfUnit(db, id)
 */
export interface Port<T> {
  set: (impl: T) => void
  get: () => T
}

export function definePort<T>(asking: string): Port<T> {
  let impl: T | null = null
  return {
    set: (p) => {
      impl = p
    },
    get: () => {
      if (impl === null) throw new Error(`${asking} before the answering module set its port`)
      return impl
    },
  }
}
