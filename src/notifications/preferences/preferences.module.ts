import { Module } from '@nestjs/common';

/** Each account's notification preferences (GET/PUT /api/users/me/notifications). */
@Module({ providers: [], exports: [] })
export class PreferencesModule {}
