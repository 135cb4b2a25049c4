import { getRouteApi } from '@tanstack/react-router'

const route = getRouteApi('/_shell/admin/table-manage_/design/$tabTemplateId')

/** The template designer (placeholder until built). */
export function Designer() {
  const { tabTemplateId } = route.useParams()
  return <div data-template={tabTemplateId} />
}
