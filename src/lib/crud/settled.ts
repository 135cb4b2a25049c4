/**
 * What a form shows under a field settles while a pointer is pressed: a message that appears (or
 * goes) then is shown once the pointer is released. Leaving a field validates it; when the field is
 * left by pressing something below it, its new message would move that thing before the release and
 * the click would land elsewhere (issue 33: a receiver's checkbox after the empty 配置名称).
 */
import { useState } from 'react'
import { createStore } from '@/lib/store'

const pressed = createStore(false)

if (typeof window !== 'undefined') {
  window.addEventListener('pointerdown', () => pressed.set(true), true)
  // after the click the release dispatches
  const release = () => setTimeout(() => pressed.set(false), 0)
  window.addEventListener('pointerup', release, true)
  window.addEventListener('pointercancel', release, true)
}

/** `value`, except that while a pointer is pressed it stays what it was when the press began. */
export function useSettled<T>(value: T): T {
  const isPressed = pressed.use()
  const [shown, setShown] = useState(value)
  if (!isPressed && !Object.is(shown, value)) setShown(value)
  return isPressed ? shown : value
}
