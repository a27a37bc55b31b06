import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { PrismaClient } from '../generated/prisma/client.js';
import type { DatabaseTarget } from './database-target.js';

export const DATABASE_TARGET = Symbol('DATABASE_TARGET');

/** The Prisma client on the migrated database. Only repositories use it. */
@Injectable()
export class PrismaService extends PrismaClient implements OnApplicationShutdown {
  private readonly logger = new Logger(PrismaService.name);

  constructor(@Inject(DATABASE_TARGET) private readonly target: DatabaseTarget) {
    super({ adapter: target.adapter });
  }

  get databaseKind(): DatabaseTarget['kind'] {
    return this.target.kind;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.$disconnect();
    await this.target.close();
    this.logger.log(`Database connection closed (${this.target.kind})`);
  }
}
