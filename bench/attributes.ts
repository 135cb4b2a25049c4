/**
 * Extension attributes and the bill of quantities (issue 13 part B), in-process:
 *   - a form of 50 items × 1,000 nodes: the schema built from the items and the values validated
 *     (what the console's form and attrValue/save do per node); anchor: hand-written type checks;
 *   - the BOQ roll-up of 20,000 items on a 5,000-node container tree (depth 5) and 500 design units;
 *     anchor: one plain sum of the same amounts.
 * Prints `name: total=… ms p50=… ms` lines read by bench/index.ts.
 */
import { attributeValuesSchema, type AttrItemType } from '../src/contract/schemas/attributes'
import { rollUp } from '../server/modules/attributes/boq'

const ITEMS = Number(process.env.BENCH_ATTR_ITEMS ?? 50)
const NODES = Number(process.env.BENCH_ATTR_NODES ?? 1000)
const BOQ = Number(process.env.BENCH_BOQ_ITEMS ?? 20_000)
const RUNS = Number(process.env.BENCH_ATTR_RUNS ?? 7)

const TYPES: AttrItemType[] = ['text', 'number', 'date', 'select', 'multiSelect', 'boolean']
const items = Array.from({ length: ITEMS }, (_, i) => ({
  itemCode: `i${i}`,
  itemType: TYPES[i % TYPES.length]!,
  required: i % 3 === 0,
  options: ['甲', '乙', '丙', '丁'],
}))
const valueOf = (t: AttrItemType, n: number): unknown =>
  t === 'text'
    ? `值${n}`
    : t === 'number'
      ? `${n}.25`
      : t === 'date'
        ? '2026-03-01'
        : t === 'select'
          ? '乙'
          : t === 'multiSelect'
            ? ['甲', '丙']
            : n % 2 === 0
const forms = Array.from({ length: NODES }, (_, n) => Object.fromEntries(items.map((i) => [i.itemCode, valueOf(i.itemType, n)])))

function timed(fn: () => void): number[] {
  const out: number[] = []
  for (let r = 0; r < RUNS; r++) {
    const t0 = performance.now()
    fn()
    out.push(performance.now() - t0)
  }
  return out.sort((a, b) => a - b)
}
const p50 = (xs: number[]) => xs[Math.floor(xs.length / 2)]!
const line = (name: string, xs: number[]) => console.log(`${name}: p50=${p50(xs).toFixed(2)} ms min=${xs[0]!.toFixed(2)} ms`)

let failures = 0
let round = 0
line(
  `first validation after the items changed (a new schema, built and parsed once)`,
  timed(() => {
    const fresh = items.map((i) => ({ ...i, itemCode: `${i.itemCode}r${round}` }))
    round++
    const values = Object.fromEntries(fresh.map((i, k) => [i.itemCode, forms[0]![items[k]!.itemCode]]))
    if (!attributeValuesSchema(fresh).safeParse(values).success) failures++
  }),
)
line(
  `validate ${ITEMS} items × ${NODES} nodes (schema looked up per node)`,
  timed(() => {
    for (const values of forms) if (!attributeValuesSchema(items).safeParse(values).success) failures++
  }),
)
const once = attributeValuesSchema(items)
line(
  `validate ${ITEMS} items × ${NODES} nodes (schema built once)`,
  timed(() => {
    for (const values of forms) if (!once.safeParse(values).success) failures++
  }),
)
line(
  `hand-written checks ${ITEMS} items × ${NODES} nodes (anchor)`,
  timed(() => {
    for (const values of forms)
      for (const i of items) {
        const v = values[i.itemCode]
        const good =
          i.itemType === 'multiSelect'
            ? Array.isArray(v) && v.every((x) => i.options.includes(x as string))
            : i.itemType === 'boolean'
              ? typeof v === 'boolean'
              : typeof v === 'string' && (i.itemType !== 'select' || i.options.includes(v))
        if (!good) failures++
      }
  }),
)
if (failures) throw new Error(`${failures} forms did not validate`)

// a container tree: 5 levels, fan-out chosen to reach ~5,000 nodes; paths '/a/b/c/'
const paths = new Map<string, string>()
const ids: string[] = []
let level: { id: string; path: string }[] = [{ id: 'root', path: '/root/' }]
paths.set('root', '/root/')
ids.push('root')
for (let depth = 1; depth < 5 && ids.length < 5000; depth++) {
  const next: { id: string; path: string }[] = []
  for (const p of level)
    for (let k = 0; k < 8 && ids.length < 5000; k++) {
      const id = `${p.id}.${k}`
      const path = `${p.path}${id}/`
      paths.set(id, path)
      ids.push(id)
      next.push({ id, path })
    }
  level = next
}
const unitContainer = new Map(Array.from({ length: 500 }, (_, u) => [`du${u}`, ids[(u * 7) % ids.length]!]))
// 20,000 items grouped per node as the SQL answers them (one row per node with its sum and count)
const perNode = new Map<string, { containerId: string | null; designUnitId: string | null; cents: number; count: number }>()
for (let i = 0; i < BOQ; i++) {
  const unit = i % 10 === 0
  const key = unit ? `du${i % 500}` : ids[(i * 13) % ids.length]!
  const row = perNode.get(key) ?? { containerId: unit ? null : key, designUnitId: unit ? key : null, cents: 0, count: 0 }
  row.cents += 12345 + (i % 1000)
  row.count++
  perNode.set(key, row)
}
const own = [...perNode.values()].map((r) => ({ ...r, amount: (r.cents / 100).toFixed(2) }))
let total = ''
line(
  `BOQ roll-up of ${BOQ} items on ${ids.length} containers + 500 design units`,
  timed(() => {
    total = rollUp(own, paths, unitContainer).total
  }),
)
let plain = 0
line(
  `plain sum of the same ${own.length} node amounts (anchor)`,
  timed(() => {
    plain = 0
    for (const r of own) plain += Math.round(Number(r.amount) * 100)
  }),
)
if (total !== (plain / 100).toFixed(2)) throw new Error(`roll-up total ${total} ≠ ${(plain / 100).toFixed(2)}`)
console.log(`BOQ project total ${total} over ${own.length} nodes with items`)
