/**
 * The designer's side panel: the selected cells as fill-in cells — mark them (text by default),
 * their kind (the field kinds: text, number with its precision, date, choice from fixed options or
 * a dictionary / the project's work sites, person, signature, photos), whether required, the label
 * the fill-in screen shows; unmark them. An edit applies to every selected fill-in cell (the label
 * to the first only). Cells under a merge are not marked (only the merge's anchor is a cell).
 */
import { useId } from 'react'
import { Eraser, ListPlus } from 'lucide-react'
import {
  addressOf,
  TAB_CHOICE_SOURCES,
  type CellRange,
  type TabChoiceSource,
  type TabFillIn,
  type TabFillInKind,
} from '@/contract/schemas/tabulation'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Checkbox } from '@/components/ui/checkbox'
import { Input, Textarea } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { ChoiceSelect, SelectItem } from '@/components/ui/select'
import { useT } from '@/lib/i18n'

const KINDS: readonly TabFillInKind[] = ['text', 'number', 'date', 'choice', 'person', 'signature', 'photos']
const OPTIONS = 'options'
/** Largest selection marked at once. */
const MAX_MARK = 2000

export interface FillInPanelProps {
  selection: CellRange
  fillIns: Record<string, TabFillIn>
  onChange: (next: Record<string, TabFillIn>) => void
}

export function FillInPanel({ selection, fillIns, onChange }: FillInPanelProps) {
  const { t } = useT()
  const uid = useId()
  const cells: string[] = []
  for (let r = selection.top; r <= selection.bottom && cells.length < MAX_MARK; r++)
    for (let c = selection.left; c <= selection.right && cells.length < MAX_MARK; c++) cells.push(addressOf(r, c))
  const anchor = cells[0]!
  const config = fillIns[anchor]
  const marked = cells.filter((a) => fillIns[a])

  /** A fill-in of `kind` keeping what carries over (label, required). */
  const ofKind = (kind: TabFillInKind, base: Pick<TabFillIn, 'label' | 'required'>): TabFillIn => {
    switch (kind) {
      case 'text':
        return { kind, max: 200, ...base }
      case 'number':
        return { kind, precision: 0, ...base }
      case 'choice':
        return { kind, options: t('tabulation.designer.defaultOptions').split('\n'), ...base }
      case 'photos':
        return { kind, max: 9, ...base }
      default:
        return { kind, ...base }
    }
  }
  const mark = () => {
    const next = { ...fillIns }
    for (const a of cells) next[a] ??= ofKind('text', { label: a, required: false })
    onChange(next)
  }
  const unmark = () => onChange(Object.fromEntries(Object.entries(fillIns).filter(([a]) => !cells.includes(a))))
  /** Applies a change to every selected fill-in cell (`label` to the anchor only). */
  const edit = (change: (f: TabFillIn) => TabFillIn) => {
    const next = { ...fillIns }
    for (const a of marked) next[a] = change(next[a]!)
    onChange(next)
  }
  const set = (patch: Record<string, unknown>) => edit((f) => ({ ...f, ...patch }) as TabFillIn)

  const field = (key: string, label: string, control: React.ReactNode) => (
    <div className="grid gap-1">
      <Label htmlFor={`${uid}-${key}`} className="text-xs">
        {label}
      </Label>
      {control}
    </div>
  )
  const num = (key: string, label: string, value: number | undefined, min: number, max: number, onValue: (n: number | undefined) => void) =>
    field(
      key,
      label,
      <Input
        id={`${uid}-${key}`}
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        value={value ?? ''}
        onChange={(e) => onValue(e.target.value === '' ? undefined : Number(e.target.value))}
      />,
    )

  return (
    <Card className="flex min-h-0 flex-col gap-3 overflow-auto p-4" aria-label={t('tabulation.designer.panel')}>
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold">{t('tabulation.designer.panel')}</h2>
        <Badge variant="outline" data-testid="fill-in-count">
          {t('tabulation.designer.fillInCount', { n: Object.keys(fillIns).length })}
        </Badge>
      </div>
      {!config ? (
        <div className="grid gap-2 text-sm text-muted-foreground">
          <p>{t('tabulation.designer.notFillIn', { cells: cells.length > 1 ? `${anchor}…${cells.at(-1)}` : anchor })}</p>
          <Button type="button" size="sm" icon={ListPlus} onClick={mark}>
            {t('tabulation.designer.mark', { n: cells.length })}
          </Button>
        </div>
      ) : (
        <div className="grid gap-3">
          <p className="text-xs text-muted-foreground">{t('tabulation.designer.editing', { cell: anchor, n: marked.length })}</p>
          {field(
            'label',
            t('tabulation.designer.label'),
            <Input
              id={`${uid}-label`}
              maxLength={60}
              value={config.label}
              onChange={(e) => onChange({ ...fillIns, [anchor]: { ...config, label: e.target.value } })}
            />,
          )}
          {field(
            'kind',
            t('tabulation.designer.kind'),
            <ChoiceSelect
              id={`${uid}-kind`}
              value={config.kind}
              onChange={(k) => edit((f) => ofKind(k, { label: f.label, required: f.required }))}
              values={KINDS}
              label={(k) => t(`tabulation.kind.${k}`)}
            />,
          )}
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <Checkbox checked={config.required} onCheckedChange={(v) => set({ required: v === true })} />
            {t('tabulation.designer.required')}
          </label>
          {config.kind === 'text' && (
            <>
              {num('max', t('tabulation.designer.maxLength'), config.max, 1, 2000, (n) => set({ max: n ?? 200 }))}
              <label className="flex min-h-11 items-center gap-2 text-sm">
                <Checkbox checked={config.multiline === true} onCheckedChange={(v) => set({ multiline: v === true || undefined })} />
                {t('tabulation.designer.multiline')}
              </label>
            </>
          )}
          {config.kind === 'number' && (
            <>
              {num('precision', t('tabulation.designer.precision'), config.precision, 0, 6, (n) => set({ precision: n ?? 0 }))}
              {num('min', t('tabulation.designer.min'), config.min, -1e12, 1e12, (n) => set({ min: n }))}
              {num('max', t('tabulation.designer.max'), config.max, -1e12, 1e12, (n) => set({ max: n }))}
            </>
          )}
          {config.kind === 'photos' && num('max', t('tabulation.designer.maxPhotos'), config.max, 1, 20, (n) => set({ max: n ?? 9 }))}
          {config.kind === 'choice' && (
            <>
              {field(
                'source',
                t('tabulation.designer.source'),
                <ChoiceSelect<TabChoiceSource | typeof OPTIONS>
                  id={`${uid}-source`}
                  value={config.source ?? OPTIONS}
                  onChange={(v) =>
                    set(
                      v === OPTIONS
                        ? { source: undefined, options: t('tabulation.designer.defaultOptions').split('\n') }
                        : { source: v, options: undefined },
                    )
                  }
                  first={<SelectItem value={OPTIONS}>{t('tabulation.source.options')}</SelectItem>}
                  values={TAB_CHOICE_SOURCES}
                  label={(s) => t(`tabulation.source.${s}`)}
                />,
              )}
              {config.options &&
                field(
                  'options',
                  t('tabulation.designer.options'),
                  <Textarea
                    id={`${uid}-options`}
                    rows={4}
                    value={config.options.join('\n')}
                    onChange={(e) => set({ options: e.target.value.split('\n').filter((o, i, all) => o.trim() || i === all.length - 1) })}
                  />,
                )}
            </>
          )}
          <Button type="button" size="sm" variant="outline" icon={Eraser} onClick={unmark}>
            {t('tabulation.designer.unmark', { n: marked.length })}
          </Button>
        </div>
      )}
    </Card>
  )
}
