import { Module } from '@nestjs/common';

/** E-mail: addresses, their verification, password reset, and the e-mail channel (docs/notifications.md, "E-mail"). */
@Module({ providers: [], exports: [] })
export class EmailModule {}
