/**
 * The version's sheet as an HTML table: merges as spans (covered cells skipped), column widths and
 * row heights, styles, fixed values and formulas (./sheet). A fill-in cell the caller may edit holds a
 * control by its kind (a form field named by its address, ≥ 44 px high), labelled by the cell's label;
 * the others show their value. Required cells carry a mark. A long sheet draws the rows near the
 * viewport only (./rowWindow); the print draws them all.
 */
import { memo, useMemo, useRef } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { DictNode } from '@/contract/schemas/dictionary'
import { colName, parseAddress, type TabFillIn, type TabFillInKind, type TabSheet } from '@/contract/schemas/tabulation'
import { type FieldOption } from '@/lib/crud'
import { FormField } from '@/lib/crud/forms'
import { ImageThumb } from '@/lib/files'
import { useT } from '@/lib/i18n'
import { cn } from '@/lib/utils'
import { choiceDictQueryOptions, personChoicesQueryOptions, projectWorkSitesQueryOptions } from '../queries'
import { cellCss, colPx, rowPx } from '../sheetStyle'
import { layout, sheetValues, type Slot } from './sheet'
import { useRowWindow } from './rowWindow'
import type { FormCells } from './values'

/** Least width (px) of an editable cell's control, by kind. */
const CONTROL_WIDTH: Record<TabFillInKind, number> = {
  text: 96,
  number: 80,
  date: 150,
  choice: 120,
  person: 160,
  signature: 180,
  photos: 220,
}

const NO_CELLS: unknown[] = []
/** A row holding a control is at least this high (the control's 44 px and the cell's padding), before it is measured. */
const CONTROL_ROW_PX = 49
/** Sheets longer than this draw the rows near the viewport only (./rowWindow). */
const WINDOW_FROM = 60

export function SheetTable({
  sheet,
  values,
  editable,
  clashes,
  projectId,
  onTouched,
  whole = false,
}: {
  sheet: TabSheet
  values: FormCells
  editable: ReadonlySet<string>
  clashes: readonly string[]
  projectId: string
  onTouched: (address: string) => void
  /** Every row drawn (the print), not only those near the viewport. */
  whole?: boolean
}) {
  const rows = useMemo(() => layout(sheet), [sheet])
  const estimates = useMemo(
    () =>
      rows.map((slots, r) =>
        Math.max(
          rowPx(sheet.rowHeights[String(r + 1)]),
          slots.some(({ address }) => sheet.fillIns[address] && editable.has(address)) ? CONTROL_ROW_PX : 0,
        ),
      ),
    [rows, sheet, editable],
  )
  const tableRef = useRef<HTMLTableElement>(null)
  const win = useRowWindow(tableRef, rows, estimates, !whole && rows.length > WINDOW_FROM)
  const widths = useMemo(() => {
    const w = Array.from({ length: sheet.cols }, (_, i) => colPx(sheet.colWidths[colName(i + 1)]))
    // a control needs its room on screen: a column narrower than its editable cells' controls widens (the print keeps the template's)
    for (const slots of rows)
      for (const { address, colSpan } of slots) {
        const f = sheet.fillIns[address]
        if (!f || !editable.has(address)) continue
        const col = parseAddress(address)!.col
        const need = CONTROL_WIDTH[f.kind]
        const have = w.slice(col - 1, col - 1 + colSpan).reduce((a, b) => a + b, 0)
        if (have < need) w[col - 1 + colSpan - 1]! += need - have
      }
    return w
  }, [sheet, rows, editable])
  const total = widths.reduce((a, b) => a + b, 0)
  const options = useChoiceOptions(sheet, projectId)
  // rows without fill-in cells or formulas show the same whatever is typed: their texts are made once
  const fixed = useMemo(() => {
    const shownFixed = sheetValues(sheet, {})
    return rows.map((slots) =>
      slots.some(({ address }) => sheet.fillIns[address] || sheet.cells[address]?.f)
        ? null
        : slots.map(({ address }) => shownFixed(address)),
    )
  }, [rows, sheet])
  const shown = sheetValues(sheet, values as never)
  return (
    <table
      ref={tableRef}
      className="tab-sheet border-collapse text-[11pt] text-black"
      style={{ tableLayout: 'fixed', width: total }}
      aria-rowcount={rows.length}
      data-sheet
    >
      <colgroup>
        {widths.map((w, i) => (
          <col key={i} style={{ width: w }} />
        ))}
      </colgroup>
      <tbody>
        {win.before > 0 && <Spacer height={win.before} cols={sheet.cols} />}
        {rows.slice(win.first, win.last).map((slots, i) => {
          const r = win.first + i
          // what the row shows: it renders again only when that changed (a key press re-renders one row, and the formulas' rows)
          const texts = fixed[r] ?? slots.map(({ address }) => shown(address))
          const cells = fixed[r] ? NO_CELLS : slots.map(({ address }) => (sheet.fillIns[address] ? values[address] : undefined))
          return (
            <SheetRow
              key={r}
              row={r + 1}
              slots={slots}
              sheet={sheet}
              texts={texts}
              cells={cells}
              signature={fixed[r] ? '' : JSON.stringify([texts, cells])}
              editable={editable}
              clashes={clashes}
              options={options}
              onTouched={onTouched}
            />
          )
        })}
        {win.after > 0 && <Spacer height={win.after} cols={sheet.cols} />}
      </tbody>
    </table>
  )
}

/** The height of rows not drawn (./rowWindow). */
const Spacer = ({ height, cols }: { height: number; cols: number }) => (
  <tr aria-hidden>
    <td colSpan={cols} className="p-0" style={{ height }} />
  </tr>
)

interface SheetRowProps {
  row: number
  slots: Slot[]
  sheet: TabSheet
  /** The text each slot shows, and a fill-in cell's value. */
  texts: string[]
  cells: unknown[]
  /** Both as one string: the row's memo compares it. */
  signature: string
  editable: ReadonlySet<string>
  clashes: readonly string[]
  options: Record<string, FieldOption[]>
  onTouched: (address: string) => void
}

const SheetRow = memo(
  function SheetRow({ row, slots, sheet, texts, cells, editable, clashes, options, onTouched }: SheetRowProps) {
    const { t } = useT()
    return (
      <tr style={{ height: rowPx(sheet.rowHeights[String(row)]) }} data-row={row - 1} aria-rowindex={row}>
        {slots.map(({ address, rowSpan, colSpan }, i) => {
          const cell = sheet.cells[address]
          const fillIn = sheet.fillIns[address]
          const mine = !!fillIn && editable.has(address)
          const clash = clashes.includes(address)
          return (
            <td
              key={address}
              rowSpan={rowSpan > 1 ? rowSpan : undefined}
              colSpan={colSpan > 1 ? colSpan : undefined}
              data-cell={address}
              title={fillIn ? fillIn.label : undefined}
              className={cn(
                'relative overflow-hidden px-1 align-middle',
                fillIn && 'tab-fill-in',
                mine && 'bg-sky-50/70 p-0.5 [&_button]:min-h-11 [&_input]:min-h-11',
                clash && 'outline outline-2 -outline-offset-2 outline-amber-500',
              )}
              style={{ whiteSpace: 'pre', ...cellCss(cell?.s) }}
              onInput={clash ? () => onTouched(address) : undefined}
            >
              {fillIn?.required && mine && (
                <span className="tab-required absolute right-0.5 top-0 text-xs font-bold text-destructive" aria-hidden>
                  *
                </span>
              )}
              {fillIn && mine ? (
                <CellControl address={address} fillIn={fillIn} options={options[address]} />
              ) : fillIn ? (
                <CellValue fillIn={fillIn} value={cells[i]} text={texts[i]!} options={options[address]} />
              ) : (
                texts[i]
              )}
              {clash && <span className="sr-only">{t('tabulation.fill.clash')}</span>}
            </td>
          )
        })}
      </tr>
    )
  },
  (a, b) =>
    a.signature === b.signature &&
    a.slots === b.slots &&
    a.sheet === b.sheet &&
    a.editable === b.editable &&
    a.clashes === b.clashes &&
    a.options === b.options,
)

/** The choices of the sheet's choice and person cells, by address (sources read once, cached). */
function useChoiceOptions(sheet: TabSheet, projectId: string): Record<string, FieldOption[]> {
  const kinds = new Set<string>()
  for (const f of Object.values(sheet.fillIns)) {
    if (f.kind === 'choice' && f.source) kinds.add(f.source)
    if (f.kind === 'person') kinds.add('person')
  }
  const ebs = useQuery({ ...choiceDictQueryOptions('ebs'), enabled: kinds.has('ebs') })
  const wbs = useQuery({ ...choiceDictQueryOptions('wbs'), enabled: kinds.has('wbs') })
  const quantity = useQuery({ ...choiceDictQueryOptions('quantity'), enabled: kinds.has('quantity') })
  const sites = useQuery({ ...projectWorkSitesQueryOptions(projectId), enabled: kinds.has('workSite') })
  const persons = useQuery({ ...personChoicesQueryOptions(), enabled: kinds.has('person') })
  // one object while the sources' answers stay the same (the rows' memo compares it)
  return useMemo(() => {
    const dict = (nodes: readonly DictNode[] | undefined): FieldOption[] =>
      (nodes ?? []).filter((n) => n.status === 1).map((n) => ({ value: n.nodeId, label: `${n.nodeName}（${n.nodeCode}）` }))
    const bySource: Record<string, FieldOption[]> = {
      ebs: dict(ebs.data),
      wbs: dict(wbs.data),
      quantity: dict(quantity.data),
      workSite: (sites.data ?? []).map((s) => ({ value: s.workSiteId, label: s.workSiteName })),
      person: (persons.data ?? []).map((a) => ({
        value: a.accountId,
        label: a.userName ? `${a.userName}（${a.accountName}）` : a.accountName,
        group: a.organizationName ?? undefined,
      })),
    }
    const out: Record<string, FieldOption[]> = {}
    for (const [a, f] of Object.entries(sheet.fillIns)) {
      if (f.kind === 'choice') out[a] = f.options ? f.options.map((o) => ({ value: o, label: o })) : (bySource[f.source!] ?? [])
      if (f.kind === 'person') out[a] = bySource.person!
    }
    return out
  }, [sheet, ebs.data, wbs.data, quantity.data, sites.data, persons.data])
}

function CellControl({ address, fillIn, options }: { address: string; fillIn: TabFillIn; options?: FieldOption[] }) {
  const common = { name: address, label: fillIn.label, hideLabel: true, required: fillIn.required, className: 'min-w-0 gap-0' }
  switch (fillIn.kind) {
    case 'text':
      return <FormField {...common} kind={fillIn.multiline ? 'textarea' : 'text'} maxLength={fillIn.max} placeholder="" />
    case 'number':
      return <FormField {...common} kind={fillIn.precision > 0 ? 'decimal' : 'number'} placeholder="" />
    case 'date':
      return <FormField {...common} kind="date" />
    case 'choice':
    case 'person':
      return <FormField {...common} kind="select" options={options ?? []} placeholder="" />
    case 'signature':
      return <FormField {...common} kind="file" purpose="signature" />
    case 'photos':
      return <FormField {...common} kind="file" purpose="photo" multiple maxFiles={fillIn.max} />
  }
}

/** A fill-in cell the caller may not edit (or a submitted sheet): its value as text, images for signatures and photos. */
function CellValue({ fillIn, value, text, options }: { fillIn: TabFillIn; value: unknown; text: string; options?: FieldOption[] }) {
  if (fillIn.kind === 'signature')
    return typeof value === 'string' ? <ImageThumb fileId={value} alt={fillIn.label} className="mx-auto max-h-16 w-auto" /> : null
  if (fillIn.kind === 'photos')
    return Array.isArray(value) ? (
      <span className="flex flex-wrap gap-1">
        {(value as string[]).map((id) => (
          <ImageThumb key={id} fileId={id} alt={fillIn.label} className="size-14 rounded object-cover" />
        ))}
      </span>
    ) : null
  if ((fillIn.kind === 'choice' && !fillIn.options) || fillIn.kind === 'person') {
    const label = options?.find((o) => o.value === value)?.label
    return <>{label ?? ''}</>
  }
  return <>{text}</>
}
