export { MessageCenterPage } from './MessageCenterPage'
export { MessageSettingPage, MessageCustomConfigPage } from './MessageSettingPage'
export { texts } from './texts'
