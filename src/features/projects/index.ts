export { ProjectSections } from './project-sections';
export type { ProjectSectionsProps } from './project-sections';
export { projectPageUrl, projectSectionsVisible } from './project-rules';
