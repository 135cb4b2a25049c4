/**
 * The tree toolkit: pure data helpers (./data) and one accessible, virtualised tree component
 * with search, tri-state checks, lazy children and moves (drag, 上移/下移, 移动到…).
 */
export * from './data'
export { Tree } from './Tree'
export type { TreeProps, TreeCheck, TreeMove, TreeRowContext } from './Tree'
export { Highlight } from './Highlight'
export { TreeRowMenu } from './TreeRowMenu'
export { TreeQueryBody, TreeRefresh } from './TreeQuery'
