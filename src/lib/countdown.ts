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

/** Seconds before a verification code may be asked for again. */
export const RESEND_SECONDS = 60

/**
 * Sending a verification code: `send(request)` is busy while the request runs (with the checks it
 * makes first); the code it answers is kept (`sent`) and starts the resend countdown, while no answer
 * (a check failed) changes nothing. A failure is thrown to the caller. `reset()` forgets the code.
 */
export function useCodeSender<S>() {
  const countdown = useCountdown()
  const [sending, setSending] = useState(false)
  const [sent, setSent] = useState<S | null>(null)
  const send = async (request: () => Promise<S | undefined>): Promise<S | undefined> => {
    setSending(true)
    try {
      const answer = await request()
      if (answer !== undefined) {
        setSent(answer)
        countdown.start(RESEND_SECONDS)
      }
      return answer
    } finally {
      setSending(false)
    }
  }
  const reset = () => {
    setSent(null)
    countdown.start(0)
  }
  return { sent, sending, countdown, send, reset }
}
export type CodeSender<S> = ReturnType<typeof useCodeSender<S>>
