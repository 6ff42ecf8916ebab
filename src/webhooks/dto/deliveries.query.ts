import { ListQuery } from '../../platform/pagination/list-query';

/** GET /api/v1/webhooks/:id/deliveries: newest first; `cursor` is the `next_cursor` of the previous page. */
export class ListDeliveriesQuery extends ListQuery {}

export function deliveryCursor(position: number): string {
  return Buffer.from(`d${position}`).toString('base64url');
}

/** The position a cursor stands for, or undefined when it is not one this list issued. */
export function positionOf(cursor: string): number | undefined {
  const match = /^d([1-9][0-9]{0,17})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return match ? Number(match[1]) : undefined;
}
