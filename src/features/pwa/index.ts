export { UpdatePrompt } from './UpdatePrompt'
