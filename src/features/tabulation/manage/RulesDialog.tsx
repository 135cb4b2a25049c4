/**
 * 单元格权限: a template's rules as rows — subject kind, subject, range ("C4:C5"), access, optional
 * workflow node — added and removed here; save replaces the whole set (cellPermission/save). The form
 * is checked by the contract's schema (ranges by parseRange) and the gateway's 20001 marks the rows.
 */
import { useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useController, useFieldArray, useFormContext, useWatch } from 'react-hook-form'
import { Plus, Trash2 } from 'lucide-react'
import { z } from 'zod'
import {
  TAB_ACCESS,
  TAB_SUBJECT_KINDS,
  TABULATION_API,
  tabCellRuleSave,
  type TabCellRule,
  type TabSubjectKind,
  type TabTemplateRow,
} from '@/contract/schemas/tabulation'
import { Button, IconButton } from '@/components/ui/button'
import { SearchableSelect } from '@/components/ui/searchable-select'
import { Skeleton } from '@/components/ui/skeleton'
import { FORM_HANDLED_CODES } from '@/lib/crud'
import { ActionDialog, FieldError, FormField, useActionForm } from '@/lib/crud/forms'
import { http } from '@/lib/http'
import { useT } from '@/lib/i18n'
import { cellRulesQueryOptions, tabKeys } from '../queries'
import { useSubjectOptions, useUnitOptions } from './subjects'

/** The columns of a rule row (and of the heading above the rows). */
const RULE_GRID = 'grid grid-cols-[8rem_minmax(0,1fr)_7rem_6.5rem_8rem_2.25rem] gap-2'

type RuleRow = { subjectKind: TabSubjectKind | ''; subjectId: string; range: string; access: TabCellRule['access']; nodeId: string }
type RulesValues = { tabTemplateId: string; rules: RuleRow[] }

/** An empty node is "always"; ranges are upper-case ("c4:c5" is C4:C5). */
const rulesSchema = z.preprocess((v) => {
  const values = v as RulesValues
  return {
    ...values,
    rules: values.rules.map((r) => ({
      ...r,
      range: r.range.trim().toUpperCase(),
      nodeId: r.nodeId.trim() === '' ? null : r.nodeId.trim(),
    })),
  }
}, tabCellRuleSave)

export function RulesDialog({ template, onClose }: { template: TabTemplateRow; onClose: () => void }) {
  const { t } = useT()
  // the form starts from the rules as they are now (not a copy cached before a save)
  const rules = useQuery({ ...cellRulesQueryOptions(template.tabTemplateId), refetchOnMount: 'always' })
  if (!rules.data || !rules.isFetchedAfterMount)
    return <ActionDialogPending title={t('tabulation.rules.title', { name: template.name })} onClose={onClose} pending={rules.isPending} />
  const rows: RuleRow[] = rules.data.map((r) => ({
    subjectKind: r.subjectKind,
    subjectId: r.subjectId,
    range: r.range,
    access: r.access,
    nodeId: r.nodeId ?? '',
  }))
  return <RulesForm template={template} rows={rows} onClose={onClose} />
}

/** While the rules load: the same dialog, a placeholder inside. */
function ActionDialogPending({ title, onClose, pending }: { title: string; onClose: () => void; pending: boolean }) {
  const action = useActionForm<RulesValues>({ defaultValues: { tabTemplateId: '', rules: [] }, action: async () => undefined })
  return (
    <ActionDialog open onClose={onClose} title={title} action={action} className="sm:max-w-5xl">
      {pending && <Skeleton className="h-32" />}
    </ActionDialog>
  )
}

function RulesForm({ template, rows, onClose }: { template: TabTemplateRow; rows: RuleRow[]; onClose: () => void }) {
  const { t } = useT()
  const qc = useQueryClient()
  const action = useActionForm<RulesValues>({
    schema: rulesSchema,
    defaultValues: { tabTemplateId: template.tabTemplateId, rules: rows },
    action: (v) => http.post(TABULATION_API.cellPermission.save, v, { handled: FORM_HANDLED_CODES }),
    success: t('tabulation.rules.saved'),
    onDone: () => {
      void qc.invalidateQueries({ queryKey: tabKeys.rules(template.tabTemplateId) })
      onClose()
    },
  })
  return (
    <ActionDialog
      open
      onClose={onClose}
      title={t('tabulation.rules.title', { name: template.name })}
      description={t('tabulation.rules.description')}
      action={action}
      submitText={t('common.save')}
      className="sm:max-w-5xl"
    >
      <RuleRows />
    </ActionDialog>
  )
}

function RuleRows() {
  const { t } = useT()
  const { control } = useFormContext<RulesValues>()
  const { fields, append, remove } = useFieldArray({ control, name: 'rules' })
  return (
    <div className="flex max-h-[60vh] flex-col gap-2 overflow-y-auto">
      {fields.length === 0 ? (
        <p className="rounded-md border border-dashed py-6 text-center text-sm text-muted-foreground">{t('tabulation.rules.empty')}</p>
      ) : (
        <>
          <div aria-hidden className={`${RULE_GRID} px-2 text-xs font-medium text-muted-foreground`}>
            <span>{t('tabulation.rules.subjectKind')}</span>
            <span>{t('tabulation.rules.subject')}</span>
            <span>{t('tabulation.rules.range')}</span>
            <span>{t('tabulation.rules.access')}</span>
            <span>{t('tabulation.rules.node')}</span>
          </div>
          <ol className="flex flex-col gap-2" aria-label={t('tabulation.rules.list')}>
            {fields.map((f, i) => (
              <RuleItem key={f.id} index={i} onRemove={() => remove(i)} />
            ))}
          </ol>
        </>
      )}
      <FieldError name="rules" />
      <Button
        type="button"
        variant="outline"
        size="sm"
        icon={Plus}
        className="self-start"
        onClick={() => append({ subjectKind: '', subjectId: '', range: '', access: 'view', nodeId: '' })}
      >
        {t('tabulation.rules.add')}
      </Button>
    </div>
  )
}

function RuleItem({ index, onRemove }: { index: number; onRemove: () => void }) {
  const { t } = useT()
  const { control, setValue, clearErrors } = useFormContext<RulesValues>()
  const at = `rules.${index}` as const
  const kind = useWatch({ control, name: `${at}.subjectKind` })
  const n = index + 1
  return (
    <li className={`${RULE_GRID} items-start rounded-md border p-2`}>
      <FormField
        name={`${at}.subjectKind`}
        label={t('tabulation.rules.subjectKindOf', { n })}
        hideLabel
        kind="select"
        placeholder={t('tabulation.rules.subjectKind')}
        options={TAB_SUBJECT_KINDS.map((k) => ({ value: k, label: t(`tabulation.subject.${k}`) }))}
        onValueChange={() => {
          setValue(`${at}.subjectId`, '')
          clearErrors(`${at}.subjectId`)
        }}
      />
      <SubjectPicker index={index} kind={kind} />
      <FormField
        name={`${at}.range`}
        label={t('tabulation.rules.rangeOf', { n })}
        hideLabel
        placeholder={t('tabulation.rules.rangePlaceholder')}
        maxLength={20}
      />
      <FormField
        name={`${at}.access`}
        label={t('tabulation.rules.accessOf', { n })}
        hideLabel
        kind="select"
        options={TAB_ACCESS.map((a) => ({ value: a, label: t(`tabulation.access.${a}`) }))}
      />
      <FormField
        name={`${at}.nodeId`}
        label={t('tabulation.rules.nodeOf', { n })}
        hideLabel
        placeholder={t('tabulation.rules.nodePlaceholder')}
        maxLength={100}
      />
      <IconButton icon={Trash2} label={t('tabulation.rules.removeOf', { n })} tip className="h-9 w-9 text-destructive" onClick={onRemove} />
    </li>
  )
}

/** The subject of one rule: a searchable select of the kind's options (a department: its unit first). */
function SubjectPicker({ index, kind }: { index: number; kind: TabSubjectKind | '' }) {
  const { t } = useT()
  const { control, clearErrors } = useFormContext<RulesValues>()
  const { field, fieldState } = useController({ control, name: `rules.${index}.subjectId` })
  const [unitId, setUnitId] = useState('')
  const units = useUnitOptions(kind === 'department')
  const options = useSubjectOptions(kind, unitId)
  const n = index + 1
  // a saved subject not among the options loaded (a department of a unit not chosen here)
  const shown = field.value && !options.some((o) => o.value === field.value)
  const all = shown ? [{ value: field.value, label: t('tabulation.rules.savedSubject'), text: '' }, ...options] : options
  const common = { searchPlaceholder: t('tabulation.rules.search'), emptyText: t('tabulation.rules.noSubjects') }
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <div className="flex min-w-0 gap-1">
        {kind === 'department' && (
          <SearchableSelect
            {...common}
            className="min-w-0 flex-1"
            aria-label={t('tabulation.rules.unitOf', { n })}
            placeholder={t('tabulation.rules.unit')}
            options={units}
            value={unitId}
            onValueChange={setUnitId}
          />
        )}
        <SearchableSelect
          {...common}
          ref={field.ref}
          className="min-w-0 flex-1"
          aria-label={t('tabulation.rules.subjectOf', { n })}
          placeholder={
            kind ? t('tabulation.rules.pickSubject', { kind: t(`tabulation.subject.${kind}`) }) : t('tabulation.rules.kindFirst')
          }
          disabled={!kind || (kind === 'department' && !unitId && !field.value)}
          options={all}
          value={field.value}
          aria-invalid={fieldState.error ? true : undefined}
          onValueChange={(v) => {
            field.onChange(v)
            clearErrors(field.name)
          }}
        />
      </div>
      {fieldState.error && !field.value ? (
        <p role="alert" className="text-xs text-destructive">
          {t('crud.selectPlaceholder', { field: t('tabulation.rules.subject') })}
        </p>
      ) : (
        <FieldError name={field.name} label={t('tabulation.rules.subject')} />
      )}
    </div>
  )
}
