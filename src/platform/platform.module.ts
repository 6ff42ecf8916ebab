import { Global, Module } from '@nestjs/common';
import { HeavyWorkGate, PgHeavyWorkGate } from './concurrency/heavy-work-gate';
import { IdempotencyStore } from './idempotency/idempotency.store';
import { IdempotentRequests } from './idempotency/idempotent-requests';
import { IdempotentPosts } from './idempotency/idempotent-posts';
import { PostgresIdempotencyStore } from './idempotency/postgres-idempotency.store';
import { Cursors, DatabaseKeyedCursors } from './pagination/cursors';
import { MikroOrmUnitOfWork, UnitOfWork } from './persistence/unit-of-work';
import { RetiredShareLinks } from './sharing/retired-share-links';

/**
 * The platform's services that the resource modules reuse: transactions, cursors, idempotent creation, the per-account
 * gate of heavy operations, the wait for retired share links.
 */
@Global()
@Module({
  providers: [
    { provide: UnitOfWork, useClass: MikroOrmUnitOfWork },
    { provide: IdempotencyStore, useClass: PostgresIdempotencyStore },
    IdempotentRequests,
    IdempotentPosts,
    { provide: Cursors, useClass: DatabaseKeyedCursors },
    { provide: HeavyWorkGate, useClass: PgHeavyWorkGate },
    RetiredShareLinks,
  ],
  exports: [UnitOfWork, IdempotentRequests, IdempotentPosts, Cursors, HeavyWorkGate, RetiredShareLinks],
})
export class PlatformModule {}
