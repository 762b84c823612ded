import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { NotFoundView, PageMessage } from '@/features/page-status';
import { isLazyLoadFailure, reportError } from '@/lib/error-reporting';

/** Any path the route table does not know. */
export function NotFoundPage() {
  return <NotFoundView />;
}

/** The router's error: its own message when it has one, else the default text. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  // A route's chunk that did not load, or a page that threw: the error-reporting service hears
  // of it (responses such as 404 are answers, not faults).
  useEffect(() => {
    if (!isRouteErrorResponse(error))
      reportError(error, isLazyLoadFailure(error) ? 'lazyLoad' : 'render');
  }, [error]);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  // The page's code did not arrive (a dropped request, a filter): say so in the user's words,
  // never the browser's English, and offer to load it again (issue 30).
  if (isLazyLoadFailure(error))
    return (
      <PageMessage
        title={t('error.pageNotLoaded')}
        detail={t('error.pageNotLoadedDetail')}
        onRetry={() => window.location.reload()}
      />
    );
  const message = isRouteErrorResponse(error)
    ? error.statusText || (typeof error.data === 'string' ? error.data : '')
    : error instanceof Error
      ? error.message
      : '';
  if (import.meta.env.DEV) console.error(error);
  return <PageMessage title={message || t('error.default')} />;
}
