import * as React from 'react'
import { Switch as P } from 'radix-ui'
import { styled } from './styled'

/** A 36 × 20 switch drawn inside a 44 × 44 touch target (the track is the content box). */
const Track = styled(
  P.Root,
  'peer inline-flex h-11 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-clip-content px-px py-[10px] shadow-none transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-primary data-[state=unchecked]:bg-input',
  'Switch',
)

export function Switch(props: React.ComponentProps<typeof P.Root>) {
  return (
    <Track {...props}>
      <P.Thumb className="pointer-events-none block h-4 w-4 rounded-full bg-background shadow-lg ring-0 transition-transform data-[state=checked]:translate-x-4 data-[state=unchecked]:translate-x-0" />
    </Track>
  )
}
