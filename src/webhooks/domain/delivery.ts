export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

/** One message to one endpoint and what its attempts gave. */
export interface Delivery {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  sequence: number | null;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: Date | null;
  lastAttemptAt: Date | null;
  lastStatusCode: number | null;
  /** The first 1 KiB of the last answer's body. */
  lastResponseBody: string | null;
  lastError: string | null;
  lastDurationMs: number | null;
  createdAt: Date;
  /** Orders an endpoint's queue; the list's cursor. */
  position: number;
}
