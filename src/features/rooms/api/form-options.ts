import { useQuery } from '@tanstack/react-query';
import { allSessionsQuery } from '@/features/home/queries';
import { myGroupsQuery } from '@/features/settings/queries';

/**
 * What the room form offers: every session a room can be made for, and the groups it can be for.
 * Read through their owners' queries (issue 28: one owner per endpoint).
 */
export function useSessionChoices(enabled: boolean) {
  return useQuery({ ...allSessionsQuery(), enabled });
}

/** The caller's groups and their children, without suspended groups: whom a room can be for. */
export function useGroupChoices(enabled: boolean) {
  return useQuery({
    ...myGroupsQuery(),
    select: (groups) => groups.filter((g) => g.confirmType !== 'suspended'),
    enabled,
  });
}
