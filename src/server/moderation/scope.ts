import { isProviderRole, type Subject } from '../auth/permissions';

/**
 * The schools whose pupils `scope` moderates: null for every school (provider roles), else their
 * own school ([] without one). The same scope as the class reports (reports/access.ts); the queue,
 * its decisions and takedowns (takedown.ts) all read it.
 */
export function moderatedSchools(scope: Subject): string[] | null {
  if (isProviderRole(scope.role)) return null;
  return scope.schoolId ? [scope.schoolId] : [];
}
