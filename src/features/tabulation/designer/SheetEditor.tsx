/**
 * The spreadsheet editor of the designer: jspreadsheet-ce (MIT, ~130 KB gz, this chunk only) in a
 * div, created once from the template's grid. It edits values, formulas, merges, styles, widths
 * and heights; our context menu (i18n) inserts and deletes rows and columns and merges. Fill-in
 * cells are painted over it (a class on their cells) from the designer's state; rows and columns
 * inserted or deleted are reported so that state moves with them. `read()` hands the grid back
 * for ./grid's fromGrid.
 */
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react'
import jspreadsheet from 'jspreadsheet-ce'
import 'jsuites/dist/jsuites.css'
import 'jspreadsheet-ce/dist/jspreadsheet.css'
import { addressOf, parseAddress, type CellRange } from '@/contract/schemas/tabulation'
import { useT } from '@/lib/i18n'
import { NUMFMT_PROP } from '../sheetStyle'
import type { CellStyleRead, GridInit, GridRead } from './grid'

type Worksheet = jspreadsheet.WorksheetInstance

export interface SheetEditorHandle {
  read: () => GridRead
  /** Sets (or, when every selected cell has it already, clears) one CSS property on the selected cells. */
  style: (prop: string, value: string, toggle?: boolean) => void
  merge: () => void
  unmerge: () => void
  /** Re-applies the fill-in marks (after the fill-in cells changed). */
  paint: (fillIns: ReadonlySet<string>) => void
}

export interface SheetEditorProps {
  init: GridInit
  fillIns: ReadonlySet<string>
  /** The selection (1-based, corners in order). */
  onSelect: (range: CellRange) => void
  /** Rows or columns inserted (count > 0) before 1-based `at`, or deleted (count < 0) from it. */
  onStructure: (axis: 'row' | 'col', at: number, count: number) => void
  onChange: () => void
}

const FILL_CLASS = 'tab-fill-in'

export const SheetEditor = forwardRef<SheetEditorHandle, SheetEditorProps>(function SheetEditor(
  { init, fillIns, onSelect, onStructure, onChange },
  ref,
) {
  const { t } = useT()
  const host = useRef<HTMLDivElement>(null)
  const ws = useRef<Worksheet | null>(null)
  const sel = useRef<CellRange>({ top: 1, left: 1, bottom: 1, right: 1 })
  // the latest callbacks, for handlers bound once
  const cb = useRef({ onSelect, onStructure, onChange, t })
  cb.current = { onSelect, onStructure, onChange, t }

  const paint = (marked: ReadonlySet<string>) => {
    const w = ws.current
    if (!w) return
    for (const row of w.records) for (const cell of row) cell.element.classList.remove(FILL_CLASS)
    for (const a of marked) elementAt(w, a)?.classList.add(FILL_CLASS)
  }
  const paintRef = useRef(paint)
  paintRef.current = paint

  useEffect(() => {
    const el = host.current
    if (!el) return
    const tr = cb.current.t
    jspreadsheet.setDictionary({
      'The merged cells will retain the value of the top-left cell only. Are you sure?': tr('tabulation.designer.confirmMerge'),
      'This action will destroy any existing merged cells. Are you sure?': tr('tabulation.designer.confirmDestroyMerge'),
      'Are you sure to delete the selected rows?': tr('tabulation.designer.confirmDeleteRows'),
      'Are you sure to delete the selected columns?': tr('tabulation.designer.confirmDeleteCols'),
    })
    const structure = (axis: 'row' | 'col', indexes: number[], sign: 1 | -1) => {
      if (!indexes.length) return
      cb.current.onStructure(axis, Math.min(...indexes) + 1, sign * indexes.length)
      cb.current.onChange()
    }
    const [sheet] = jspreadsheet(el, {
      tabs: false,
      toolbar: false,
      about: false,
      allowExport: false,
      worksheets: [
        {
          data: init.data,
          minDimensions: [init.colWidths.length, init.data.length],
          // 'start': the browser's default alignment, which ./grid reads as none (jspreadsheet writes an alignment on every cell)
          columns: init.colWidths.map((width) => ({ type: 'text', width, align: 'start' as 'left' })),
          rows: Object.fromEntries(Object.entries(init.rowHeights).map(([r, h]) => [r, { height: h }])),
          mergeCells: init.mergeCells,
          style: init.style,
          wordWrap: false,
          allowComments: false,
          columnSorting: false,
          tableOverflow: true,
          tableWidth: '100%',
          tableHeight: '100%',
        },
      ],
      contextMenu: (w, _col, _row, _e, _items, role) => {
        const s = sel.current
        const rows = s.bottom - s.top + 1
        const cols = s.right - s.left + 1
        const tt = cb.current.t
        if (role !== 'cell' && role !== 'row' && role !== 'header') return []
        return [
          { title: tt('tabulation.designer.menu.rowAbove'), onclick: () => w.insertRow(rows, s.top - 1, 1) },
          { title: tt('tabulation.designer.menu.rowBelow'), onclick: () => w.insertRow(rows, s.bottom - 1) },
          { title: tt('tabulation.designer.menu.colLeft'), onclick: () => w.insertColumn(cols, s.left - 1, true) },
          { title: tt('tabulation.designer.menu.colRight'), onclick: () => w.insertColumn(cols, s.right - 1) },
          { type: 'line', title: '' },
          { title: tt('tabulation.designer.menu.deleteRows'), onclick: () => w.deleteRow(s.top - 1, rows) },
          { title: tt('tabulation.designer.menu.deleteCols'), onclick: () => w.deleteColumn(s.left - 1, cols) },
          { type: 'line', title: '' },
          { title: tt('tabulation.designer.merge'), onclick: () => w.setMerge(addressOf(s.top, s.left), cols, rows) },
          { title: tt('tabulation.designer.unmerge'), onclick: () => unmergeIn(w, s) && cb.current.onChange() },
        ]
      },
      onselection: (_w, x1, y1, x2, y2) => {
        const range = { top: Math.min(y1, y2) + 1, left: Math.min(x1, x2) + 1, bottom: Math.max(y1, y2) + 1, right: Math.max(x1, x2) + 1 }
        sel.current = range
        cb.current.onSelect(range)
      },
      onafterchanges: () => cb.current.onChange(),
      onchangestyle: () => cb.current.onChange(),
      onmerge: () => cb.current.onChange(),
      onresizecolumn: () => cb.current.onChange(),
      onresizerow: () => cb.current.onChange(),
      oninsertrow: (_w, rows) =>
        structure(
          'row',
          rows.map((r) => r.row),
          1,
        ),
      ondeleterow: (_w, rows) => structure('row', rows, -1),
      oninsertcolumn: (_w, cols) =>
        structure(
          'col',
          cols.map((c) => c.column),
          1,
        ),
      ondeletecolumn: (_w, cols) => structure('col', cols, -1),
    })
    ws.current = sheet ?? null
    paintRef.current(fillIns)
    return () => {
      ws.current = null
      jspreadsheet.destroy(el as jspreadsheet.JspreadsheetInstanceElement, true)
    }
    // created once: the designer remounts the editor for another template
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useImperativeHandle(ref, () => ({
    read: () => readGrid(ws.current!),
    style: (prop, value, toggle = false) => {
      const w = ws.current
      if (!w) return
      const s = sel.current
      const cells: string[] = []
      for (let r = s.top; r <= s.bottom; r++) for (let c = s.left; c <= s.right; c++) cells.push(addressOf(r, c))
      // the value as the browser keeps it ("#000" reads back as "rgb(0, 0, 0)"), to compare with what cells have
      const probe = document.createElement('div').style
      probe.setProperty(prop, value)
      const kept = probe.getPropertyValue(prop)
      const all = toggle && cells.every((a) => elementAt(w, a)?.style.getPropertyValue(prop) === kept)
      w.setStyle(Object.fromEntries(cells.map((a) => [a, `${prop}: ${all ? '' : value}`])), null, null, true)
      cb.current.onChange()
    },
    // by the selection kept here: a click outside the grid (our toolbar) has already cleared the editor's own
    merge: () => {
      const s = sel.current
      if (s.bottom > s.top || s.right > s.left) ws.current?.setMerge(addressOf(s.top, s.left), s.right - s.left + 1, s.bottom - s.top + 1)
    },
    unmerge: () => {
      if (ws.current && unmergeIn(ws.current, sel.current)) cb.current.onChange()
    },
    paint: (marked) => paintRef.current(marked),
  }))

  return <div ref={host} className="tab-designer-grid min-h-0 flex-1 overflow-hidden" data-testid="sheet-editor" />
})

function elementAt(w: Worksheet, address: string): HTMLElement | undefined {
  const p = parseAddress(address)
  return p ? w.records[p.row - 1]?.[p.col - 1]?.element : undefined
}

/** Removes every merge whose anchor lies in the range; whether there was one. */
function unmergeIn(w: Worksheet, s: CellRange): boolean {
  const merges = (w.getMerge() ?? {}) as Record<string, [number, number]>
  let any = false
  for (const a of Object.keys(merges)) {
    const p = parseAddress(a)
    if (p && p.row >= s.top && p.row <= s.bottom && p.col >= s.left && p.col <= s.right) {
      w.removeMerge(a)
      any = true
    }
  }
  return any
}

function readGrid(w: Worksheet): GridRead {
  const rows = w.records.length
  const cols = w.records[0]?.length ?? 0
  const data: string[][] = []
  for (let r = 0; r < rows; r++) {
    const row: string[] = []
    for (let c = 0; c < cols; c++) {
      const v = w.getValueFromCoords(c, r, false)
      row.push(v === null || v === undefined ? '' : String(v))
    }
    data.push(row)
  }
  const widths = w.getWidth() as (number | string)[]
  const heights: Record<number, number> = {}
  for (let r = 0; r < rows; r++) {
    const h = parseFloat(w.rows[r]?.element.style.height ?? '')
    if (Number.isFinite(h) && h > 0) heights[r] = h
  }
  return {
    data,
    mergeCells: (w.getMerge() ?? {}) as Record<string, [number, number]>,
    styleAt: (r, c) => {
      const st = w.records[r]?.[c]?.element.style
      if (!st || !st.cssText) return null
      const side = (s: 'Top' | 'Right' | 'Bottom' | 'Left') => ({ width: st[`border${s}Width`], style: st[`border${s}Style`] })
      const read: CellStyleRead = {
        fontWeight: st.fontWeight,
        fontStyle: st.fontStyle,
        fontSize: st.fontSize,
        color: st.color,
        backgroundColor: st.backgroundColor,
        textAlign: st.textAlign,
        verticalAlign: st.verticalAlign,
        whiteSpace: st.whiteSpace,
        border: { top: side('Top'), right: side('Right'), bottom: side('Bottom'), left: side('Left') },
        numFmt: st.getPropertyValue(NUMFMT_PROP),
      }
      return read
    },
    colWidths: widths.map((x) => (typeof x === 'number' ? x : parseFloat(x) || 64)),
    rowHeights: heights,
  }
}
