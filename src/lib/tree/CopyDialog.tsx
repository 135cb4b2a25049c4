import { useQueryClient } from '@tanstack/react-query'
import { invalidateResource } from '@/lib/crud/hooks'
import { ActionDialog, FormField, useActionForm } from '@/lib/crud/forms'
import { http } from '@/lib/http'
import { useT } from '@/lib/i18n'
import type { FlatNode, TreeDictionaryProps } from './TreeDictionary'

/** Copies a node and its descendants beside it (same parent), codes with a suffix. */
export function CopyDialog<N extends FlatNode>({
  node,
  count,
  props,
  onClose,
}: {
  node: N
  count: number
  props: TreeDictionaryProps<N>
  onClose: () => void
}) {
  const { t } = useT()
  const qc = useQueryClient()
  const action = useActionForm<Record<string, unknown>>({
    schema: props.copySchema,
    defaultValues: { [props.idKey]: props.idOf(node), parentId: node.parentId, codeSuffix: '-1' },
    action: (values) => http.post<{ copied: number }>(props.paths.copy, values),
    success: (_v, result) => t('tree.dictionary.copied', { n: (result as { copied: number }).copied }),
    onDone: () => {
      void invalidateResource(qc, props.resource)
      void props.refresh()
      onClose()
    },
  })
  return (
    <ActionDialog
      open
      onClose={onClose}
      title={t('tree.dictionary.copyTitle', { name: props.nameOf(node) })}
      description={t('tree.dictionary.copyHint', { n: count })}
      action={action}
    >
      <FormField name="codeSuffix" label={t('tree.dictionary.codeSuffix')} required maxLength={20} />
    </ActionDialog>
  )
}
