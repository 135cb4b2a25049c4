/** An approval's fields (declared once, issue 27): the approve dialog follows this list, the schema (../schemas/terminal.ts) takes its bounds from it. */
import { defineFields } from '../fields'

/** Heartbeat interval bounds in minutes (fractions allowed: 0.05 min = 3 s, for test rigs). */
export const HEARTBEAT_MIN = 0.05
export const HEARTBEAT_MAX = 1440

export const TERMINAL_AGREE_FIELDS = defineFields('terminals.field', [
  { key: 'validityDays', kind: 'number', precision: 0, min: 1, max: 3650, required: true, form: { hint: 'terminals.agree.daysHint' } },
  {
    key: 'heartbeatIntervalMin',
    kind: 'number',
    precision: 2,
    min: HEARTBEAT_MIN,
    max: HEARTBEAT_MAX,
    required: true,
    default: 5,
    form: { hint: 'terminals.agree.intervalHint' },
  },
])
