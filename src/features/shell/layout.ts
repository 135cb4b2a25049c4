/** The shell layout's own chunk (the layout route loads it lazily; see src/routes/_shell.tsx). */
export { ShellLayout } from './ShellLayout'
