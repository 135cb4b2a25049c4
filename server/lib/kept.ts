/**
 * What a gateway keeps of records that never change once written (a published sheet version, a
 * deployed process model), by id: the latest `limit` asked for, each loaded once — callers at the same
 * time share the load, and a load that fails is not kept. Such an id is new on every write, so every
 * gateway's copy is the database's.
 */
export function keptById<A extends unknown[], T>(limit: number, load: (id: string, ...rest: A) => Promise<T>) {
  const kept = new Map<string, Promise<T>>()
  return (id: string, ...rest: A): Promise<T> => {
    let hit = kept.get(id)
    if (hit)
      kept.delete(id) // kept again below as the latest asked for
    else {
      hit = load(id, ...rest)
      hit.catch(() => kept.delete(id))
    }
    kept.set(id, hit)
    if (kept.size > limit) kept.delete(kept.keys().next().value!)
    return hit
  }
}
