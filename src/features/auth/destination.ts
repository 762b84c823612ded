/**
 * The post-login destination from the `redirect` query. Only a path on this site is accepted
 * (no `//host`, no scheme), so a crafted link cannot send a user elsewhere after they log in.
 */
export function safeDestination(redirect: string | null | undefined): string {
  if (
    !redirect ||
    !redirect.startsWith('/') ||
    redirect.startsWith('//') ||
    redirect.includes('\\')
  ) {
    return '/';
  }
  try {
    const url = new URL(redirect, 'http://same.origin');
    if (url.origin !== 'http://same.origin') return '/';
    if (url.pathname === '/login' || url.pathname.startsWith('/login/')) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}
