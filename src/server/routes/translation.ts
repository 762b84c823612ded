import {
  TranslationCapabilityResponse,
  TranslationRequest,
  TranslationResponse,
} from '../../contracts/api/feedback';
import { AppError } from '../http/errors';
import {
  deeplProvider,
  translateCached,
  TranslationError,
  type TranslationProvider,
} from '../translation/provider';
import type { App } from '../http/app-type';

/**
 * Translate in the feedback viewer: GET says whether a provider is configured (no provider, no
 * button); POST translates through the cache. A provider failure is logged and answered 500 so
 * the client keeps the original text and says so.
 */
export async function translationRoutes(app: App): Promise<void> {
  const t = app.config.translation;
  const provider: TranslationProvider | null = t ? deeplProvider(t) : null;

  app.get(
    '/v1/translation',
    { schema: { response: { 200: TranslationCapabilityResponse } } },
    async (req) => {
      await app.auth.require(req);
      return { item: { available: provider !== null } };
    },
  );

  app.post(
    '/v1/translation',
    { schema: { body: TranslationRequest, response: { 200: TranslationResponse } } },
    async (req) => {
      await app.auth.require(req);
      if (!provider) throw new AppError('notFound', 'No translation provider configured');
      try {
        const text = await translateCached(app.db, provider, req.body.text, req.body.targetLang);
        return { item: { text } };
      } catch (e) {
        if (!(e instanceof TranslationError)) throw e;
        req.log.warn({ err: e, provider: provider.name }, 'translation failed');
        throw new AppError('internal', 'Translation failed');
      }
    },
  );
}
