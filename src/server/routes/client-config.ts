import { ClientConfigResponse } from '../../contracts/api/client-config';
import type { App } from '../http/app-type';

/** GET /v1/client-config: the browser's run-time settings (see the contract). */
export async function clientConfigRoutes(app: App): Promise<void> {
  const answer: ClientConfigResponse = {
    errorReporting: app.config.errorReporting.client,
  };
  app.get(
    '/v1/client-config',
    { schema: { response: { 200: ClientConfigResponse } } },
    () => answer,
  );
}
