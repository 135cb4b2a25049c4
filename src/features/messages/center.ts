/**
 * 消息中心 as its route loads it: the screen without the settings screens of ./index, whose forms
 * would load with it (issue 32).
 */
export { MessageCenterPage } from './MessageCenterPage'
export { texts } from './texts'
