import * as React from 'react'
import { Checkbox as P } from 'radix-ui'
import { Check, Minus } from 'lucide-react'
import { styled } from './styled'

const Box = styled(
  P.Root,
  'peer h-4 w-4 shrink-0 rounded-sm border border-primary shadow focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground data-[state=indeterminate]:bg-primary data-[state=indeterminate]:text-primary-foreground',
  'Checkbox',
)

export function Checkbox(props: React.ComponentProps<typeof P.Root>) {
  return (
    <Box {...props}>
      <P.Indicator className="flex items-center justify-center text-current">
        {props.checked === 'indeterminate' ? <Minus className="h-3.5 w-3.5" /> : <Check className="h-3.5 w-3.5" />}
      </P.Indicator>
    </Box>
  )
}

/** One choice of a list of ids: its checkbox and name in a 36 px row; checking adds `id` to `value`, unchecking removes it. */
export function CheckboxOption({
  id,
  name,
  value,
  onChange,
}: {
  id: string
  name: string
  value: readonly string[]
  onChange: (ids: string[]) => void
}) {
  return (
    <label className="flex min-h-9 cursor-pointer items-center gap-2 rounded px-1.5 text-sm hover:bg-accent">
      <Checkbox
        checked={value.includes(id)}
        onCheckedChange={(c) => onChange(c === true ? [...value, id] : value.filter((x) => x !== id))}
      />
      <span className="truncate" title={name}>
        {name}
      </span>
    </label>
  )
}
