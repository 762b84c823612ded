import { useQuery } from '@tanstack/react-query';
import { LocationResponse } from '@/contracts/api/location';
import type { Lang } from '@/contracts/user-entities';
import { apiClient } from '@/lib/api-client';

export interface LocationItem {
  isoCode: string;
  name: string;
}

/** GET /v1/location: countries without `country`, that country's states (JP: prefectures) with it. */
async function fetchLocations(lang: Lang, country?: string): Promise<LocationItem[]> {
  const { data } = await apiClient.request(LocationResponse, {
    url: '/v1/location',
    params: country === undefined ? { lang } : { lang, country },
  });
  return data.items;
}

export function useCountries(lang: Lang) {
  return useQuery({
    queryKey: ['location', lang],
    queryFn: () => fetchLocations(lang),
    staleTime: Infinity,
  });
}

/** The states of `country`; idle while no country is chosen. */
export function useStates(lang: Lang, country: string | null) {
  return useQuery({
    queryKey: ['location', lang, country],
    queryFn: () => fetchLocations(lang, country ?? undefined),
    enabled: country !== null,
    staleTime: Infinity,
  });
}
