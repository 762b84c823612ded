// The news and contact screens (issue 14): the router imports this module lazily.
export { NewsPage } from './news-page';
export { ContactPage } from './contact-page';
export { InquiryInbox } from './inquiry-inbox';
