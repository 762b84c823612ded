import { LocationQuery, LocationResponse } from '../../contracts/api/location';
import { bearerOf } from '../auth/service';
import { AppError } from '../http/errors';
import { COUNTRIES, STATES, isKnownCountry } from '../location/data';
import type { App } from '../http/app-type';

export async function locationRoutes(app: App): Promise<void> {
  app.get(
    '/v1/location',
    { schema: { querystring: LocationQuery, response: { 200: LocationResponse } } },
    async (req) => {
      // Public (the list is not secret), but names follow the caller's language when signed in.
      let lang = req.query.lang;
      if (!lang) {
        const token = bearerOf(req.headers.authorization);
        const auth = token ? await app.auth.fromToken(token) : null;
        lang = auth?.user.lang ?? 'ja';
      }
      const { country } = req.query;
      if (country !== undefined && !isKnownCountry(country))
        throw new AppError('notFound', 'Unknown country');
      const list = country === undefined ? COUNTRIES : (STATES[country] ?? []);
      const l = lang;
      return { data: { items: list.map((c) => ({ isoCode: c.isoCode, name: c.name[l] })) } };
    },
  );
}
