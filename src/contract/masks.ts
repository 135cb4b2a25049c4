/** How ID and cellphone numbers are shown where they are not to be read in full (lists, local copies). */

/** 110***********1234 */
export const maskIdCard = (v: string | null): string | null =>
  v ? (v.length > 7 ? `${v.slice(0, 3)}${'*'.repeat(v.length - 7)}${v.slice(-4)}` : '*'.repeat(v.length)) : v
/** 138****5678 */
export const maskCellphone = (v: string | null): string | null =>
  v ? (v.length > 7 ? `${v.slice(0, 3)}${'*'.repeat(v.length - 7)}${v.slice(-4)}` : '*'.repeat(v.length)) : v
