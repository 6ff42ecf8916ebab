import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { storedServiceSecret } from '../persistence/service-secrets';
import { CursorCodec, KeysetPosition } from './cursor';

/** Signs and checks list cursors; the port services depend on. */
export abstract class Cursors {
  abstract encode(position: KeysetPosition, query: object): Promise<string>;
  abstract decode(cursor: string, query: object): Promise<KeysetPosition | undefined>;
}

/** Cursors with a fixed key, for tests and tools. */
export class StaticCursors extends Cursors {
  private readonly codec: CursorCodec;

  constructor(secret: string) {
    super();
    this.codec = new CursorCodec(secret);
  }

  async encode(position: KeysetPosition, query: object): Promise<string> {
    return this.codec.encode(position, query);
  }

  async decode(cursor: string, query: object): Promise<KeysetPosition | undefined> {
    return this.codec.decode(cursor, query);
  }
}

/**
 * The application's cursor codec. Its key is CURSOR_SECRET when set, otherwise
 * the one a migration generated in the database: every instance agrees and
 * cursors survive restarts without any configuration.
 */
@Injectable()
export class DatabaseKeyedCursors extends Cursors {
  private codec: Promise<CursorCodec> | undefined;

  constructor(
    private readonly config: AppConfig,
    private readonly em: EntityManager,
  ) {
    super();
  }

  async encode(position: KeysetPosition, query: object): Promise<string> {
    return (await this.load()).encode(position, query);
  }

  async decode(cursor: string, query: object): Promise<KeysetPosition | undefined> {
    return (await this.load()).decode(cursor, query);
  }

  private load(): Promise<CursorCodec> {
    this.codec ??= this.readSecret().then(
      (secret) => new CursorCodec(secret),
      (error: unknown) => {
        this.codec = undefined;
        throw error;
      },
    );
    return this.codec;
  }

  private async readSecret(): Promise<string> {
    if (this.config.cursorSecret) return this.config.cursorSecret;
    const secret = await storedServiceSecret(this.em, 'cursor_signing_key');
    if (secret === undefined) throw new Error('service_secrets has no cursor_signing_key: run the migrations.');
    return secret;
  }
}
