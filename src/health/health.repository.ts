import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service.js';

/** The database as the health checks see it. */
@Injectable()
export class HealthRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Resolves when the database answers a trivial query; rejects with the driver's error otherwise. */
  async ping(): Promise<void> {
    await this.prisma.$queryRaw`SELECT 1`;
  }
}
