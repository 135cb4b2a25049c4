/** The notification senders' public surface: their configuration, the mail and SMS channels, verification codes. */
export { loadNotifyConfig } from './config'
export type { NotifyConfig } from './config'
export { checkCode, issueCode } from './codes'
export { realChannels, SmtpMailer, WebhookSmsProvider } from './sender'
export { deliveryChannels, listSuppliers, saveSupplier, testSupplier } from './suppliers'
