/** Messages shared by the shell (the header badge) and the message screens: queries, the live stream. */
export { MessageBell } from './Bell'
export { onLiveMessage, parseSse, startLiveMessages, stopLiveMessages, type LiveEvent } from './live'
export {
  eventLabelKey,
  inboxQueryOptions,
  MESSAGE_ENTITY,
  msgKeys,
  READ_ALL_ID,
  unreadHere,
  unreadQueryOptions,
  type InboxFilters,
} from './queries'
