import { getRouteApi } from '@tanstack/react-router'

const route = getRouteApi('/_shell/admin/table-manage_/fill/$tabContentId')

/** A filled sheet's fill-in screen (placeholder until built). */
export function FillScreen() {
  const { tabContentId } = route.useParams()
  return <div data-content={tabContentId} />
}
