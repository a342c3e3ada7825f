import { Controller, Get, Header } from '@nestjs/common';
import { openApiDocument } from '@arena/contracts';
import { apiDocsPage } from './api-docs.page';

/** The HTTP contract of libs/contracts, for people and for tools. Built once: it changes only with the code. */
@Controller()
export class ApiDocsController {
  private readonly document = openApiDocument();
  private readonly page = apiDocsPage(this.document);

  @Get('openapi.json')
  openApi() {
    return this.document;
  }

  @Get('docs')
  @Header('Content-Type', 'text/html; charset=utf-8')
  docs() {
    return this.page;
  }
}
