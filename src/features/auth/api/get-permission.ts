import { useQuery } from '@tanstack/react-query';
import { PermissionResponse, type PermissionName } from '@/contracts/api/users';
import { apiClient } from '@/lib/api-client';

/** GET /v1/permission/{name}: whether the signed-in user may do the named thing. */
export async function fetchPermission(name: PermissionName, sessionId?: string): Promise<boolean> {
  const { isPermitted } = await apiClient.request(PermissionResponse, {
    url: `/v1/permission/${name}`,
    params: sessionId ? { sessionId } : undefined,
  });
  return isPermitted;
}

/** The permission as a query; `false` until the server said yes. */
export function usePermission(
  name: PermissionName,
  options: { enabled?: boolean; sessionId?: string } = {},
) {
  const query = useQuery({
    queryKey: ['permission', name, options.sessionId ?? null],
    queryFn: () => fetchPermission(name, options.sessionId),
    enabled: options.enabled ?? true,
    staleTime: 5 * 60_000,
  });
  return { isPermitted: query.data === true, isLoading: query.isLoading };
}
