import { queryOptions } from '@tanstack/react-query';
import { MyUnitOutputsResponse } from '@/contracts/api/catalogue';
import { OutputListResponse } from '@/contracts/api/outputs';
import { apiClient } from '@/lib/api-client';
import {
  hidesImage,
  NO_IMAGE_URL,
  outputViolationKind,
  type ViolationKind,
} from '../violation-kind';

export interface Notice {
  id: string;
  kind: ViolationKind;
  title: string;
  image: string | null;
  href: string | null;
}

/**
 * The caller's own flagged outputs and project slides, read at once from GET
 * /v1/me/outputs?isViolated=true and GET /v1/me/unitOutputs?isViolated=true (the violation
 * notices on home).
 */
export const violationsQuery = () =>
  queryOptions({
    queryKey: ['me', 'violations'],
    queryFn: async (): Promise<Notice[]> => {
      const [outputs, units] = await Promise.all([
        apiClient.request(OutputListResponse, {
          url: '/v1/me/outputs',
          params: { isViolated: true, withSession: true },
        }),
        apiClient.request(MyUnitOutputsResponse, {
          url: '/v1/me/unitOutputs',
          params: { isViolated: true },
        }),
      ]);
      const out: Notice[] = [];
      for (const o of outputs.items) {
        const kind = outputViolationKind(o.violationStatuses);
        if (!kind) continue;
        out.push({
          id: o.id,
          kind,
          title: o.session?.title ?? '',
          image: hidesImage(kind) ? NO_IMAGE_URL : (o.images[0] ?? null),
          href: `/session/${encodeURIComponent(o.sessionId)}`,
        });
      }
      for (const u of units.items)
        out.push({ id: u.id, kind: 'unitOutput', title: u.projectName, image: null, href: null });
      return out;
    },
    staleTime: 60_000,
  });
