import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInRecord {
  name: string;
  organization_url: string | null;
  city?: string;
  state?: string;
}

export interface CharityNavigatorStandIn {
  /** The settings that point the API's Charity Navigator driver here. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A local stand-in for Charity Navigator's GraphQL API as onboarding asks it (the by-EIN look-up):
 * `recordOf(ein)` says what it knows of an EIN (its name and the website on record), or undefined for
 * no result. Onboarding sends the code only to an address on that website's domain.
 */
export async function startCharityNavigatorStandIn(
  recordOf: (ein: string) => StandInRecord | undefined,
): Promise<CharityNavigatorStandIn> {
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      const variables = (JSON.parse(raw || '{}') as { variables?: { ein?: string; term?: string } })
        .variables;
      const ein = variables?.ein ?? variables?.term ?? '';
      const record = recordOf(ein);
      const results = record
        ? [{ ein, city: 'Washington', state: 'DC', cause: 'Human Services', ...record }]
        : [];
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          data: {
            publicSearchFaceted: { size: 1, from: 0, term: ein, result_count: results.length, results },
          },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    env: {
      CHARITY_NAVIGATOR_API_KEY: 'stand-in-key-123',
      CHARITY_NAVIGATOR_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`,
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
