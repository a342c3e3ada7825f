import { HTTP_ROUTES, type HttpRoute, type openApiDocument } from '@arena/contracts';

type OpenApiDocument = ReturnType<typeof openApiDocument>;
/** The parts of an operation the page shows, as the generator writes them (no `$ref` at this level). */
type Operation = {
  requestBody?: { content: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: unknown }>;
};

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const json = (value: unknown) => `<pre>${escape(JSON.stringify(value, null, 2))}</pre>`;

const ACCESS: Record<HttpRoute['access'], string> = {
  public: 'anyone',
  member: 'a member (bearer access token)',
  'optional-member': 'anyone; a member’s bearer token adds their own fields',
  admin: 'the admin key (bearer ADMIN_API_KEY)',
  operator: 'operators (bearer METRICS_TOKEN)',
  finance: 'a member with the finance role (bearer access token)',
};

const anchor = (route: HttpRoute) => `${route.method}-${route.path}`.replace(/[^a-z0-9]+/gi, '-');

function routeSection(route: HttpRoute, operation: Operation | undefined): string {
  const parts = [
    `<section id="${anchor(route)}">`,
    `<h3><code>${route.method.toUpperCase()} ${escape(route.path)}</code></h3>`,
    `<p>${escape(route.summary)}. Who may call it: ${escape(ACCESS[route.access])}.</p>`,
  ];
  for (const parameter of operation?.parameters ?? []) {
    parts.push(`<p>${escape(parameter.in)} parameter <code>${escape(parameter.name)}</code></p>`);
  }
  const body = operation?.requestBody?.content['application/json']?.schema;
  if (body) parts.push('<h4>Body (JSON)</h4>', json(body));
  for (const [status, response] of Object.entries(operation?.responses ?? {})) {
    const [contentType, media] = Object.entries(response.content ?? {})[0] ?? [];
    parts.push(
      `<h4>${escape(status)}: ${escape(response.description ?? '')} (${escape(contentType ?? 'no body')})</h4>`,
    );
    if (media?.schema) parts.push(json(media.schema));
  }
  parts.push('</section>');
  return parts.join('\n');
}

/**
 * The OpenAPI document as one plain HTML page: no script and no outside resource, so it renders
 * under the API's Content-Security-Policy as it is.
 */
export function apiDocsPage(document: OpenApiDocument): string {
  const tags = [...new Set(HTTP_ROUTES.map((route) => route.tag))];
  const sections = tags.map((tag) => {
    const routes = HTTP_ROUTES.filter((route) => route.tag === tag);
    return [
      `<h2>${escape(tag)}</h2>`,
      ...routes.map((route) =>
        routeSection(route, document.paths?.[route.path]?.[route.method] as Operation | undefined),
      ),
    ].join('\n');
  });
  const schemas = Object.entries(document.components?.schemas ?? {}).map(
    ([name, schema]) => `<section id="${escape(name)}"><h3>${escape(name)}</h3>${json(schema)}</section>`,
  );
  const index = HTTP_ROUTES.map(
    (route) =>
      `<li><a href="#${anchor(route)}"><code>${route.method.toUpperCase()} ${escape(route.path)}</code></a></li>`,
  );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(document.info.title)}</title>
</head>
<body>
<main>
<h1>${escape(document.info.title)}</h1>
<p>${escape(document.info.description ?? '')}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1). Schemas named in <code>$ref</code> are listed under “Schemas”.</p>
<nav><ul>
${index.join('\n')}
</ul></nav>
${sections.join('\n')}
<h2>Schemas</h2>
${schemas.join('\n')}
</main>
</body>
</html>
`;
}
