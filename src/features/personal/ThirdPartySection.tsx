/**
 * WeChat / QQ bindings. "Bind" fetches an authorize URL (state purpose bind, tied to a verifier
 * this browser keeps) and goes to the provider, which sends the user back to
 * /personal-view?platform&code&state; the page then calls bindThirdParty with that verifier (see
 * PersonalCenterPage): a callback link opened in another browser binds nothing.
 */
import { useState } from 'react'
import { toast } from '@/lib/toast'
import { Link2, Loader2, Unlink } from 'lucide-react'
import { THIRD_PLATFORMS, type ThirdPlatform } from '@/contract/schemas/auth'
import type { PersonalInfo } from '@/contract/schemas/personal'
import { Button } from '@/components/ui/button'
import { QQIcon, WeChatIcon } from '@/components/platform-icons'
import { confirm, formatDateTime } from '@/lib/crud'
import { isApiError } from '@/lib/http'
import { useT } from '@/lib/i18n'
import { personalApi, useApplyInfo } from './api'
import { Section } from './Section'

const ICONS: Record<ThirdPlatform, { icon: typeof WeChatIcon; className: string }> = {
  wechat: { icon: WeChatIcon, className: 'text-[#07c160]' },
  qq: { icon: QQIcon, className: 'text-[#12b7f5]' },
}

export function ThirdPartySection({
  info,
  readOnly,
  notice,
}: {
  info: PersonalInfo
  readOnly: boolean
  notice?: { tone: 'busy' | 'error'; text: string } | null
}) {
  const { t } = useT()
  const apply = useApplyInfo()
  const [busy, setBusy] = useState<ThirdPlatform | null>(null)

  const bind = async (platform: ThirdPlatform) => {
    setBusy(platform)
    try {
      const { authorizeUrl } = await personalApi.thirdPartyAuthorize(platform)
      window.location.assign(authorizeUrl)
    } catch (e) {
      setBusy(null)
      if (isApiError(e) && e.kind === 'code') toast.error(e.message)
    }
  }

  const unbind = async (platform: ThirdPlatform) => {
    const name = t(`personal.third.${platform}`)
    if (
      !(await confirm({
        title: t('personal.third.unbindTitle'),
        description: t('personal.third.confirmUnbind', { platform: name }),
        destructive: true,
      }))
    )
      return
    try {
      await personalApi.unbindThirdParty(platform)
      apply(null)
      toast.success(t('personal.third.unbound', { platform: name }))
    } catch (e) {
      if (isApiError(e) && e.kind === 'code') toast.error(e.message)
    }
  }

  return (
    <Section title={t('personal.third.heading')} description={t('personal.third.hint')}>
      {notice && (
        <p
          role={notice.tone === 'error' ? 'alert' : 'status'}
          className={
            notice.tone === 'error'
              ? 'mb-4 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive'
              : 'mb-4 flex items-center gap-2 text-sm text-muted-foreground'
          }
        >
          {notice.tone === 'busy' && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
          {notice.text}
        </p>
      )}
      <ul className="divide-y rounded-md border">
        {THIRD_PLATFORMS.map((p) => {
          const binding = info.thirdParty.find((b) => b.platform === p)
          const configured = info.thirdPartyConfigured[p]
          const { icon: Icon, className } = ICONS[p]
          const name = t(`personal.third.${p}`)
          return (
            <li key={p} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3.5" data-testid={`third-${p}`}>
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-muted">
                <Icon className={`h-6 w-6 ${className}`} />
              </span>
              <div className="min-w-0 flex-1">
                <div className="font-medium">{name}</div>
                <p className="text-sm text-muted-foreground">
                  {binding
                    ? `${t('personal.third.bound', { name: binding.nickname ?? name })} · ${t('personal.third.boundAt', { time: formatDateTime(binding.boundAt) })}`
                    : configured
                      ? t('personal.third.notBound')
                      : t('personal.third.notConfigured', { platform: name })}
                </p>
              </div>
              {!readOnly &&
                (binding ? (
                  <Button type="button" variant="outline" className="h-9" onClick={() => void unbind(p)} icon={Unlink}>
                    {t('personal.third.unbind')}
                  </Button>
                ) : (
                  <Button
                    type="button"
                    variant="outline"
                    className="h-9"
                    onClick={() => void bind(p)}
                    disabled={!configured || busy !== null}
                  >
                    {busy === p ? <Loader2 className="animate-spin" aria-hidden /> : <Link2 aria-hidden />}
                    {t('personal.third.bind')}
                  </Button>
                ))}
            </li>
          )
        })}
      </ul>
    </Section>
  )
}
