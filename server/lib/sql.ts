/** Small SQL helpers shared by every module. */

/** Escapes LIKE's wildcards (\ % _) in user text. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

/** A LIKE / ILIKE pattern: the text anywhere in the value, its wildcards taken literally. */
export const likeEscape = (s: string) => `%${escapeLike(s)}%`

/** A LIKE pattern: values that start with the text (can use a btree index on a "C"-collated column). */
export const likePrefix = (s: string) => `${escapeLike(s)}%`
