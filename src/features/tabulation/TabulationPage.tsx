/**
 * /admin/table-manage: two tabs — the templates (groups, templates, publish, versions, rules,
 * import / export; ./manage) for those who manage them, and the filled sheets (./fill) for everyone
 * holding the page. The designer and a sheet's fill-in screen are routes of their own
 * (/admin/table-manage/design/$tabTemplateId, /admin/table-manage/fill/$tabContentId), each its own chunk.
 */
import { useState } from 'react'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { useT } from '@/lib/i18n'
import { ContentsPanel } from './fill/ContentsPanel'
import { TemplatesPanel } from './manage/TemplatesPanel'
import { useCan } from './permissions'

type Tab = 'templates' | 'contents'

export function TabulationPage() {
  const { t } = useT()
  const manages = [useCan('add'), useCan('edit'), useCan('design'), useCan('publish')].some(Boolean)
  const [tab, setTab] = useState<Tab>(manages ? 'templates' : 'contents')
  return (
    <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)} className="flex min-h-0 flex-1 flex-col gap-3">
      <TabsList className="self-start">
        {manages && <TabsTrigger value="templates">{t('tabulation.tabs.templates')}</TabsTrigger>}
        <TabsTrigger value="contents">{t('tabulation.tabs.contents')}</TabsTrigger>
      </TabsList>
      {manages && (
        <TabsContent value="templates" className="flex min-h-0 flex-1 flex-col">
          <TemplatesPanel />
        </TabsContent>
      )}
      <TabsContent value="contents" className="flex min-h-0 flex-1 flex-col">
        <ContentsPanel />
      </TabsContent>
    </Tabs>
  )
}
