import { useCallback, useEffect, useState } from 'react'

/** A seconds countdown (verification-code resend, return-to-login). `start(n)` restarts it. */
export function useCountdown(initial = 0) {
  const [remaining, setRemaining] = useState(initial)
  useEffect(() => {
    if (remaining <= 0) return
    const id = window.setTimeout(() => setRemaining((n) => n - 1), 1000)
    return () => window.clearTimeout(id)
  }, [remaining])
  const start = useCallback((seconds: number) => setRemaining(seconds), [])
  return { remaining, running: remaining > 0, start }
}
