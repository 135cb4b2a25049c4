/** The templates tab (placeholder until built). */
export function TemplatesPanel() {
  return null
}
