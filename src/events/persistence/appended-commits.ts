import { EntityManager, EventSubscriber, MikroORM, TransactionEventArgs } from '@mikro-orm/postgresql';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { openTransaction } from '../../platform/persistence/sql';
import { EventSequencing } from '../event-sequencing.service';

/**
 * Wakes this instance's sequencer when a transaction that appended events commits. (Writers do not NOTIFY:
 * PostgreSQL serialises notifying commits database-wide. Other instances see the events once they are numbered,
 * through the sequencer's own notification.)
 */
@Injectable()
export class AppendedCommits implements EventSubscriber, OnModuleInit {
  private readonly appended = new WeakSet<object>();

  constructor(
    private readonly orm: MikroORM,
    private readonly sequencing: EventSequencing,
  ) {}

  onModuleInit(): void {
    this.orm.em.getEventManager().registerSubscriber(this);
  }

  /** The transaction (its driver-level context) appended events. */
  mark(transaction: object): void {
    this.appended.add(transaction);
  }

  /** Events were appended through `em`: inside a transaction, wake the sequencer once it commits; outside one, they have. */
  appendedThrough(em: EntityManager): void {
    const transaction = openTransaction(em);
    if (transaction) this.mark(transaction.getTransactionContext() as object);
    else this.sequencing.wake();
  }

  afterTransactionCommit(args: TransactionEventArgs): void {
    if (args.transaction && this.appended.has(args.transaction)) this.sequencing.wake();
  }
}
