import { Module } from '@nestjs/common';
import { DatabaseHealth } from './database-health';
import { HealthController } from './health.controller';

@Module({ controllers: [HealthController], providers: [DatabaseHealth], exports: [DatabaseHealth] })
export class HealthModule {}
