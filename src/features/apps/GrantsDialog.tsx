/** Which units and roles may use an application (SPEC §7 "per-application authorisation"): two checkbox lists, saved together. */
import { useEffect, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { toast } from '@/lib/toast'
import { APP_PATHS, type AppGrants, type Application } from '@/contract/schemas/application'
import { Button } from '@/components/ui/button'
import { CheckboxOption } from '@/components/ui/checkbox'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { http } from '@/lib/http'
import { useT } from '@/lib/i18n'
import { appKeys } from './queries'

interface Option {
  id: string
  name: string
}

function Checklist({
  label,
  options,
  value,
  onChange,
}: {
  label: string
  options: Option[]
  value: string[]
  onChange: (v: string[]) => void
}) {
  const { t } = useT()
  const [filter, setFilter] = useState('')
  const shown = options.filter((o) => o.name.toLowerCase().includes(filter.trim().toLowerCase()))
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">
        {label} <span className="text-muted-foreground">({value.length})</span>
      </legend>
      <Input
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        placeholder={t('apps.grants.filter')}
        aria-label={`${label} · ${t('apps.grants.filter')}`}
      />
      <div className="flex max-h-64 flex-col gap-0.5 overflow-y-auto rounded-md border p-2">
        {shown.length === 0 && <p className="p-2 text-sm text-muted-foreground">{t('apps.grants.none')}</p>}
        {shown.map((o) => (
          <CheckboxOption key={o.id} id={o.id} name={o.name} value={value} onChange={onChange} />
        ))}
      </div>
    </fieldset>
  )
}

export function GrantsDialog({ app, onClose }: { app: Application | null; onClose: () => void }) {
  const { t } = useT()
  const id = app?.applicationId ?? ''
  const grants = useQuery({
    queryKey: appKeys.grants(id),
    queryFn: () => http.get<AppGrants>(APP_PATHS.grants, { applicationId: id }),
    enabled: !!app,
  })
  const roles = useQuery({
    queryKey: appKeys.roleOptions(),
    queryFn: () => http.get<{ roleId: string; roleName: string }[]>('/api/admin/v1/role/list'),
    enabled: !!app,
  })
  const orgs = useQuery({
    queryKey: appKeys.orgOptions(),
    queryFn: () =>
      http.get<{ records: { organizationId: string; organizationName: string }[] }>('/api/admin/v1/org/listPage', { pageSize: 500 }),
    enabled: !!app,
  })
  const [orgIds, setOrgIds] = useState<string[]>([])
  const [roleIds, setRoleIds] = useState<string[]>([])
  const [saving, setSaving] = useState(false)
  useEffect(() => {
    if (grants.data) {
      setOrgIds(grants.data.orgIds)
      setRoleIds(grants.data.roleIds)
    }
  }, [grants.data])

  async function save() {
    setSaving(true)
    try {
      await http.post(APP_PATHS.saveGrants, { applicationId: id, orgIds, roleIds })
      toast.success(t('apps.grants.saved'))
      await grants.refetch()
      onClose()
    } finally {
      setSaving(false)
    }
  }

  return (
    <Dialog open={!!app} onOpenChange={(o) => !o && onClose()}>
      <DialogContent closeLabel={t('common.close')} className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t('apps.grants.title', { app: app?.name ?? '' })}</DialogTitle>
          <DialogDescription>{t('apps.grants.description')}</DialogDescription>
        </DialogHeader>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Checklist
            label={t('apps.grants.orgs')}
            options={(orgs.data?.records ?? []).map((o) => ({ id: o.organizationId, name: o.organizationName }))}
            value={orgIds}
            onChange={setOrgIds}
          />
          <Checklist
            label={t('apps.grants.roles')}
            options={(roles.data ?? []).map((r) => ({ id: r.roleId, name: r.roleName }))}
            value={roleIds}
            onChange={setRoleIds}
          />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void save()} disabled={saving || grants.isPending}>
            {t('common.save')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
