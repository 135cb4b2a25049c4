/**
 * 项目信息 as its route loads it: the screen without the other project screens of ./index (the
 * project list with its attribute fields, the participants, the configuration), whose forms would
 * load with it (issue 32).
 */
export { ProjectInfoPage } from './ProjectInfoPage'
export { texts } from './texts'
