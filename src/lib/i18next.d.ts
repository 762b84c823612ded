import type common from '../../locales/ja/common.json';
import type consent from '../../locales/ja/consent.json';
import type home from '../../locales/ja/home.json';
import type legal from '../../locales/ja/legal.json';
import type login from '../../locales/ja/login.json';
import type watch from '../../locales/ja/watch.json';
import type rooms from '../../locales/ja/rooms.json';
import type sessions from '../../locales/ja/sessions.json';
import type profile from '../../locales/ja/profile.json';
import type setting from '../../locales/ja/setting.json';
import type outputs from '../../locales/ja/outputs.json';
import type feedback from '../../locales/ja/feedback.json';
import type notifications from '../../locales/ja/notifications.json';
import type projects from '../../locales/ja/projects.json';
import type reports from '../../locales/ja/reports.json';
import type moderation from '../../locales/ja/moderation.json';
import type safeguarding from '../../locales/ja/safeguarding.json';
// Loaded with the studio (features/studio/studio-locales.ts), not in the first language chunk.
import type studio from '../../locales/ja/lazy/studio.json';
import type downloads from '../../locales/ja/downloads.json';
import type check from '../../locales/ja/check.json';
import type news from '../../locales/ja/news.json';

// Translation keys are typed from the Japanese (default) resources, so a typo fails type-check.
// A new namespace: add locales/{ja,en}/<ns>.json and one line here.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      consent: typeof consent;
      home: typeof home;
      legal: typeof legal;
      login: typeof login;
      watch: typeof watch;
      rooms: typeof rooms;
      sessions: typeof sessions;
      profile: typeof profile;
      setting: typeof setting;
      outputs: typeof outputs;
      feedback: typeof feedback;
      notifications: typeof notifications;
      projects: typeof projects;
      reports: typeof reports;
      moderation: typeof moderation;
      safeguarding: typeof safeguarding;
      studio: typeof studio;
      downloads: typeof downloads;
      check: typeof check;
      news: typeof news;
    };
    returnNull: false;
  }
}
