/** A project's structure: containers, design units and unit projects. */
export const projectStructureArea = {
  id: 'projectStructure',
  pages: ['/admin/project-container', '/admin/designunit', '/admin/project-design-unit', '/admin/unit-engineering', '/admin/unit-project'],
} as const
