/**
 * The data dictionary's items as choices (issue 33; SPEC §7 `dictionary`): a key's items read once
 * (`dictionary/items?key=`, cached offline with the other option sources, src/contract/offline.ts) —
 * the enabled ones as a select's options, every one's label in the current language. Declared fields
 * of a dictionary key read their options here (lib/crud/DeclaredField); the data dictionary screen
 * refetches them after a change.
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { DictionaryKey } from '@/contract/fields'
import { DATA_DICT_API, type DictionaryItem } from '@/contract/schemas/dataDictionary'
import { http } from '@/lib/http'
import { useT } from '@/lib/i18n'

export const dictionaryItemKeys = {
  all: () => ['dictionaryItems'] as const,
  items: (key: string) => ['dictionaryItems', key] as const,
}

/** Every item of a key (the disabled ones too: a record may still hold one), in order. */
export const dictionaryItemsQueryOptions = (key: string) =>
  queryOptions({
    queryKey: dictionaryItemKeys.items(key),
    queryFn: ({ signal }) => http.get<DictionaryItem[]>(DATA_DICT_API.items, { key, all: '1' }, { signal }),
    staleTime: 60_000,
  })

export interface DictionaryChoices {
  /** The enabled items as a select's options. */
  options: { value: string; label: string }[]
  /** A code's label in the current language (the code itself when the key has no such item). */
  labelOf: (code: string) => string
}

export function useDictionary(key: DictionaryKey): DictionaryChoices {
  const { locale } = useT()
  const { data = [] } = useQuery(dictionaryItemsQueryOptions(key))
  const label = (i: DictionaryItem) => (locale === 'en' ? i.labelEn : i.label)
  const byCode = new Map(data.map((i) => [i.code, i]))
  return {
    options: data.filter((i) => i.enabled).map((i) => ({ value: i.code, label: label(i) })),
    labelOf: (code) => {
      const i = byCode.get(code)
      return i ? label(i) : code
    },
  }
}
