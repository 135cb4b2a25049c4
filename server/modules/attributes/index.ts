/** The extension attributes module's public surface: its routes (attribute groups and values, bill of quantities, resource pool). */
export { registerAttributeRoutes } from './routes'
