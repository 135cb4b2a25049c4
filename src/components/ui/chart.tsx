/**
 * The dashboard's charts, drawn as SVG by React: a day series as a line or as bars, and a ring of
 * shares. They were Recharts (109 KiB gzip with what only it used: its d3 parts, Redux Toolkit,
 * immer) for three small charts; these are a few KiB (README, the home's row, for the candidates
 * measured). Coloured from the theme (`hsl(var(--primary))`…), sized to their box, and a pointer
 * over them shows the figure under it. They are pictures (`aria-hidden`): each chart's table is
 * what screen readers read.
 */
import { useEffect, useRef, useState, type PointerEvent } from 'react'

/** Colour-blind-safe series colours from the theme tokens first. */
export const CHART_COLORS = [
  'hsl(var(--primary))',
  'hsl(32 95% 44%)',
  'hsl(160 60% 36%)',
  'hsl(280 45% 50%)',
  'hsl(var(--destructive))',
] as const

/** The width of an element, followed as it changes (0 before it is laid out). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState(0)
  useEffect(() => {
    const el = ref.current
    if (!el) return
    const ro = new ResizeObserver(([entry]) => setWidth(Math.floor(entry!.contentRect.width)))
    ro.observe(el)
    return () => ro.disconnect()
  }, [])
  return [ref, width] as const
}

/** Whole-number ticks from 0 to at least `max`: steps of 1, 2 or 5 × 10ⁿ, about `count` of them. */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0, 1]
  const rough = max / count
  const power = 10 ** Math.floor(Math.log10(rough))
  const step = Math.max(
    1,
    [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough)!,
  )
  const top = Math.ceil(max / step) * step
  return Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step)
}

/** The pointer's figure: where it is drawn (px in the chart's box) and what it says. */
interface Tip {
  x: number
  y: number
  title?: string
  label: string
  value: number
  color: string
}

function ChartTip({ tip }: { tip: Tip | null }) {
  if (!tip) return null
  return (
    <div
      data-slot="chart-tip"
      className="pointer-events-none absolute z-10 -translate-x-1/2 -translate-y-full rounded-md border bg-popover px-2.5 py-1.5 text-xs whitespace-nowrap text-popover-foreground shadow-md"
      style={{ left: tip.x, top: tip.y - 8 }}
    >
      {tip.title && <p className="mb-1 font-medium">{tip.title}</p>}
      <p className="flex items-center gap-2">
        <span className="size-2 rounded-sm" style={{ background: tip.color }} />
        <span className="text-muted-foreground">{tip.label}</span>
        <span className="ml-1 font-mono tabular-nums">{tip.value}</span>
      </p>
    </div>
  )
}

const PAD = { left: 36, right: 12, top: 8, bottom: 24 }
const HEIGHT = 224

/**
 * A count per day (`YYYY-MM-DD`) as a line or as bars, with its grid, the days below (MM-DD, as
 * many as fit) and the counts on the left; `label` names the count in the pointer's figure.
 */
export function SeriesChart({
  kind,
  days,
  values,
  color,
  label,
}: {
  kind: 'line' | 'bar'
  days: string[]
  values: number[]
  color: string
  label: string
}) {
  const [ref, width] = useWidth()
  const [pointed, setHover] = useState<number | null>(null)
  const n = values.length
  // the point under the pointer, if it is still one of the days (a shorter range may have come since)
  const hover = pointed !== null && pointed < n ? pointed : null
  const ticks = niceTicks(Math.max(0, ...values))
  const top = ticks.at(-1)!
  const plotW = Math.max(0, width - PAD.left - PAD.right)
  const plotH = HEIGHT - PAD.top - PAD.bottom
  // the distance between two days: a bar's band, or a line's points spread over the plot end to end
  const step = kind === 'bar' ? (n ? plotW / n : 0) : plotW / Math.max(1, n - 1)
  const xAt = (i: number) => PAD.left + (kind === 'bar' ? step * (i + 0.5) : n > 1 ? step * i : plotW / 2)
  const yAt = (v: number) => PAD.top + plotH - (plotH * v) / top
  // a label about every 48 px (MM-DD and a gap)
  const every = Math.max(1, Math.ceil(48 / Math.max(1, step)))
  const onPointer = (e: PointerEvent<SVGSVGElement>) => {
    const x = e.clientX - e.currentTarget.getBoundingClientRect().left - PAD.left
    const i = kind === 'bar' ? Math.floor(x / step) : Math.round(x / step)
    setHover(Math.min(n - 1, Math.max(0, i)))
  }
  const tip: Tip | null =
    hover === null ? null : { x: xAt(hover), y: yAt(values[hover]!), title: days[hover], label, value: values[hover]!, color }

  return (
    <div ref={ref} className="relative h-56 w-full text-xs" data-slot="chart">
      {width > 0 && (
        <svg
          width={width}
          height={HEIGHT}
          className="block touch-pan-y"
          onPointerMove={onPointer}
          onPointerDown={onPointer}
          onPointerLeave={() => setHover(null)}
        >
          {ticks.map((t) => (
            <g key={t}>
              <line x1={PAD.left} x2={width - PAD.right} y1={yAt(t)} y2={yAt(t)} className="stroke-border" />
              <text x={PAD.left - 6} y={yAt(t)} dy="0.32em" textAnchor="end" className="fill-muted-foreground tabular-nums">
                {t}
              </text>
            </g>
          ))}
          {days.map((d, i) =>
            i % every === 0 ? (
              <text key={d} x={xAt(i)} y={HEIGHT - 6} textAnchor="middle" className="fill-muted-foreground tabular-nums">
                {d.slice(5)}
              </text>
            ) : null,
          )}
          {kind === 'bar' ? (
            <>
              {hover !== null && <rect x={PAD.left + step * hover} y={PAD.top} width={step} height={plotH} className="fill-muted" />}
              {values.map((v, i) => {
                const h = plotH - (yAt(v) - PAD.top)
                const w = Math.max(1, step * 0.7)
                return v > 0 ? (
                  <path
                    key={i}
                    // rounded at the top (3 px, less for a low bar)
                    d={roundedTop(xAt(i) - w / 2, yAt(v), w, h, Math.min(3, h, w / 2))}
                    style={{ fill: color }}
                  />
                ) : null
              })}
            </>
          ) : (
            <>
              {hover !== null && <line x1={xAt(hover)} x2={xAt(hover)} y1={PAD.top} y2={PAD.top + plotH} className="stroke-border" />}
              <polyline
                points={values.map((v, i) => `${xAt(i)},${yAt(v)}`).join(' ')}
                fill="none"
                strokeWidth={2}
                strokeLinejoin="round"
                strokeLinecap="round"
                style={{ stroke: color }}
              />
              {hover !== null && (
                <circle
                  cx={xAt(hover)}
                  cy={yAt(values[hover]!)}
                  r={4}
                  className="stroke-background"
                  strokeWidth={2}
                  style={{ fill: color }}
                />
              )}
            </>
          )}
        </svg>
      )}
      <ChartTip tip={tip} />
    </div>
  )
}

/** A bar's outline with its top corners rounded by `r`. */
function roundedTop(x: number, y: number, w: number, h: number, r: number) {
  return `M${x},${y + h}V${y + r}Q${x},${y} ${x + r},${y}H${x + w - r}Q${x + w},${y} ${x + w},${y + r}V${y + h}Z`
}

/** Shares of a whole as a ring (each slice's `value` of their sum), drawn in `color`. */
export function RingChart({ slices }: { slices: { key: string; label: string; value: number; color: string }[] }) {
  const [ref, width] = useWidth()
  const [hover, setHover] = useState<string | null>(null)
  const total = slices.reduce((a, s) => a + s.value, 0)
  const size = Math.min(width, HEIGHT)
  const outer = (size / 2) * 0.85
  const inner = outer * 0.55
  const r = (outer + inner) / 2
  const around = 2 * Math.PI * r
  // a slice's gap to the next (none for a single slice)
  const gap = slices.length > 1 ? 2 : 0
  let start = 0
  const arcs = slices.map((s) => {
    const length = (around * s.value) / total
    const arc = { ...s, from: start, length, mid: (start + length / 2) / around }
    start += length
    return arc
  })
  const shown = arcs.find((a) => a.key === hover)
  const c = { x: width / 2, y: HEIGHT / 2 }
  const tip: Tip | null = shown
    ? {
        x: c.x + r * Math.sin(2 * Math.PI * shown.mid),
        y: c.y - r * Math.cos(2 * Math.PI * shown.mid),
        label: shown.label,
        value: shown.value,
        color: shown.color,
      }
    : null

  return (
    <div ref={ref} className="relative h-56 w-full text-xs" data-slot="chart">
      {width > 0 && total > 0 && (
        <svg width={width} height={HEIGHT} className="block" onPointerLeave={() => setHover(null)}>
          <g transform={`rotate(-90 ${c.x} ${c.y})`}>
            {arcs.map((a) => (
              <circle
                key={a.key}
                cx={c.x}
                cy={c.y}
                r={r}
                fill="none"
                strokeWidth={(outer - inner) * (a.key === hover ? 1.12 : 1)}
                strokeDasharray={`${Math.max(0.5, a.length - gap)} ${around}`}
                strokeDashoffset={-a.from}
                style={{ stroke: a.color }}
                onPointerEnter={() => setHover(a.key)}
                onPointerDown={() => setHover(a.key)}
              />
            ))}
          </g>
        </svg>
      )}
      <ChartTip tip={tip} />
    </div>
  )
}
