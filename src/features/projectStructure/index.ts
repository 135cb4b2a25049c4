export { ContainerPage } from './ContainerPage'
export { DesignUnitPage } from './DesignUnitPage'
export { UnitEngineeringPage } from './UnitEngineeringPage'
