import { Controller, Get, Header } from '@nestjs/common';
import { openApiDocument } from '@arena/contracts';
import { apiDocsPage } from './api-docs.page';

/**
 * The HTTP contract of libs/contracts, for people and for tools. Built once, on the first request rather
 * than at start: it changes only with the code, and building it (zod to JSON Schema) costs about 90 ms
 * of CPU, which every API start would pay, every test's among them (docs/testing.md).
 */
@Controller()
export class ApiDocsController {
  private built?: { document: ReturnType<typeof openApiDocument>; page: string };

  private contract() {
    if (!this.built) {
      const document = openApiDocument();
      this.built = { document, page: apiDocsPage(document) };
    }
    return this.built;
  }

  @Get('openapi.json')
  openApi() {
    return this.contract().document;
  }

  @Get('docs')
  @Header('Content-Type', 'text/html; charset=utf-8')
  docs() {
    return this.contract().page;
  }
}
