/**
 * The start event's 启动表单 in the node panel: its fields in order (add, remove, move up / down),
 * each a key (the variable), a label, a kind, required, and a choice's options; then the URL of
 * the start event's external form. What the fields may be is checked on save (lint.ts lintStartForm).
 */
import { useId } from 'react'
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react'
import { WF_FORM_FIELD_KINDS, WF_FORM_FIELDS_MAX } from '@/contract/schemas/workflow'
import { Button, IconButton } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { ChoiceSelect } from '@/components/ui/select'
import { useT } from '@/lib/i18n'
import type { DraftFormField, NodeConfig, NodeForm } from './draft'
import { Field, Section } from './PanelParts'

const newField = (n: number): DraftFormField => ({ key: `field${n}`, label: '', kind: 'text', required: false, options: '' })

/** The node's form entry of a type (a start event saved before forms existed has both anyway: emptyNode). */
const formOf = (config: NodeConfig, formType: 1 | 2): NodeForm =>
  config.forms.find((f) => f.formType === formType) ?? { formType, formUrl: '', useScope: '', fields: [] }

export function StartFormEditor({ config, onConfig }: { config: NodeConfig; onConfig: (next: NodeConfig) => void }) {
  const { t } = useT()
  const uid = useId()
  const builtIn = formOf(config, 1)
  const external = formOf(config, 2)
  const fields = builtIn.fields
  const setForm = (next: NodeForm) => {
    const others = config.forms.filter((f) => f.formType !== next.formType)
    onConfig({ ...config, forms: [...others, next].sort((a, b) => a.formType - b.formType) })
  }
  const setFields = (next: DraftFormField[]) => setForm({ ...builtIn, fields: next })
  const patch = (i: number, p: Partial<DraftFormField>) => setFields(fields.map((f, j) => (j === i ? { ...f, ...p } : f)))
  const move = (i: number, by: -1 | 1) => {
    const next = [...fields]
    const [f] = next.splice(i, 1)
    next.splice(i + by, 0, f!)
    setFields(next)
  }
  const nextKey = () => {
    let n = fields.length + 1
    while (fields.some((f) => f.key === `field${n}`)) n++
    return n
  }
  return (
    <>
      <Section title={t('workflow.panel.startForm')}>
        <p className="text-xs text-muted-foreground">{t('workflow.panel.startFormHint')}</p>
        {fields.length === 0 && <p className="text-xs text-muted-foreground">{t('workflow.panel.startFormEmpty')}</p>}
        <ol className="grid gap-2">
          {fields.map((f, i) => {
            const n = i + 1
            const id = (part: string) => `${uid}-${i}-${part}`
            return (
              <li key={i} className="grid gap-2 rounded-md border p-2" aria-label={t('workflow.panel.field.row', { n })}>
                <div className="flex items-center gap-1">
                  <span className="flex-1 text-xs font-medium">{t('workflow.panel.field.row', { n })}</span>
                  <IconButton
                    icon={ArrowUp}
                    label={t('workflow.panel.field.up', { n })}
                    className="size-8"
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                  />
                  <IconButton
                    icon={ArrowDown}
                    label={t('workflow.panel.field.down', { n })}
                    className="size-8"
                    disabled={i === fields.length - 1}
                    onClick={() => move(i, 1)}
                  />
                  <IconButton
                    icon={Trash2}
                    label={t('workflow.panel.field.remove', { n })}
                    className="size-8 text-destructive"
                    onClick={() => setFields(fields.filter((_, j) => j !== i))}
                  />
                </div>
                <div className="grid grid-cols-2 gap-2">
                  <Field label={t('workflow.panel.field.key')} id={id('key')} className="gap-1">
                    <Input
                      id={id('key')}
                      value={f.key}
                      maxLength={40}
                      className="font-mono text-xs"
                      onChange={(e) => patch(i, { key: e.target.value })}
                    />
                  </Field>
                  <Field label={t('workflow.panel.field.label')} id={id('label')} className="gap-1">
                    <Input id={id('label')} value={f.label} maxLength={40} onChange={(e) => patch(i, { label: e.target.value })} />
                  </Field>
                </div>
                <div className="flex items-end gap-2">
                  <Field label={t('workflow.panel.field.kind')} id={id('kind')} className="flex-1 gap-1">
                    <ChoiceSelect
                      id={id('kind')}
                      value={f.kind}
                      onChange={(kind) => patch(i, { kind })}
                      values={WF_FORM_FIELD_KINDS}
                      label={(k) => t(`workflow.panel.fieldKind.${k}`)}
                    />
                  </Field>
                  <div className="flex h-9 items-center gap-1.5">
                    <Checkbox id={id('required')} checked={f.required} onCheckedChange={(c) => patch(i, { required: c === true })} />
                    <Label htmlFor={id('required')} className="text-xs">
                      {t('workflow.panel.field.required')}
                    </Label>
                  </div>
                </div>
                {f.kind === 'choice' && (
                  <Field
                    label={t('workflow.panel.field.options')}
                    hint={t('workflow.panel.field.optionsHint')}
                    id={id('options')}
                    className="gap-1"
                  >
                    <Input
                      id={id('options')}
                      value={f.options}
                      maxLength={2600}
                      aria-describedby={id('options-hint')}
                      onChange={(e) => patch(i, { options: e.target.value })}
                    />
                  </Field>
                )}
              </li>
            )
          })}
        </ol>
        <Button
          type="button"
          size="sm"
          variant="outline"
          icon={Plus}
          disabled={fields.length >= WF_FORM_FIELDS_MAX}
          onClick={() => setFields([...fields, newField(nextKey())])}
        >
          {t('workflow.panel.field.add')}
        </Button>
      </Section>
      <Section title={t('workflow.panel.externalStart')}>
        <Field label={t('workflow.panel.formUrl')} hint={t('workflow.panel.externalStartHint')} id={`${uid}-external`}>
          <Input
            id={`${uid}-external`}
            value={external.formUrl}
            maxLength={500}
            aria-describedby={`${uid}-external-hint`}
            onChange={(e) => setForm({ ...external, formUrl: e.target.value })}
          />
        </Field>
      </Section>
    </>
  )
}
