import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Client, ClientBase } from 'pg';
import { AppConfig } from '../../config/app-config';

/**
 * One connection of its own for the log's upkeep (numbering, retention) and the live streams' reads of new events: it
 * never takes a connection a request is waiting for, and its statements stay out of the request path. Transactions on
 * it run one at a time; a connection that fails is replaced at the next use.
 */
@Injectable()
export class MaintenanceConnection implements OnApplicationShutdown {
  private client: Promise<Client> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(private readonly config: AppConfig) {}

  transaction<T>(work: (client: ClientBase) => Promise<T>): Promise<T> {
    return this.inTurn(() => this.inTransaction(work));
  }

  /**
   * One statement, its own transaction: one round trip where a transaction block costs three more. A `name`
   * prepares it once on this connection (for statements run many times a second).
   */
  query<Row extends object>(sql: string, values: unknown[], name?: string): Promise<Row[]> {
    return this.inTurn(async () => {
      if (this.closed) throw new Error('the events maintenance connection is closed');
      const client = await this.connection();
      return (await client.query<Row>({ name, text: sql, values })).rows;
    });
  }

  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    await this.queue;
    const client = await this.client?.catch(() => undefined);
    await client?.end().catch(() => undefined);
  }

  private async inTransaction<T>(work: (client: ClientBase) => Promise<T>): Promise<T> {
    if (this.closed) throw new Error('the events maintenance connection is closed');
    const client = await this.connection();
    try {
      await client.query('begin');
      const result = await work(client);
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => this.drop());
      throw error;
    }
  }

  private connection(): Promise<Client> {
    this.client ??= (async () => {
      const client = new Client({
        connectionString: this.config.databaseUrl,
        connectionTimeoutMillis: this.config.databaseTimeoutMs,
        statement_timeout: this.config.databaseTimeoutMs * 5,
        keepAlive: true,
        application_name: 'events-maintenance',
      });
      client.on('error', () => this.drop());
      await client.connect();
      return client;
    })().catch((error: unknown) => {
      this.client = undefined;
      throw error;
    });
    return this.client;
  }

  private drop(): void {
    const client = this.client;
    this.client = undefined;
    void client?.then((c) => c.end()).catch(() => undefined);
  }
}
