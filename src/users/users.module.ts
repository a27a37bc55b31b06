import { Module } from '@nestjs/common';
import { SecurityModule } from '../security/security.module.js';
import { UsersController } from './users.controller.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

/** Registration, accounts and public profiles. */
@Module({
  imports: [SecurityModule],
  controllers: [UsersController],
  providers: [UsersService, UsersRepository],
  exports: [UsersRepository],
})
export class UsersModule {}
