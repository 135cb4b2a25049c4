/** The filled sheets tab (placeholder until built). */
export function ContentsPanel() {
  return null
}
