/**
 * The lengths of SPEC §5's account rules, zod-free: the sign-in screen's controls and the outbox's
 * account declarations read them without loading a schema (../rules.ts builds the rules on them).
 */

/** An account name: 3–20 letters and digits. */
export const ACCOUNT_NAME_MAX = 20
/** A password: 6–20 printable characters. */
export const PASSWORD_MAX = 20
/** A mainland mobile number: 11 digits. */
export const PHONE_LENGTH = 11
/** A verification code: 6 digits. */
export const VERIFY_CODE_LENGTH = 6
