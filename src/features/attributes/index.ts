export { ConfigPage } from './ConfigPage'
export { SettingPage } from './SettingPage'
export { BoqPage } from './BoqPage'
export { ResourcePoolPage } from './ResourcePoolPage'
