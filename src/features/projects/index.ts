export { ProjectSections } from './project-sections';
export { projectPageUrl, projectSectionsVisible } from './project-rules';
/** The project sections' reads, which home's loader starts once it knows they show (issue 10). */
export { latestProjectQuery, pinnedSlidesQuery } from './api/projects';
