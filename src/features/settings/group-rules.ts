import type { Group } from '@/contracts/user-entities';

/**
 * The groups the settings pane manages: the user's groups and their child groups (as
 * GET /v1/me/groups?withChildren=true gives them), suspended ones left out, sorted by name with
 * each parent followed by its children and orphans (parent not in the list) at the end.
 */
export function settingsGroups(groups: readonly Group[]): Group[] {
  const active = groups.filter((g) => g.confirmType !== 'suspended');
  const byName = (a: Group, b: Group) =>
    a.name.localeCompare(b.name, 'ja') || a.id.localeCompare(b.id);
  const ids = new Set(active.map((g) => g.id));
  const children = new Map<string, Group[]>();
  for (const g of active) {
    if (g.parentId !== null && ids.has(g.parentId)) {
      children.set(g.parentId, [...(children.get(g.parentId) ?? []), g]);
    }
  }
  const out: Group[] = [];
  const seen = new Set<string>();
  const visit = (g: Group) => {
    if (seen.has(g.id)) return;
    seen.add(g.id);
    out.push(g);
    for (const child of [...(children.get(g.id) ?? [])].sort(byName)) visit(child);
  };
  active
    .filter((g) => g.parentId === null)
    .sort(byName)
    .forEach(visit);
  active
    .filter((g) => g.parentId !== null && !ids.has(g.parentId))
    .sort(byName)
    .forEach(visit);
  return out;
}

export type GroupRoute =
  { kind: 'show'; group: Group } | { kind: 'redirect'; to: string } | { kind: 'empty' };

/**
 * The group the pane opens on (issue 9, item 21): the teacher's own class — a group they belong to
 * with no child groups — rather than the grade above it; else one of theirs, else the first.
 */
function defaultGroup(
  groups: readonly Group[],
  myGroupIds: readonly string[] = [],
): Group | undefined {
  const parents = new Set(groups.map((g) => g.parentId).filter((p) => p !== null));
  const isClass = (g: Group) => !parents.has(g.id);
  return (
    groups.find((g) => isClass(g) && myGroupIds.includes(g.id)) ??
    groups.find((g) => myGroupIds.includes(g.id)) ??
    groups[0]
  );
}

/**
 * /setting/group[/{id}]: no id → the user's class (defaultGroup), with the route updated; an id
 * that is not one of the groups → '/'; no groups at all → the empty state.
 */
export function resolveGroupRoute(
  groups: readonly Group[],
  id: string | undefined,
  myGroupIds: readonly string[] = [],
): GroupRoute {
  if (id === undefined) {
    const first = defaultGroup(groups, myGroupIds);
    return first ? { kind: 'redirect', to: `/setting/group/${first.id}` } : { kind: 'empty' };
  }
  const group = groups.find((g) => g.id === id);
  return group ? { kind: 'show', group } : { kind: 'redirect', to: '/' };
}
