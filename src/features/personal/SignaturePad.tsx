/**
 * A handwriting pad: pointer events on a <canvas> (finger, stylus or mouse; `touch-action: none`
 * so a tablet does not scroll while signing), pressure-aware stroke width when the device reports
 * pressure, undo and clear. Strokes are kept in a fixed logical space (600 × 200), so the pad can
 * be any width on screen; `toBlob()` renders them again, cropped to the ink, as a transparent PNG.
 */
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react'
import { cn } from '@/lib/utils'

interface Point {
  x: number
  y: number
  /** Stroke width at this point, in logical units. */
  w: number
}
type Stroke = Point[]

export interface SignaturePadHandle {
  isEmpty(): boolean
  undo(): void
  clear(): void
  /** A transparent PNG of the ink (2× the logical size, cropped with a margin); null when empty. */
  toBlob(): Promise<Blob | null>
}

export interface SignaturePadProps {
  /** Called when strokes are added or removed: how many there are. */
  onChange?(strokes: number): void
  /** Called once a pressure-reporting device (a stylus) is used. */
  onPressure?(): void
  label: string
  placeholder?: string
  className?: string
  inkColor?: string
}

const W = 600
const H = 200
const BASE = 2.6

/** The line width for a pointer sample: pressure-aware for pens and pressure-reporting touches. */
function widthOf(e: PointerEvent): { w: number; pressure: boolean } {
  // Mice report 0.5 while pressed (0 when not); a real pressure is anything else.
  const real = e.pointerType === 'pen' || (e.pointerType === 'touch' && e.pressure > 0 && e.pressure !== 0.5 && e.pressure !== 1)
  if (!real) return { w: BASE, pressure: false }
  const p = Math.min(1, Math.max(0.05, e.pressure || 0.5))
  return { w: BASE * (0.35 + p * 1.3), pressure: true }
}

function drawSegment(ctx: CanvasRenderingContext2D, a: Point, b: Point) {
  ctx.lineWidth = (a.w + b.w) / 2
  ctx.beginPath()
  ctx.moveTo(a.x, a.y)
  ctx.lineTo(b.x, b.y)
  ctx.stroke()
}

function drawStroke(ctx: CanvasRenderingContext2D, s: Stroke) {
  if (s.length === 1) {
    const p = s[0]!
    ctx.beginPath()
    ctx.arc(p.x, p.y, p.w / 2, 0, Math.PI * 2)
    ctx.fill()
    return
  }
  for (let i = 1; i < s.length; i++) drawSegment(ctx, s[i - 1]!, s[i]!)
}

function prepare(ctx: CanvasRenderingContext2D, color: string) {
  ctx.lineCap = 'round'
  ctx.lineJoin = 'round'
  ctx.strokeStyle = color
  ctx.fillStyle = color
}

export const SignaturePad = forwardRef<SignaturePadHandle, SignaturePadProps>(function SignaturePad(
  { onChange, onPressure, label, placeholder, className, inkColor = '#111827' },
  ref,
) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const strokes = useRef<Stroke[]>([])
  const active = useRef<{ id: number; stroke: Stroke } | null>(null)
  const [count, setCount] = useState(0)

  const ctx = useCallback(() => {
    const c = canvas.current?.getContext('2d')
    if (c) prepare(c, inkColor)
    return c ?? null
  }, [inkColor])

  /** Sizes the backing store to the element (device pixels) and draws every stroke again. */
  const redraw = useCallback(() => {
    const el = canvas.current
    if (!el) return
    const rect = el.getBoundingClientRect()
    const dpr = window.devicePixelRatio || 1
    const bw = Math.max(1, Math.round(rect.width * dpr))
    const bh = Math.max(1, Math.round(rect.height * dpr))
    if (el.width !== bw || el.height !== bh) {
      el.width = bw
      el.height = bh
    }
    const c = ctx()
    if (!c) return
    c.setTransform(1, 0, 0, 1, 0, 0)
    c.clearRect(0, 0, bw, bh)
    c.setTransform(bw / W, 0, 0, bh / H, 0, 0)
    for (const s of strokes.current) drawStroke(c, s)
    if (active.current) drawStroke(c, active.current.stroke)
  }, [ctx])

  useEffect(() => {
    redraw()
    const el = canvas.current
    if (!el || typeof ResizeObserver === 'undefined') return
    const ro = new ResizeObserver(() => redraw())
    ro.observe(el)
    return () => ro.disconnect()
  }, [redraw])

  const changed = (n: number) => {
    setCount(n)
    onChange?.(n)
  }

  const pointOf = (e: PointerEvent): Point => {
    const rect = canvas.current!.getBoundingClientRect()
    const { w, pressure } = widthOf(e)
    if (pressure) onPressure?.()
    return { x: ((e.clientX - rect.left) / rect.width) * W, y: ((e.clientY - rect.top) / rect.height) * H, w }
  }

  useEffect(() => {
    const el = canvas.current
    if (!el) return
    const down = (e: PointerEvent) => {
      if (e.button !== 0 && e.pointerType === 'mouse') return
      if (active.current) return
      e.preventDefault()
      el.setPointerCapture(e.pointerId)
      const p = pointOf(e)
      active.current = { id: e.pointerId, stroke: [p] }
      const c = ctx()
      if (c) drawStroke(c, [p])
    }
    const move = (e: PointerEvent) => {
      const a = active.current
      if (!a || a.id !== e.pointerId) return
      e.preventDefault()
      const c = ctx()
      const samples = typeof e.getCoalescedEvents === 'function' ? e.getCoalescedEvents() : []
      for (const s of samples.length ? samples : [e]) {
        const p = pointOf(s)
        const last = a.stroke[a.stroke.length - 1]!
        if (Math.abs(p.x - last.x) < 0.3 && Math.abs(p.y - last.y) < 0.3) continue
        a.stroke.push(p)
        if (c) drawSegment(c, last, p)
      }
    }
    const up = (e: PointerEvent) => {
      const a = active.current
      if (!a || a.id !== e.pointerId) return
      active.current = null
      strokes.current.push(a.stroke)
      changed(strokes.current.length)
    }
    el.addEventListener('pointerdown', down)
    el.addEventListener('pointermove', move)
    el.addEventListener('pointerup', up)
    el.addEventListener('pointercancel', up)
    return () => {
      el.removeEventListener('pointerdown', down)
      el.removeEventListener('pointermove', move)
      el.removeEventListener('pointerup', up)
      el.removeEventListener('pointercancel', up)
    }
    // pointOf/changed read refs and props at call time
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ctx])

  useImperativeHandle(ref, () => ({
    isEmpty: () => strokes.current.length === 0,
    undo() {
      strokes.current.pop()
      redraw()
      changed(strokes.current.length)
    },
    clear() {
      strokes.current = []
      redraw()
      changed(0)
    },
    async toBlob() {
      const all = strokes.current
      if (all.length === 0) return null
      let minX = W
      let minY = H
      let maxX = 0
      let maxY = 0
      for (const s of all)
        for (const p of s) {
          minX = Math.min(minX, p.x - p.w)
          minY = Math.min(minY, p.y - p.w)
          maxX = Math.max(maxX, p.x + p.w)
          maxY = Math.max(maxY, p.y + p.w)
        }
      const margin = 8
      minX = Math.max(0, minX - margin)
      minY = Math.max(0, minY - margin)
      maxX = Math.min(W, maxX + margin)
      maxY = Math.min(H, maxY + margin)
      const scale = 2
      const out = document.createElement('canvas')
      out.width = Math.max(1, Math.round((maxX - minX) * scale))
      out.height = Math.max(1, Math.round((maxY - minY) * scale))
      const c = out.getContext('2d')
      if (!c) return null
      prepare(c, inkColor)
      c.setTransform(scale, 0, 0, scale, -minX * scale, -minY * scale)
      for (const s of all) drawStroke(c, s)
      return new Promise<Blob | null>((resolve) => out.toBlob(resolve, 'image/png'))
    },
  }))

  return (
    <div className={cn('relative', className)}>
      <canvas
        ref={canvas}
        role="img"
        aria-label={label}
        data-strokes={count}
        className="block aspect-[3/1] w-full cursor-crosshair touch-none select-none rounded-md border-2 border-dashed border-input bg-white"
        style={{ touchAction: 'none' }}
      />
      {count === 0 && placeholder && (
        <span
          className="pointer-events-none absolute inset-0 flex items-center justify-center text-lg text-muted-foreground/60"
          aria-hidden
        >
          {placeholder}
        </span>
      )}
      <span className="pointer-events-none absolute bottom-[22%] left-[6%] right-[6%] border-b border-muted-foreground/30" aria-hidden />
    </div>
  )
})
