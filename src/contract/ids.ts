import { v7 } from 'uuid'

/** A new record id: UUIDv7 (time-ordered), generated in code on either side. */
export const newId = (): string => v7()
