/** Commands: what the palette offers (./registry) and what a page is asked to do when one opens it (./intent). */
export {
  foundOnUnitTab,
  foundTarget,
  pageCommand,
  registerCommands,
  registeredCommands,
  registerFound,
  type CommandIcon,
  type FoundTarget,
  type OpenFound,
  type PaletteCommand,
} from './registry'
export { dropIntentElsewhere, postIntent, useIntent, type IntentAction } from './intent'
