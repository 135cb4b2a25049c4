/**
 * A page's name, from one source: the menu's label (the catalogue's name, or the name an administrator
 * gave the menu), else the routes.* text — the heading, the tab, the breadcrumb and the palette say the same.
 */
import { PageHeader, type TitleRowProps } from '@/components/page-header'
import { useCurrentPageTitle } from './titles'

export { pageTitle, subScreenOf, useCurrentPageTitle, usePageTitle } from './titles'

/** A screen's heading (h1), named after its page unless given a title. */
export function ScreenHeader({ title, ...props }: Omit<TitleRowProps, 'title'> & { title?: TitleRowProps['title'] }) {
  const current = useCurrentPageTitle()
  return <PageHeader title={title ?? current} {...props} />
}
