// The profile pieces the home page shows, gathered in one chunk (see index.ts).
export { ActivityPanel } from './activity-panel';
export { MyProfileHeader } from './my-profile-header';
export { RecentOutputsCard } from './side-cards';
