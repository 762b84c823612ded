import { useQuery } from '@tanstack/react-query';
import { PermissionResponse, type PermissionName } from '@/contracts/api/users';
import { USER_PERMISSION_NAMES, type UserPermissionName } from '@/contracts/user-entities';
import { apiClient } from '@/lib/api-client';
import { useMe } from './get-me';

/** GET /v1/permission/{name}: whether the signed-in user may do the named thing. */
export async function fetchPermission(name: PermissionName, sessionId?: string): Promise<boolean> {
  const { isPermitted } = await apiClient.request(PermissionResponse, {
    url: `/v1/permission/${name}`,
    params: sessionId ? { sessionId } : undefined,
  });
  return isPermitted;
}

const isUserPermission = (name: PermissionName): name is UserPermissionName =>
  (USER_PERMISSION_NAMES as readonly string[]).includes(name);

/**
 * The permission; `false` until the server said yes. A check without a session is read from the
 * own record (GET /v1/me carries them, issue 10); only a record without them, or a check about a
 * session, asks GET /v1/permission/{name}.
 */
export function usePermission(
  name: PermissionName,
  options: { enabled?: boolean; sessionId?: string } = {},
) {
  const enabled = options.enabled ?? true;
  const fromMe = !options.sessionId && isUserPermission(name);
  const me = useMe(enabled && fromMe);
  const known = fromMe && isUserPermission(name) ? me.data?.permissions?.[name] : undefined;
  const query = useQuery({
    queryKey: ['permission', name, options.sessionId ?? null],
    queryFn: () => fetchPermission(name, options.sessionId),
    // Wait for the own record first when it may carry the answer.
    enabled: enabled && known === undefined && (!fromMe || me.isFetched),
    staleTime: 5 * 60_000,
  });
  if (known !== undefined) return { isPermitted: enabled && known, isLoading: false };
  return {
    isPermitted: query.data === true,
    isLoading: query.isLoading || (fromMe && me.isLoading),
  };
}
