import type { ProjectStatus } from '@/contract/schemas/project'
import { Badge } from '@/components/ui/badge'
import { useT } from '@/lib/i18n'

const STATUS_VARIANT: Record<ProjectStatus, 'success' | 'warning' | 'outline' | 'default'> = {
  preparing: 'outline',
  ongoing: 'success',
  suspended: 'warning',
  completed: 'default',
}

/** A project's status as a badge. */
export function StatusBadge({ status }: { status: ProjectStatus }) {
  const { t } = useT()
  return <Badge variant={STATUS_VARIANT[status] ?? 'outline'}>{t(`projects.status.${status}`)}</Badge>
}
