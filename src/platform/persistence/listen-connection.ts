import { Client, Notification } from 'pg';

const MAX_RECONNECT_DELAY_MS = 5_000;
const CONNECT_TIMEOUT_MS = 3_000;

export interface ListenOptions {
  databaseUrl: string | undefined;
  /** Shown in pg_stat_activity, so an operator can tell the listeners from the pool's connections. */
  applicationName: string;
  channels: readonly string[];
  /** Ask the connection every `everyMs` (a silently dead one delivers nothing and raises nothing); no answer in `timeoutMs` is a loss. */
  heartbeat?: { everyMs: number; timeoutMs: number };
  logger: { log(message: string): void; warn(message: string): void };
  /** Logged once per outage, at its first failure. */
  lostMessage: (reason: string) => string;
  /** Logged when the connection is listening again after an outage. */
  backMessage: string;
}

export interface ListenHandlers {
  /** A notification with a payload on one of the channels, and the backend process id of the session that sent it. */
  notification(channel: string, payload: string, senderPid: number): void;
  /** Listening (at start and after every outage): catch up on what may have been missed. */
  listening(): void;
  /** The connection is not (or no longer) listening, or is being closed: stop trusting it. */
  down?(): void;
}

/**
 * One dedicated PostgreSQL connection (not one of the pool's) that LISTENs on some channels and comes back by
 * itself, with a growing pause, when it errors, ends or (with a heartbeat) stops answering. What it carries are
 * hints: its users keep working, more slowly, while it is down, and catch up in `listening()`.
 */
export class ListenConnection {
  private client: Client | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private reconnect: NodeJS.Timeout | undefined;
  private failures = 0;
  private stopped = false;

  constructor(
    private readonly options: ListenOptions,
    private readonly handlers: ListenHandlers,
  ) {}

  start(): Promise<void> {
    return this.connect();
  }

  /** Sends a notification from this connection (its backend pid is the sender listeners see); false when it is down. */
  async notify(channel: string, payload: string): Promise<boolean> {
    const client = this.client;
    if (!client) return false;
    try {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
      return true;
    } catch {
      return false;
    }
  }

  /** Closes the connection (before the pool and the embedded database go) and stops reconnecting. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnect);
    await this.lost();
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const { databaseUrl, applicationName, channels, heartbeat } = this.options;
    const client = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true, application_name: applicationName });
    client.on('notification', (message: Notification) => {
      if (message.payload) this.handlers.notification(message.channel, message.payload, message.processId);
    });
    client.on('error', (error) => void this.lost(error));
    client.on('end', () => void this.lost());
    this.client = client;
    try {
      await client.connect();
      await client.query(channels.map((channel) => `listen ${channel}`).join('; '));
    } catch (error) {
      void this.lost(error);
      return;
    }
    if (this.client !== client) return;
    if (this.failures > 0) this.options.logger.log(this.options.backMessage);
    this.failures = 0;
    this.handlers.listening();
    if (heartbeat) this.heartbeat = setInterval(() => void this.beat(client, heartbeat.timeoutMs), heartbeat.everyMs).unref();
  }

  private async beat(client: Client, timeoutMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('heartbeat timed out')), timeoutMs);
    });
    try {
      await Promise.race([client.query('select 1'), timeout]);
    } catch (error) {
      if (this.client === client) void this.lost(error);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Says so at once, drops the connection and (unless stopping) tries again with a growing pause. */
  private lost(error?: unknown): Promise<void> {
    this.handlers.down?.();
    clearInterval(this.heartbeat);
    const client = this.client;
    if (!client) return Promise.resolve();
    this.client = undefined;
    client.removeAllListeners('end');
    client.on('error', () => undefined);
    const ended = client.end().catch(() => undefined);
    if (this.stopped) return ended;
    this.failures += 1;
    if (this.failures === 1) this.options.logger.warn(this.options.lostMessage(error instanceof Error ? error.message : 'connection closed'));
    this.reconnect = setTimeout(() => void this.connect(), Math.min(100 * 2 ** (this.failures - 1), MAX_RECONNECT_DELAY_MS));
    this.reconnect.unref();
    return ended;
  }
}
