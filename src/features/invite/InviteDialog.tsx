/**
 * `<InviteDialog purpose="profile" targetId={person.userId} open={open} onOpenChange={setOpen} subject={person.userName} />`
 * Creates an invitation (POST invite/create; permission and scope are the gateway's) and shows the
 * link with a copy button, its QR code and the expiry. Gate the button that opens it with
 * `<Can action="invite">`.
 */
import { useEffect, useState } from 'react'
import QRCode from 'qrcode'
import { toast } from '@/lib/toast'
import { Check, Copy, Download, Link2, Loader2, RefreshCw } from 'lucide-react'
import { INVITE_DEFAULT_HOURS, INVITE_PATHS, type InviteCreated, type InvitePurpose } from '@/contract/schemas/invite'
import { Button, IconButton } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { formatDateTime } from '@/lib/crud'
import { saveBlob } from '@/lib/files'
import { http } from '@/lib/http'
import { useT } from '@/lib/i18n'

export interface InviteDialogProps {
  purpose: InvitePurpose
  targetId: string
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Whom it is for (shown in the title), e.g. the person's name. */
  subject?: string
}

const VALIDITY = [24, 72, 168] as const

export function InviteDialog(props: InviteDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent className="sm:max-w-lg">{props.open && <InviteBody {...props} />}</DialogContent>
    </Dialog>
  )
}

function InviteBody({ purpose, targetId, subject }: InviteDialogProps) {
  const { t } = useT()
  const [hours, setHours] = useState<number>(INVITE_DEFAULT_HOURS)
  const [invite, setInvite] = useState<InviteCreated | null>(null)
  const [qr, setQr] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [copied, setCopied] = useState(false)

  useEffect(() => {
    if (!invite) return
    let live = true
    void QRCode.toDataURL(invite.url, { margin: 1, width: 220, errorCorrectionLevel: 'M' }).then((d) => live && setQr(d))
    return () => {
      live = false
    }
  }, [invite])

  const create = async () => {
    setBusy(true)
    try {
      const created = await http.post<InviteCreated>(INVITE_PATHS.create, { purpose, targetId, validHours: hours })
      // Without a configured public origin the gateway answers the path only: the link is on this console's origin.
      setInvite({ ...created, url: new URL(created.url, window.location.origin).href })
      setQr(null)
      setCopied(false)
    } catch {
      /* the client showed the error */
    } finally {
      setBusy(false)
    }
  }

  const copy = async () => {
    if (!invite) return
    try {
      await navigator.clipboard.writeText(invite.url)
      setCopied(true)
      toast.success(t('invite.dialog.copied'))
    } catch {
      toast.error(t('invite.dialog.copyFailed'))
    }
  }

  const downloadQr = async () => {
    if (!qr) return
    saveBlob(await (await fetch(qr)).blob(), `${subject ?? 'invite'}-QR.png`)
  }

  const label = (h: number) => (h % 24 === 0 ? t('invite.dialog.days', { n: h / 24 }) : t('invite.dialog.hours', { n: h }))
  return (
    <>
      <DialogHeader>
        <DialogTitle>
          {t(`invite.purpose.${purpose}`)}
          {subject ? ` · ${subject}` : ''}
        </DialogTitle>
        <DialogDescription>{t('invite.dialog.description')}</DialogDescription>
      </DialogHeader>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="invite-validity">{t('invite.dialog.validity')}</Label>
          <Select value={String(hours)} onValueChange={(v) => setHours(Number(v))}>
            <SelectTrigger id="invite-validity" className="w-36">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {VALIDITY.map((h) => (
                <SelectItem key={h} value={String(h)}>
                  {label(h)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <Button onClick={() => void create()} disabled={busy}>
          {busy ? <Loader2 className="animate-spin" aria-hidden /> : invite ? <RefreshCw aria-hidden /> : <Link2 aria-hidden />}
          {invite ? t('invite.dialog.regenerate') : t('invite.dialog.create')}
        </Button>
      </div>
      {invite && (
        <div className="grid gap-4 rounded-lg border bg-muted/30 p-4 sm:grid-cols-[auto,1fr]">
          <figure className="grid justify-items-center gap-1">
            {qr ? (
              <img src={qr} alt={t('invite.dialog.qr')} className="size-40 rounded bg-white p-1" />
            ) : (
              <span className="flex size-40 items-center justify-center">
                <Loader2 className="animate-spin text-muted-foreground" aria-hidden />
              </span>
            )}
            <figcaption className="text-xs text-muted-foreground">{t('invite.dialog.qr')}</figcaption>
          </figure>
          <div className="grid content-start gap-2">
            <Label htmlFor="invite-link">{t('invite.dialog.link')}</Label>
            <div className="flex gap-2">
              <Input id="invite-link" readOnly value={invite.url} onFocus={(e) => e.currentTarget.select()} className="font-mono text-xs" />
              <IconButton variant="outline" icon={copied ? Check : Copy} label={t('invite.dialog.copy')} tip onClick={() => void copy()} />
            </div>
            <p className="text-sm">{t('invite.dialog.expires', { time: formatDateTime(invite.expiresAt) })}</p>
            <Button
              variant="ghost"
              size="sm"
              className="h-9 justify-self-start px-2"
              onClick={() => void downloadQr()}
              disabled={!qr}
              icon={Download}
            >
              {t('invite.dialog.downloadQr')}
            </Button>
            <p className="text-xs text-muted-foreground">{t('invite.dialog.note')}</p>
          </div>
        </div>
      )}
    </>
  )
}
