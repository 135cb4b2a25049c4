export { MessageCenterPage } from './MessageCenterPage'
export { MessageSettingPage, MessageCustomConfigPage } from './MessageSettingPage'
