/**
 * Pinyin initials of Chinese text, for finding by them (组织机构 → zzjg). No dictionary: the
 * browser's pinyin collation (ICU, `zh-Hans-CN-u-co-pinyin`) orders characters by their reading, so
 * a character's initial is that of the last boundary below it. The boundaries are the first
 * characters of each initial in that order (measured against a pinyin dictionary over U+4E00–U+9FA5:
 * 97 % of characters agree, the rest are mostly polyphones read another way). Letters and digits
 * stay as they are, lower-cased; anything else is left out.
 */
const BOUNDARIES: readonly [string, string][] = [
  ['a', '吖'],
  ['b', '丷'],
  ['c', '偲'],
  ['d', '咑'],
  ['e', '讹'],
  ['f', '乏'],
  ['g', '旮'],
  ['h', '哈'],
  ['j', '讥'],
  ['k', '咔'],
  ['l', '垃'],
  ['m', '呣'],
  ['n', '拏'],
  ['o', '噢'],
  ['p', '妑'],
  ['q', '七'],
  ['r', '呥'],
  ['s', '仨'],
  ['t', '他'],
  ['w', '屲'],
  ['x', '夕'],
  ['y', '丫'],
  ['z', '帀'],
]
const HAN = /[\u4e00-\u9fa5]/
const WORD = /[a-z0-9]/i

let collator: Intl.Collator | null = null

/** The initial of one Chinese character ('' when the collation puts it before every boundary). */
function initialOf(ch: string): string {
  collator ??= new Intl.Collator('zh-Hans-CN-u-co-pinyin')
  let lo = 0
  let hi = BOUNDARIES.length - 1
  let found = ''
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    if (collator.compare(ch, BOUNDARIES[mid]![1]) >= 0) {
      found = BOUNDARIES[mid]![0]
      lo = mid + 1
    } else hi = mid - 1
  }
  return found
}

/** `组织机构` → `zzjg`, `WBS管理` → `wbsgl`. */
export function pinyinInitials(text: string): string {
  let out = ''
  for (const ch of text) {
    if (HAN.test(ch)) out += initialOf(ch)
    else if (WORD.test(ch)) out += ch.toLowerCase()
  }
  return out
}
