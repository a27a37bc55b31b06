import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { BackgroundRunner } from './background-runner.js';

/** The background runner (docs/architecture.md, "The background runner"); the app imports it once. */
@Module({ imports: [DiscoveryModule], providers: [BackgroundRunner] })
export class BackgroundModule {}
