/** How an instance's and a task's status show: a badge in the status's tone, its text from the locale. */
import type { WfInstanceStatus, WfTaskStatus } from '@/contract/schemas/workflow'
import { Badge } from '@/components/ui/badge'
import { useT } from '@/lib/i18n'

type Tone = 'default' | 'secondary' | 'success' | 'warning' | 'destructive'

const INSTANCE_TONE: Record<WfInstanceStatus, Tone> = {
  running: 'default',
  approved: 'success',
  rejected: 'destructive',
  withdrawn: 'secondary',
  cancelled: 'secondary',
}
const TASK_TONE: Record<WfTaskStatus, Tone> = {
  pending: 'default',
  approved: 'success',
  rejected: 'destructive',
  returned: 'warning',
  withdrawn: 'secondary',
  cancelled: 'secondary',
  timeout: 'warning',
}

export function InstanceStatus({ status }: { status: WfInstanceStatus }) {
  const { t } = useT()
  return <Badge variant={INSTANCE_TONE[status]}>{t(`workflow.query.instanceStatus.${status}`)}</Badge>
}

export function TaskStatus({ status }: { status: WfTaskStatus }) {
  const { t } = useT()
  return <Badge variant={TASK_TONE[status]}>{t(`workflow.query.taskStatus.${status}`)}</Badge>
}
