import { Global, Module } from '@nestjs/common';
import { Clock, SystemClock } from './clock.js';

/** The one Clock of the app (the machine's); tests replace it with overrideProvider(Clock). */
@Global()
@Module({
  providers: [{ provide: Clock, useClass: SystemClock }],
  exports: [Clock],
})
export class ClockModule {}
