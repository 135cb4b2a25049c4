import { describe, expect, it } from 'vitest'
import { House, ShieldCheck } from 'lucide-react'
import { FALLBACK_ICON, resolveIcon } from './menu-icons'

describe('resolveIcon', () => {
  it('maps lucide:<name> to the icon, an unknown name or none to the fallback', () => {
    expect(resolveIcon('lucide:house')).toEqual({ kind: 'lucide', Icon: House })
    expect(resolveIcon('lucide:shield-check')).toEqual({ kind: 'lucide', Icon: ShieldCheck })
    expect(resolveIcon('lucide:no-such-icon')).toEqual({ kind: 'lucide', Icon: FALLBACK_ICON })
    expect(resolveIcon(null)).toEqual({ kind: 'lucide', Icon: FALLBACK_ICON })
  })
  it('shows other paths as images, but not arbitrary text', () => {
    expect(resolveIcon('/icons/menu/org.svg')).toEqual({ kind: 'img', src: '/icons/menu/org.svg' })
    expect(resolveIcon('https://cdn.example/x.png')).toEqual({ kind: 'img', src: 'https://cdn.example/x.png' })
    expect(resolveIcon('static/menu.png')).toEqual({ kind: 'img', src: 'static/menu.png' })
    expect(resolveIcon('javascript:alert(1)')).toEqual({ kind: 'lucide', Icon: FALLBACK_ICON })
  })
})
