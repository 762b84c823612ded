import type { QueryClient } from '@tanstack/react-query';
import {
  createBrowserRouter,
  redirect,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router-dom';
import { loadLoginPage, meQueryOptions } from '@/features/auth';
import { loadAppNamespaces, loadFeatureNamespace, type LazyNamespace } from '@/lib/i18n';
import { tokenStorage } from '@/lib/storage';
import { PageLoader } from '@/features/page-status';
import { RootLayout } from './layout/root-layout';
import { NotFoundPage, RouteErrorPage } from './pages/error-page';

/**
 * /login and /login/v2: a user who already holds a token goes home; otherwise the page's read
 * starts with its module (already on its way: the router fetches it with the route).
 */
export const loginLoader = (queryClient: QueryClient) => async () => {
  if (tokenStorage.getToken()) return redirect('/');
  (await loadLoginPage()).prefetchLoginReads(queryClient);
  return null;
};

/**
 * The authenticated area: no token, then to login, remembering where the user was going. With
 * one, `/v1/me` (which the shell waits for) starts now, alongside the shell's chunks and texts
 * rather than after them (issue 10); the shell's query shows its outcome as usual.
 */
export const requireToken =
  (queryClient: QueryClient) =>
  ({ request }: LoaderFunctionArgs) => {
    if (tokenStorage.getToken()) {
      // Starts /v1/me only when nothing is cached: React Router re-runs this loader when the
      // search params change, and a stale answer is the shell query's to refresh, not a reason
      // for a second read here.
      queryClient.ensureQueryData(meQueryOptions()).catch(() => undefined);
      return null;
    }
    const url = new URL(request.url);
    const target = `${url.pathname}${url.search}`;
    return redirect(target === '/' ? '/login' : `/login?redirect=${encodeURIComponent(target)}`);
  };

/**
 * The signed-in areas are fetched with their route: the router names each feature only through a
 * dynamic import, so the entry chunk (all /login needs) holds none of them, nor what their public
 * index files re-export for other features (issue 10).
 */
const home = () => import('@/features/home');
/** A feature's module together with its texts (i18n.ts LAZY_NAMESPACES), so none shows as a key. */
const withTexts =
  <M,>(ns: LazyNamespace, load: () => Promise<M>) =>
  () =>
    Promise.all([load(), loadFeatureNamespace(ns)]).then(([m]) => m);

const watch = withTexts('watch', () => import('@/features/watch'));
const sessions = () => import('@/features/sessions');
const profile = () => import('@/features/profile');
const settings = withTexts('setting', () => import('@/features/settings'));
const moderation = withTexts('moderation', () => import('@/features/moderation'));
const safeguarding = () => import('@/features/safeguarding');
const reports = withTexts('reports', () => import('@/features/reports'));
const studio = () => import('@/features/studio');
const news = () => import('@/features/news');

/** A route's component taken from a lazily imported module. */
const component =
  <M,>(load: () => Promise<M>, pick: (module: M) => RouteObject['Component']) =>
  async () => ({ Component: pick(await load()) });

/** The watch page's loader, fetched with the page. */
const watchLoader = async (args: LoaderFunctionArgs) => (await watch()).watchLoader(args);

/** A public legal page, fetched with its route (the first load of /login carries none of them). */
const legalPage = (name: 'PolicyRoute' | 'PrivacyPage' | 'TermsPage') => () =>
  withTexts('legal', () => import('./pages/legal-pages'))().then((m) => ({ Component: m[name] }));

/** The home page's first reads, started with its chunk (see prefetchHomeReads). */
const homeLoader = (queryClient: QueryClient) => async () => {
  (await home()).prefetchHomeReads(queryClient);
  return null;
};

/**
 * The spec's route table for the areas that exist so far. Areas not built yet are absent (their
 * paths fall through to page-not-found); later issues add their routes here. The loaders start
 * reads in the query client the pages then use.
 */
const createRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        path: '/login',
        loader: loginLoader(queryClient),
        lazy: component(loadLoginPage, (m) => m.LoginPage),
      },
      {
        path: '/login/v2',
        loader: loginLoader(queryClient),
        lazy: component(loadLoginPage, (m) => m.LoginPage),
      },
      { path: '/user/create', loader: () => redirect('/') },
      {
        // Public: readable before an account exists; in the app layout once signed in.
        lazy: () =>
          Promise.all([import('./layout/legal-layout'), loadAppNamespaces()]).then(([m]) => ({
            Component: m.LegalLayout,
          })),
        hydrateFallbackElement: <PageLoader />,
        errorElement: <RouteErrorPage />,
        children: [
          { path: '/policy', lazy: legalPage('PolicyRoute') },
          { path: '/terms', lazy: legalPage('TermsPage') },
          { path: '/privacy', lazy: legalPage('PrivacyPage') },
          // The system check a school runs before a lesson (issue 13): no sign-in needed.
          {
            path: '/check',
            lazy: () => import('@/features/check').then((m) => ({ Component: m.CheckPage })),
          },
          // What a school's filter or proxy must let through, for its IT staff (issue 27).
          {
            path: '/network',
            lazy: () => import('@/features/check').then((m) => ({ Component: m.NetworkPage })),
          },
        ],
      },
      {
        loader: requireToken(queryClient),
        // The signed-in shell (header, menus, realtime) is a chunk of its own, and so are the texts
        // beyond /login's: /login never loads them.
        lazy: () =>
          Promise.all([import('./layout/app-layout'), loadAppNamespaces()]).then(([m]) => ({
            Component: m.AppLayout,
          })),
        hydrateFallbackElement: <PageLoader />,
        // Errors below render inside the layout, so the header stays.
        children: [
          {
            errorElement: <RouteErrorPage />,
            children: [
              {
                index: true,
                loader: homeLoader(queryClient),
                lazy: component(home, (m) => m.HomePage),
              },
              {
                path: 'session/:sessionId/watch',
                // The watch page says what offline means there (the layout's banner stays away).
                handle: { ownOfflineNotice: true },
                loader: watchLoader,
                lazy: component(watch, (m) => m.WatchPage),
                hydrateFallbackElement: <PageLoader />,
              },
              {
                path: 'sessions/:sessionId/watch',
                // The watch page says what offline means there (the layout's banner stays away).
                handle: { ownOfflineNotice: true },
                loader: watchLoader,
                lazy: component(watch, (m) => m.WatchPage),
                hydrateFallbackElement: <PageLoader />,
              },
              { path: '/session/:sessionId', lazy: component(sessions, (m) => m.SessionPage) },
              { path: 'mypage', lazy: component(profile, (m) => m.MyPage) },
              { path: 'user/:userId', lazy: component(profile, (m) => m.UserPage) },
              {
                path: 'setting',
                lazy: component(settings, (m) => m.SettingsPage),
                children: [
                  // /setting alone: the settings page shows the menu (mobile) or opens its first entry.
                  { index: true, element: null },
                  { path: 'download', lazy: component(settings, (m) => m.DownloadPane) },
                  { path: 'language', lazy: component(settings, (m) => m.LanguagePane) },
                  { path: 'password', lazy: component(settings, (m) => m.PasswordPane) },
                  { path: 'group', lazy: component(settings, (m) => m.GroupPane) },
                  { path: 'group/:groupId', lazy: component(settings, (m) => m.GroupPane) },
                  { path: 'privacy', lazy: component(settings, (m) => m.PrivacyPane) },
                  {
                    path: 'notification',
                    lazy: component(settings, (m) => m.NotificationPane),
                  },
                ],
              },
              { path: 'report', loader: () => redirect('/report/group') },
              { path: 'report/group', lazy: component(reports, (m) => m.ReportGroupRedirect) },
              {
                path: 'report/group/:groupId',
                lazy: component(reports, (m) => m.ReportGroupLayout),
                children: [
                  {
                    index: true,
                    loader: ({ params }: LoaderFunctionArgs) =>
                      redirect(
                        `/report/group/${encodeURIComponent(params.groupId ?? '')}/sessions`,
                      ),
                  },
                  { path: 'sessions', lazy: component(reports, (m) => m.ReportSessionsPane) },
                  {
                    path: 'session/:sessionId',
                    lazy: component(reports, (m) => m.ReportSessionPane),
                  },
                  { path: 'members', lazy: component(reports, (m) => m.ReportMembersPane) },
                ],
              },
              { path: 'moderation', lazy: component(moderation, (m) => m.ModerationPage) },
              { path: 'concerns', lazy: component(safeguarding, (m) => m.ConcernsPage) },
              { path: 'feedbackzero', lazy: component(reports, (m) => m.FeedbackZeroPage) },
              // The studio (issue 15): staff roles author sessions; its words load with it.
              { path: 'studio', lazy: component(studio, (m) => m.StudioListPage) },
              {
                path: 'studio/session/:sessionId',
                lazy: component(studio, (m) => m.StudioSessionPage),
              },
              { path: 'news', lazy: component(news, (m) => m.NewsPage) },
              { path: 'contact', lazy: component(news, (m) => m.ContactPage) },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];

export const createRouter = (queryClient: QueryClient) =>
  createBrowserRouter(createRoutes(queryClient));
