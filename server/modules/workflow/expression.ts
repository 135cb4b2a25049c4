/**
 * The conditions of a model: `${…}` expressions over the instance's variables, parsed and evaluated
 * here — never handed to JavaScript. What they may hold:
 *
 *   literals      12, 3.5, 'text', "text", true, false, null
 *   variables     amount, form.total (own properties only; `variables.` / `environment.variables.` prefixes allowed)
 *   comparisons   == != < <= > >=   (also eq ne lt le gt ge)
 *   logic         && || !           (also and or not), parentheses
 *   arithmetic    + - * / on numbers (+ also joins text), unary -
 *
 * A missing variable is null. Comparing a number with a numeric string compares numbers; < > between
 * anything but two numbers or two strings is false.
 */

export class ExpressionError extends Error {
  constructor(
    message: string,
    public readonly position: number,
  ) {
    super(message)
    this.name = 'ExpressionError'
  }
}

export type Value = string | number | boolean | null | Value[] | { [k: string]: Value }

type Node =
  | { t: 'lit'; v: Value }
  | { t: 'var'; path: string[] }
  | { t: 'not'; e: Node }
  | { t: 'neg'; e: Node }
  | { t: 'bin'; op: string; l: Node; r: Node }

interface Token {
  k: 'num' | 'str' | 'id' | 'op' | 'end'
  v: string
  at: number
}

const WORD_OPS: Record<string, string> = { and: '&&', or: '||', not: '!', eq: '==', ne: '!=', lt: '<', le: '<=', gt: '>', ge: '>=' }
const SYMBOLS = ['&&', '||', '==', '!=', '<=', '>=', '<', '>', '!', '(', ')', '+', '-', '*', '/', '.']
/** Longest expression accepted (characters). */
const MAX_LENGTH = 1000
const MAX_DEPTH = 40

function tokenize(src: string): Token[] {
  const out: Token[] = []
  let i = 0
  while (i < src.length) {
    const c = src[i]!
    if (/\s/.test(c)) {
      i++
      continue
    }
    const at = i
    if (/[0-9]/.test(c)) {
      const m = /^\d+(\.\d+)?/.exec(src.slice(i))!
      out.push({ k: 'num', v: m[0], at })
      i += m[0].length
      continue
    }
    if (c === "'" || c === '"') {
      let j = i + 1
      let s = ''
      while (j < src.length && src[j] !== c) {
        if (src[j] === '\\' && j + 1 < src.length) j++
        s += src[j]
        j++
      }
      if (j >= src.length) throw new ExpressionError('unterminated text', at)
      out.push({ k: 'str', v: s, at })
      i = j + 1
      continue
    }
    if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_]\w*/.exec(src.slice(i))!
      const word = m[0]
      if (Object.hasOwn(WORD_OPS, word)) out.push({ k: 'op', v: WORD_OPS[word]!, at })
      else out.push({ k: 'id', v: word, at })
      i += word.length
      continue
    }
    const sym = SYMBOLS.find((s) => src.startsWith(s, i))
    if (!sym) throw new ExpressionError(`unexpected character ${c}`, at)
    out.push({ k: 'op', v: sym, at })
    i += sym.length
  }
  out.push({ k: 'end', v: '', at: src.length })
  return out
}

class Parser {
  private i = 0
  private depth = 0
  constructor(private readonly toks: Token[]) {}

  private peek(): Token {
    return this.toks[this.i]!
  }
  private take(): Token {
    return this.toks[this.i++]!
  }
  private isOp(...ops: string[]): boolean {
    const t = this.peek()
    return t.k === 'op' && ops.includes(t.v)
  }

  parse(): Node {
    const n = this.or()
    const t = this.peek()
    if (t.k !== 'end') throw new ExpressionError(`unexpected ${t.v}`, t.at)
    return n
  }
  private nest<T>(fn: () => T): T {
    if (++this.depth > MAX_DEPTH) throw new ExpressionError('nested too deeply', this.peek().at)
    try {
      return fn()
    } finally {
      this.depth--
    }
  }
  /** A left-associative run of the binary operators `ops` between operands read by `operand`. */
  private chain(operand: () => Node, ...ops: string[]): Node {
    let l = operand()
    while (this.isOp(...ops)) {
      const op = this.take().v
      l = { t: 'bin', op, l, r: operand() }
    }
    return l
  }
  private or(): Node {
    return this.chain(() => this.and(), '||')
  }
  private and(): Node {
    return this.chain(() => this.cmp(), '&&')
  }
  private cmp(): Node {
    const l = this.add()
    if (this.isOp('==', '!=', '<', '<=', '>', '>=')) {
      const op = this.take().v
      return { t: 'bin', op, l, r: this.add() }
    }
    return l
  }
  private add(): Node {
    return this.chain(() => this.mul(), '+', '-')
  }
  private mul(): Node {
    return this.chain(() => this.unary(), '*', '/')
  }
  private unary(): Node {
    return this.nest(() => {
      if (this.isOp('!')) {
        this.take()
        return { t: 'not', e: this.unary() }
      }
      if (this.isOp('-')) {
        this.take()
        return { t: 'neg', e: this.unary() }
      }
      return this.primary()
    })
  }
  private primary(): Node {
    const t = this.take()
    if (t.k === 'num') return { t: 'lit', v: Number(t.v) }
    if (t.k === 'str') return { t: 'lit', v: t.v }
    if (t.k === 'id') {
      if (t.v === 'true') return { t: 'lit', v: true }
      if (t.v === 'false') return { t: 'lit', v: false }
      if (t.v === 'null') return { t: 'lit', v: null }
      const path = [t.v]
      while (this.isOp('.')) {
        this.take()
        const n = this.take()
        if (n.k !== 'id') throw new ExpressionError('a name must follow "."', n.at)
        path.push(n.v)
      }
      return { t: 'var', path }
    }
    if (t.k === 'op' && t.v === '(') {
      const e = this.nest(() => this.or())
      const close = this.take()
      if (close.k !== 'op' || close.v !== ')') throw new ExpressionError('missing )', close.at)
      return e
    }
    throw new ExpressionError(t.k === 'end' ? 'unexpected end' : `unexpected ${t.v}`, t.at)
  }
}

const cache = new Map<string, Node>()

/** Parses an expression (the text inside `${…}`); throws ExpressionError. */
export function parseExpression(src: string): Node {
  const hit = cache.get(src)
  if (hit) return hit
  if (src.length > MAX_LENGTH) throw new ExpressionError('too long', MAX_LENGTH)
  const node = new Parser(tokenize(src)).parse()
  if (cache.size > 2000) cache.clear()
  cache.set(src, node)
  return node
}

const own = (o: unknown, k: string): Value => {
  if (o === null || typeof o !== 'object' || !Object.prototype.hasOwnProperty.call(o, k)) return null
  return ((o as Record<string, Value>)[k] ?? null) as Value
}

function lookup(path: string[], vars: Record<string, unknown>): Value {
  let p = path
  if (p[0] === 'environment' && p[1] === 'variables') p = p.slice(2)
  else if (p[0] === 'variables' && p.length > 1) p = p.slice(1)
  let cur: unknown = vars
  for (const k of p) cur = own(cur, k)
  return (cur ?? null) as Value
}

const truthy = (v: Value): boolean => v !== null && v !== false && v !== 0 && v !== ''
const asNumber = (v: Value): number | null => {
  if (typeof v === 'number') return v
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v)
  return null
}

function equal(a: Value, b: Value): boolean {
  if (typeof a === 'number' || typeof b === 'number') {
    const x = asNumber(a)
    const y = asNumber(b)
    if (x !== null && y !== null) return x === y
  }
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b)
  return a === b
}

function compare(op: string, a: Value, b: Value): boolean {
  const x = asNumber(a)
  const y = asNumber(b)
  let l: number | string
  let r: number | string
  if (x !== null && y !== null) [l, r] = [x, y]
  else if (typeof a === 'string' && typeof b === 'string') [l, r] = [a, b]
  else return false
  switch (op) {
    case '<':
      return l < r
    case '<=':
      return l <= r
    case '>':
      return l > r
    default:
      return l >= r
  }
}

function arith(op: string, a: Value, b: Value): Value {
  if (op === '+' && (typeof a === 'string' || typeof b === 'string')) return `${a ?? ''}${b ?? ''}`
  const x = asNumber(a)
  const y = asNumber(b)
  if (x === null || y === null) return null
  const r = op === '+' ? x + y : op === '-' ? x - y : op === '*' ? x * y : y === 0 ? null : x / y
  return r === null || !Number.isFinite(r) ? null : r
}

/** Evaluates a parsed expression over the variables. */
export function evaluate(node: Node, vars: Record<string, unknown>): Value {
  switch (node.t) {
    case 'lit':
      return node.v
    case 'var':
      return lookup(node.path, vars)
    case 'not':
      return !truthy(evaluate(node.e, vars))
    case 'neg': {
      const n = asNumber(evaluate(node.e, vars))
      return n === null ? null : -n
    }
    case 'bin': {
      if (node.op === '&&') return truthy(evaluate(node.l, vars)) && truthy(evaluate(node.r, vars))
      if (node.op === '||') return truthy(evaluate(node.l, vars)) || truthy(evaluate(node.r, vars))
      const a = evaluate(node.l, vars)
      const b = evaluate(node.r, vars)
      if (node.op === '==') return equal(a, b)
      if (node.op === '!=') return !equal(a, b)
      if (['<', '<=', '>', '>='].includes(node.op)) return compare(node.op, a, b)
      return arith(node.op, a, b)
    }
  }
}

const WHOLE = /^\s*\$\{([\s\S]*)\}\s*$/
const PART = /\$\{([^}]*)\}/g

/** Whether a text is one `${…}` expression. */
export const isExpression = (text: unknown): boolean => typeof text === 'string' && WHOLE.test(text)
/** Whether a text holds a `${…}` expression. */
export const hasExpression = (text: unknown): boolean => typeof text === 'string' && /\$\{[^}]*\}/.test(text)

/**
 * A text with expressions resolved: the value itself when the text is one `${…}`, else the text with
 * each `${…}` replaced by its value. Text without `${` is returned as it is.
 */
export function resolveTemplate(text: unknown, vars: Record<string, unknown>): unknown {
  if (typeof text !== 'string' || !text.includes('${')) return text
  const whole = WHOLE.exec(text)
  if (whole && !whole[1]!.includes('}')) return evaluate(parseExpression(whole[1]!), vars)
  return text.replace(PART, (_, inner: string) => {
    const v = evaluate(parseExpression(inner), vars)
    return v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v)
  })
}

/** Checks a condition's text: one `${…}` expression that parses (null), or what is wrong. */
export function checkCondition(text: string): string | null {
  const whole = WHOLE.exec(text)
  if (!whole) return 'not a ${…} expression'
  try {
    parseExpression(whole[1]!)
    return null
  } catch (err) {
    return err instanceof ExpressionError ? `${err.message} at ${err.position + 1}` : 'unreadable'
  }
}
