/**
 * The real service for the browser tests: the app as the other e2e tests start it (its own database,
 * test/support/test-app.ts), listening on a free port of 127.0.0.1, serving the built web client.
 */
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { startTestApp, type TestApp } from '../../support/test-app.js';

/** The built client the service serves (src/web-client/web-client-files.ts reads the same folder). */
export const WEB_DIST = fileURLToPath(new URL('../../../dist/web/', import.meta.url));

export interface WebApp {
  readonly t: TestApp;
  /** http://127.0.0.1:<port> */
  readonly baseUrl: string;
  close(): Promise<void>;
}

/** Fails, saying what to do, when the client has not been built. */
export function requireBuiltClient(): void {
  if (!existsSync(`${WEB_DIST}index.html`))
    throw new Error(
      `${WEB_DIST}index.html is missing: build the web client first (\`npm run build\`; \`npm test\` does)`,
    );
}

export async function startWebApp(env: Record<string, string | undefined> = {}): Promise<WebApp> {
  requireBuiltClient();
  const t = await startTestApp(env);
  try {
    await new Promise<void>((resolve, reject) => {
      t.http.once('error', reject);
      t.http.listen(0, '127.0.0.1', resolve);
    });
  } catch (error) {
    await t.close();
    throw error;
  }
  const { port } = t.http.address() as AddressInfo;
  return { t, baseUrl: `http://127.0.0.1:${port}`, close: () => t.close() };
}
