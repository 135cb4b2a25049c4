/**
 * The site card: a drawer from the right with what a site manager needs on the spot — status and
 * type, the place (line, design unit, container, mileage range and its length), the manager with
 * a big tap-to-call button, the location (coordinates with a map link, address), the description
 * and the photos (those taken offline from the device). Reads the list's row (local copy included).
 */
import type { ReactNode } from 'react'
import { MapPin, Pencil, Phone, Ruler, User } from 'lucide-react'
import { chainageLength, parseChainage } from '@/contract/mileage'
import type { WorkSite } from '@/contract/schemas/workSite'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { useT } from '@/lib/i18n'
import { SyncMark, type EntryStatus } from '@/lib/offline'
import { PhotoGrid } from './photos'
import { StatusBadge } from './StatusBadge'

const metres = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 })

export function siteLength(s: Pick<WorkSite, 'startMileage' | 'endMileage'>): number | null {
  const a = parseChainage(s.startMileage)
  const b = parseChainage(s.endMileage)
  return a && b ? chainageLength(a, b) : null
}

function Section({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2 border-t px-5 py-4">
      <h3 className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
        {icon}
        {title}
      </h3>
      {children}
    </section>
  )
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_1fr] gap-2 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{value === null || value === undefined || value === '' ? '--' : value}</dd>
    </div>
  )
}

export function SiteCard({
  site,
  mark,
  onClose,
  onEdit,
}: {
  site: WorkSite | null
  mark?: EntryStatus
  onClose: () => void
  onEdit?: (site: WorkSite) => void
}) {
  const { t } = useT()
  const s = site
  const length = s ? siteLength(s) : null
  const hasCoords = s && typeof s.longitude === 'number' && typeof s.latitude === 'number'
  return (
    <Dialog open={!!s} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="left-auto right-0 top-0 flex h-full max-h-full w-full max-w-md translate-x-0 translate-y-0 flex-col gap-0 overflow-y-auto rounded-none p-0 sm:max-w-md"
        data-testid="site-card"
      >
        {s && (
          <>
            <DialogHeader className="gap-2 px-5 pb-4 pt-5 pr-12">
              <div className="flex flex-wrap items-center gap-2">
                <StatusBadge status={s.status} />
                <Badge variant="outline">{t(`workSites.type.${s.siteType}`)}</Badge>
                <span className="font-mono text-xs text-muted-foreground">{s.workSiteCode}</span>
                {mark && <SyncMark status={mark} />}
              </div>
              <DialogTitle className="text-xl leading-tight">{s.workSiteName}</DialogTitle>
              <DialogDescription>{s.projectName ?? ''}</DialogDescription>
            </DialogHeader>

            <Section title={t('workSites.section.people')} icon={<User className="h-4 w-4" aria-hidden />}>
              <p className="text-base font-medium">{s.managerName || '--'}</p>
              {s.contactPhone ? (
                <Button asChild size="lg" className="h-12 w-full text-base">
                  <a href={`tel:${s.contactPhone.replace(/[^\d+]/g, '')}`} aria-label={t('workSites.call', { phone: s.contactPhone })}>
                    <Phone aria-hidden />
                    {s.contactPhone}
                  </a>
                </Button>
              ) : (
                <p className="text-sm text-muted-foreground">{t('workSites.noPhone')}</p>
              )}
            </Section>

            <Section title={t('workSites.section.place')} icon={<Ruler className="h-4 w-4" aria-hidden />}>
              <dl className="flex flex-col gap-1.5">
                <Row label={t('workSites.field.lineId')} value={s.lineName} />
                <Row label={t('workSites.field.designUnitId')} value={s.designUnitName} />
                <Row label={t('workSites.field.containerId')} value={s.containerName} />
                <Row
                  label={t('workSites.field.mileage')}
                  value={
                    s.startMileage && s.endMileage ? (
                      <span className="flex flex-wrap items-baseline gap-x-2 font-mono tabular-nums">
                        <span>
                          {s.startMileage} ~ {s.endMileage}
                        </span>
                        {length !== null && (
                          <span className="whitespace-nowrap font-sans text-muted-foreground">
                            {t('workSites.length', { m: metres.format(length) })}
                          </span>
                        )}
                      </span>
                    ) : null
                  }
                />
              </dl>
            </Section>

            <Section title={t('workSites.section.location')} icon={<MapPin className="h-4 w-4" aria-hidden />}>
              <dl className="flex flex-col gap-1.5">
                <Row label={t('workSites.field.address')} value={s.address} />
                <Row
                  label={`${t('workSites.field.longitude')} / ${t('workSites.field.latitude')}`}
                  value={hasCoords ? <span className="font-mono tabular-nums">{`${s.longitude}, ${s.latitude}`}</span> : null}
                />
              </dl>
              {hasCoords && (
                <Button asChild variant="outline" className="h-11 w-full">
                  <a href={`geo:${s.latitude},${s.longitude}`}>
                    <MapPin aria-hidden />
                    {t('workSites.map')}
                  </a>
                </Button>
              )}
            </Section>

            {s.description && (
              <Section title={t('workSites.section.about')} icon={null}>
                <p className="whitespace-pre-wrap text-sm">{s.description}</p>
              </Section>
            )}

            <Section title={t('workSites.section.photos')} icon={null}>
              {s.photoFileIds?.length ? (
                <PhotoGrid ids={s.photoFileIds} urls={s.photoUrls} name={s.workSiteName} />
              ) : (
                <p className="text-sm text-muted-foreground">{t('workSites.noPhotos')}</p>
              )}
            </Section>

            {onEdit && (
              <div className="sticky bottom-0 mt-auto border-t bg-background px-5 py-3">
                <Button className="h-12 w-full text-base" onClick={() => onEdit(s)}>
                  <Pencil aria-hidden />
                  {t('common.edit')}
                </Button>
              </div>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}
