import { Module } from '@nestjs/common';
import { DocsController } from './docs.controller';

/** GET /api/v1/openapi.json and GET /docs. */
@Module({ controllers: [DocsController] })
export class DocsModule {}
