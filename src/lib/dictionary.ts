/**
 * The data dictionary's items as choices (issue 33; SPEC §7 `dictionary`): a key's items read once
 * (`dictionary/items?key=`, cached offline with the other option sources, src/contract/offline.ts) —
 * the enabled ones as a select's options, every one's label in the current language. Declared fields
 * of a dictionary key read their options here (lib/crud/DeclaredField); the data dictionary screen
 * refetches them after a change. Outside React (the outbox's lines), `dictionaryLabel` reads the
 * items already cached.
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { DictionaryKey } from '@/contract/fields'
import { DATA_DICT_API } from '@/contract/endpoints'
import type { DictionaryItem } from '@/contract/schemas/dataDictionary'
import { http } from '@/lib/http'
import { localeStore, useT, type Locale } from '@/lib/i18n'
import { queryClient } from '@/lib/query'

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

function choicesOf(items: readonly DictionaryItem[], locale: Locale): DictionaryChoices {
  const label = (i: DictionaryItem) => (locale === 'en' ? i.labelEn : i.label)
  const byCode = new Map(items.map((i) => [i.code, i]))
  return {
    options: items.filter((i) => i.enabled).map((i) => ({ value: i.code, label: label(i) })),
    labelOf: (code) => {
      const i = byCode.get(code)
      return i ? label(i) : code
    },
  }
}

/** A key's choices, the same object until its items or the language change. */
export function useDictionary(key: DictionaryKey): DictionaryChoices {
  const { locale } = useT()
  const { data } = useQuery(dictionaryItemsQueryOptions(key))
  return useMemo(() => choicesOf(data ?? [], locale), [data, locale])
}

/** A code's label in the current language from the key's items as already read (the code itself when they are not). */
export function dictionaryLabel(key: DictionaryKey, code: string): string {
  const items = queryClient.getQueryData<DictionaryItem[]>(dictionaryItemKeys.items(key)) ?? []
  return choicesOf(items, localeStore.get()).labelOf(code)
}
