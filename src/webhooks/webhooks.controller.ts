import { RequestValidationPipe } from '../platform/http/request-validation.pipe';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { TakesNoBody } from '../platform/http/body-parsing';
import { HttpProblem } from '../platform/http/error-translation';
import { NoQueryParameters } from '../platform/http/no-query-parameters.pipe';
import { ResourceIdPipe } from '../platform/http/resource-id.pipe';
import { AuthenticatedAccount } from '../tokens';
import { CurrentAccount } from '../tokens';
import { DeliveryNotFoundError, WebhookNotFoundError } from './domain/webhook-errors';
import { deliveryCursor, ListDeliveriesQuery, positionOf } from './dto/deliveries.query';
import { CreateWebhookDto, ReplayWebhookDto, UpdateWebhookDto } from './dto/webhook-body.dto';
import { presentDelivery, presentWebhook, presentWebhookWithSecret } from './dto/webhook.presenter';
import { WebhooksService } from './webhooks.service';

const WebhookId = new ResourceIdPipe(WebhookNotFoundError);
const DeliveryId = new ResourceIdPipe(DeliveryNotFoundError);

@Controller('/api/v1/webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Post()
  @HttpCode(201)
  async create(@CurrentAccount() account: AuthenticatedAccount, @Body(RequestValidationPipe) body: CreateWebhookDto, @Res({ passthrough: true }) reply: FastifyReply) {
    const { endpoint, secret } = await this.webhooks.create(account.id, {
      url: body.url,
      eventTypes: body.event_types,
      tournamentId: body.tournament_id,
      description: body.description,
      enabled: body.enabled,
    });
    reply.header('location', `/api/v1/webhooks/${endpoint.id}`);
    return presentWebhookWithSecret(endpoint, secret);
  }

  @Get()
  async list(@CurrentAccount() account: AuthenticatedAccount, @Query(NoQueryParameters) _query: unknown) {
    return { data: (await this.webhooks.list(account.id)).map(presentWebhook), next_cursor: null };
  }

  @Get(':id')
  async get(@CurrentAccount() account: AuthenticatedAccount, @Param('id', WebhookId) id: string, @Query(NoQueryParameters) _query: unknown) {
    return presentWebhook(await this.webhooks.get(account.id, id));
  }

  @Patch(':id')
  async update(@CurrentAccount() account: AuthenticatedAccount, @Param('id', WebhookId) id: string, @Body(RequestValidationPipe) body: UpdateWebhookDto) {
    const endpoint = await this.webhooks.update(account.id, id, {
      url: body.url,
      eventTypes: body.event_types,
      tournamentId: body.tournament_id,
      description: body.description,
      enabled: body.enabled,
    });
    return presentWebhook(endpoint);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentAccount() account: AuthenticatedAccount, @Param('id', WebhookId) id: string) {
    await this.webhooks.delete(account.id, id);
  }

  @Post(':id/rotate-secret')
  @TakesNoBody()
  @HttpCode(200)
  async rotateSecret(@CurrentAccount() account: AuthenticatedAccount, @Param('id', WebhookId) id: string) {
    const { endpoint, secret } = await this.webhooks.rotateSecret(account.id, id);
    return presentWebhookWithSecret(endpoint, secret);
  }

  @Get(':id/deliveries')
  async deliveries(@CurrentAccount() account: AuthenticatedAccount, @Param('id', WebhookId) id: string, @Query(RequestValidationPipe) query: ListDeliveriesQuery) {
    let before: number | null = null;
    if (query.cursor !== undefined) {
      const position = positionOf(query.cursor);
      if (position === undefined) {
        throw new HttpProblem({
          code: 'invalid_parameter',
          detail: 'One or more query parameters are not valid.',
          extensions: { errors: [{ parameter: 'cursor', detail: 'cursor must be the next_cursor of a previous page of this list.' }] },
        });
      }
      before = position;
    }
    const page = await this.webhooks.deliveries(account.id, id, before, query.pageSize());
    return { data: page.deliveries.map(presentDelivery), next_cursor: page.nextBefore === null ? null : deliveryCursor(page.nextBefore) };
  }

  @Post(':id/deliveries/:delivery_id/retry')
  @TakesNoBody()
  @HttpCode(202)
  async retry(@CurrentAccount() account: AuthenticatedAccount, @Param('id', WebhookId) id: string, @Param('delivery_id', DeliveryId) deliveryId: string) {
    return presentDelivery(await this.webhooks.retry(account.id, id, deliveryId));
  }

  @Post(':id/test')
  @TakesNoBody()
  @HttpCode(202)
  async test(@CurrentAccount() account: AuthenticatedAccount, @Param('id', WebhookId) id: string) {
    return presentDelivery(await this.webhooks.test(account.id, id));
  }

  @Post(':id/replay')
  @HttpCode(202)
  async replay(@CurrentAccount() account: AuthenticatedAccount, @Param('id', WebhookId) id: string, @Body(RequestValidationPipe) body: ReplayWebhookDto) {
    return { queued: await this.webhooks.replay(account.id, id, body.after) };
  }
}
