import { MikroORM } from '@mikro-orm/postgresql';
import { DynamicModule, Global, Injectable, Module, OnModuleInit } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { AppMetrics } from './app-metrics';

/** The part of knex's pool (tarn) the gauges read. */
interface KnexPool {
  max: number;
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

/** Points the pool gauges at MikroORM's connection pool (knex's tarn pool), read at scrape time. */
@Injectable()
class DatabasePoolMetrics implements OnModuleInit {
  constructor(
    private readonly metrics: AppMetrics,
    private readonly orm: MikroORM,
  ) {}

  onModuleInit(): void {
    const client = this.orm.em.getConnection().getKnex().client as { pool?: KnexPool };
    this.metrics.watchPool(() => {
      const pool = client.pool;
      if (!pool) return undefined;
      return { max: pool.max, open: pool.numUsed() + pool.numFree(), inUse: pool.numUsed(), waiting: pool.numPendingAcquires() };
    });
  }
}

/**
 * The metrics registry, global so that any module can inject AppMetrics and
 * count its own events. Process metrics are collected only when METRICS_PORT
 * is set; nothing would read them otherwise.
 */
@Global()
@Module({})
export class MetricsModule {
  static forRoot(): DynamicModule {
    return {
      module: MetricsModule,
      providers: [
        { provide: AppMetrics, useFactory: (config: AppConfig) => new AppMetrics({ processMetrics: config.metricsPort !== undefined }), inject: [AppConfig] },
        DatabasePoolMetrics,
      ],
      exports: [AppMetrics],
    };
  }
}
