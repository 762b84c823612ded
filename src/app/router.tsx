import { createBrowserRouter, redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { LoginPage } from '@/features/auth';
import { HomePage } from '@/features/home';
import { WatchPage, watchLoader } from '@/features/watch';
import { SessionPage } from '@/features/sessions';
import { MyPage, UserPage } from '@/features/profile';
import {
  DownloadPane,
  GroupPane,
  LanguagePane,
  PasswordPane,
  PrivacyPane,
  SettingsPage,
} from '@/features/settings';
import { ModerationPage } from '@/features/moderation';
import {
  FeedbackZeroPage,
  ReportGroupLayout,
  ReportGroupRedirect,
  ReportMembersPane,
  ReportSessionPane,
  ReportSessionsPane,
} from '@/features/reports';
import { tokenStorage } from '@/lib/storage';
import { PageLoader } from '@/features/page-status';
import { RootLayout } from './layout/root-layout';
import { NotFoundPage, RouteErrorPage } from './pages/error-page';

/** /login and /login/v2: a user who already holds a token goes home. */
const redirectIfSignedIn = () => (tokenStorage.getToken() ? redirect('/') : null);

/** The authenticated area: no token, then to login, remembering where the user was going. */
const requireToken = ({ request }: LoaderFunctionArgs) => {
  if (tokenStorage.getToken()) return null;
  const url = new URL(request.url);
  const target = `${url.pathname}${url.search}`;
  return redirect(target === '/' ? '/login' : `/login?redirect=${encodeURIComponent(target)}`);
};

/** A public legal page, fetched with its route (the first load of /login carries none of them). */
const legalPage = (name: 'PolicyRoute' | 'PrivacyPage' | 'TermsPage') => () =>
  import('./pages/legal-pages').then((m) => ({ Component: m[name] }));

/**
 * The spec's route table for the areas that exist so far. Areas not built yet are absent (their
 * paths fall through to page-not-found); later issues add their routes here.
 */
export const routes = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/login', loader: redirectIfSignedIn, element: <LoginPage /> },
      { path: '/login/v2', loader: redirectIfSignedIn, element: <LoginPage /> },
      { path: '/user/create', loader: () => redirect('/') },
      {
        // Public: readable before an account exists; in the app layout once signed in.
        lazy: () => import('./layout/legal-layout').then((m) => ({ Component: m.LegalLayout })),
        hydrateFallbackElement: <PageLoader />,
        errorElement: <RouteErrorPage />,
        children: [
          { path: '/policy', lazy: legalPage('PolicyRoute') },
          { path: '/terms', lazy: legalPage('TermsPage') },
          { path: '/privacy', lazy: legalPage('PrivacyPage') },
        ],
      },
      {
        loader: requireToken,
        // The signed-in shell (header, menus, realtime) is a chunk of its own: /login never loads it.
        lazy: () => import('./layout/app-layout').then((m) => ({ Component: m.AppLayout })),
        hydrateFallbackElement: <PageLoader />,
        // Errors below render inside the layout, so the header stays.
        children: [
          {
            errorElement: <RouteErrorPage />,
            children: [
              { index: true, element: <HomePage /> },
              {
                path: 'session/:sessionId/watch',
                loader: watchLoader,
                hydrateFallbackElement: <PageLoader />,
                element: <WatchPage />,
              },
              {
                path: 'sessions/:sessionId/watch',
                loader: watchLoader,
                hydrateFallbackElement: <PageLoader />,
                element: <WatchPage />,
              },
              { path: '/session/:sessionId', element: <SessionPage /> },
              { path: 'mypage', element: <MyPage /> },
              { path: 'user/:userId', element: <UserPage /> },
              {
                path: 'setting',
                element: <SettingsPage />,
                children: [
                  // /setting alone: the settings page shows the menu (mobile) or opens its first entry.
                  { index: true, element: null },
                  { path: 'download', element: <DownloadPane /> },
                  { path: 'language', element: <LanguagePane /> },
                  { path: 'password', element: <PasswordPane /> },
                  { path: 'group', element: <GroupPane /> },
                  { path: 'group/:groupId', element: <GroupPane /> },
                  { path: 'privacy', element: <PrivacyPane /> },
                ],
              },
              { path: 'report', loader: () => redirect('/report/group') },
              { path: 'report/group', element: <ReportGroupRedirect /> },
              {
                path: 'report/group/:groupId',
                element: <ReportGroupLayout />,
                children: [
                  {
                    index: true,
                    loader: ({ params }: LoaderFunctionArgs) =>
                      redirect(
                        `/report/group/${encodeURIComponent(params.groupId ?? '')}/sessions`,
                      ),
                  },
                  { path: 'sessions', element: <ReportSessionsPane /> },
                  { path: 'session/:sessionId', element: <ReportSessionPane /> },
                  { path: 'members', element: <ReportMembersPane /> },
                ],
              },
              { path: 'moderation', element: <ModerationPage /> },
              { path: 'feedbackzero', element: <FeedbackZeroPage /> },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
