/** The system check, /check (issue 13), and the network requirements page, /network (issue 27). */
export { CheckPage } from './check-page';
export { NetworkPage } from './network-page';
