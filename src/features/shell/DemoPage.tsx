import { useState } from 'react'
import { Pencil, Plus, Trash2, Download } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { useT } from '@/lib/i18n'
import { Can, hasMenuAction, menuLabel } from '@/lib/permissions'
import { useSession } from '@/lib/session'
import { menuFlags, type MenuFlags } from './menuState'

const FLAGS = ['home', 'signing', 'header'] as const satisfies readonly (keyof MenuFlags)[]

const DEMO_ACTIONS = [
  { action: 'add', icon: Plus, label: 'common.add' },
  { action: 'edit', icon: Pencil, label: 'common.edit' },
  { action: 'delete', icon: Trash2, label: 'common.delete' },
  { action: 'export', icon: Download, label: 'common.export' },
] as const

/** /test/demo: the permission primitive at work on the current menu's functions, and the menu state's flags. */
export function DemoPage() {
  const { t, locale } = useT()
  const menu = useSession((s) => s.currentMenu)
  const flags = menuFlags.use()
  const [clicked, setClicked] = useState<string | null>(null)
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <Card>
        <CardHeader>
          <CardTitle>{t('shell.demo.title')}</CardTitle>
          <CardDescription>{t('shell.demo.intro')}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-3 text-sm">
          <div>
            <span className="text-muted-foreground">{t('shell.demo.currentMenu')}：</span>
            {menu
              ? menu.menuName
                ? menuLabel({ menuName: menu.menuName, menuNameEn: menu.menuNameEn, action: menu.action }, locale)
                : menu.menuId
              : t('shell.demo.noMenu')}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-muted-foreground">{t('shell.demo.menuFlags')}：</span>
            {FLAGS.map((flag) => (
              <Badge key={flag} variant={flags[flag] ? 'default' : 'outline'}>
                {t(`shell.demo.flag.${flag}`)}：{flags[flag] ? t('common.yes') : t('common.no')}
              </Badge>
            ))}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-muted-foreground">{t('shell.demo.granted')}：</span>
            {menu?.authFunctionList.length
              ? menu.authFunctionList.map((f) => (
                  <Badge key={f.applicationMenuFunctionId} variant="secondary">
                    {f.functionAction}
                  </Badge>
                ))
              : t('shell.demo.none')}
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">{t('shell.demo.buttons')}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3">
          <div className="flex flex-wrap gap-2">
            {DEMO_ACTIONS.map(({ action, icon: Icon, label }) => (
              <Can key={action} action={action}>
                <Button variant="outline" onClick={() => setClicked(action)}>
                  <Icon />
                  {t(label)}
                </Button>
              </Can>
            ))}
          </div>
          {clicked && (
            <p className="text-sm text-muted-foreground" role="status">
              {t('shell.demo.clicked', { action: clicked })}
            </p>
          )}
          <ul className="space-y-1 text-sm text-muted-foreground">
            {DEMO_ACTIONS.map(({ action }) => (
              <li key={action}>{t('shell.demo.anyMenu', { action, answer: hasMenuAction(action) ? t('common.yes') : t('common.no') })}</li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  )
}
