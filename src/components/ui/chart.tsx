/**
 * A thin shadcn-style theming layer over Recharts 3 (research 07-charts): `ChartContainer` gives the
 * chart its size and one CSS variable per series (`--color-<key>`), so series are coloured from the
 * theme (`fill="var(--color-count)"`); `ChartTooltipContent` shows the series' labels. Import this
 * file only from a lazily loaded chunk — Recharts is ~130 KB gz and must stay out of the shell.
 */
import * as React from 'react'
import { ResponsiveContainer, Tooltip } from 'recharts'
import { cn } from '@/lib/utils'

export type ChartConfig = Record<string, { label: string; color: string }>

/** Colour-blind-safe series colours from the theme tokens first. */
export const CHART_COLORS = [
  'hsl(var(--primary))',
  'hsl(32 95% 44%)',
  'hsl(160 60% 36%)',
  'hsl(280 45% 50%)',
  'hsl(var(--destructive))',
] as const

const ChartContext = React.createContext<ChartConfig>({})

export function ChartContainer({
  config,
  className,
  children,
  ...props
}: React.HTMLAttributes<HTMLDivElement> & { config: ChartConfig; children: React.ReactElement }) {
  const style = Object.fromEntries(Object.entries(config).map(([key, v]) => [`--color-${key}`, v.color])) as React.CSSProperties
  return (
    <ChartContext value={config}>
      <div
        data-slot="chart"
        className={cn(
          'h-56 w-full text-xs [&_.recharts-cartesian-axis-tick_text]:fill-muted-foreground [&_.recharts-cartesian-grid_line]:stroke-border [&_.recharts-surface]:outline-none',
          className,
        )}
        style={style}
        {...props}
      >
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
    </ChartContext>
  )
}

export const ChartTooltip = Tooltip

interface TooltipItem {
  dataKey?: string | number
  name?: string | number
  value?: unknown
  color?: string
  payload?: { fill?: string }
}

/** The tooltip body: the label (e.g. the day) and each series' label and value. */
export function ChartTooltipContent({
  active,
  payload,
  label,
  nameKey,
}: {
  active?: boolean
  payload?: readonly TooltipItem[]
  label?: React.ReactNode
  /** Take the series' label from this field of the data (pies: the slice's key). */
  nameKey?: string
}) {
  const config = React.use(ChartContext)
  if (!active || !payload?.length) return null
  return (
    <div className="rounded-md border bg-popover px-2.5 py-1.5 text-xs text-popover-foreground shadow-md">
      {label != null && <p className="mb-1 font-medium">{label}</p>}
      <ul className="space-y-0.5">
        {payload.map((item, i) => {
          const key = String((nameKey ? (item.payload as Record<string, unknown> | undefined)?.[nameKey] : item.dataKey) ?? item.name ?? i)
          return (
            <li key={key} className="flex items-center gap-2">
              <span
                aria-hidden
                className="size-2 rounded-sm"
                style={{ background: item.payload?.fill ?? item.color ?? `var(--color-${key})` }}
              />
              <span className="text-muted-foreground">{config[key]?.label ?? item.name}</span>
              <span className="ml-auto font-mono tabular-nums">{String(item.value ?? '')}</span>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
