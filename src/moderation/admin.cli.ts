import 'reflect-metadata';
import { Injectable, Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { NestFactory } from '@nestjs/core';
import { Clock } from '../common/clock.js';
import { ClockModule } from '../common/clock.module.js';
import { validateEnvironment } from '../config/environment.js';
import { DatabaseModule } from '../database/database.module.js';
import { UsersRepository, type Role } from '../users/index.js';
import { ModerationLogRepository } from './moderation-log.repository.js';
import { changeRole } from './role-change.repository.js';

const USAGE = 'usage: npm run admin -- grant <username> moderator|admin\n       npm run admin -- revoke <username>\n';

/** A role change asked at the command line. */
type Command = { readonly username: string; readonly role: Role };

/** The command of `args`, or null when they are not one. */
function commandOf(args: readonly string[]): Command | null {
  const [verb, username, role, ...rest] = args;
  if (rest.length > 0 || username === undefined) return null;
  if (verb === 'grant' && (role === 'moderator' || role === 'admin')) return { username, role };
  if (verb === 'revoke' && role === undefined) return { username, role: 'player' };
  return null;
}

/** The operator's role changes (docs/moderation.md, "Roles"): logged with no moderator (the operator). */
@Injectable()
class RoleCommand {
  constructor(
    private readonly users: UsersRepository,
    private readonly log: ModerationLogRepository,
    private readonly clock: Clock,
  ) {}

  /** What to print, and the exit code. */
  async run({ username, role }: Command): Promise<{ line: string; code: number }> {
    const target = await this.users.findByUsername(username);
    if (target === null) return { line: `admin: there is no user "${username}"\n`, code: 1 };
    if (target.houseBot !== null) return { line: `admin: ${target.username} is a house bot\n`, code: 1 };
    const entry = await this.log.transaction((tx) => changeRole(tx, target.id, role, null, this.clock.now()));
    return entry === null
      ? { line: `${target.username} is ${role} already; nothing changed\n`, code: 0 }
      : { line: `${target.username}: ${target.role} -> ${role} (logged as ${entry.action} ${entry.id})\n`, code: 0 };
  }
}

/**
 * `npm run admin -- grant <username> moderator|admin` and `npm run admin -- revoke <username>`: the
 * operator's role changes, on the database the server uses (DATABASE_URL, or the embedded one under
 * DATA_DIR), applying pending migrations first as the server does. Exit 0 when done (or nothing to
 * do), 1 for an unknown account, 2 for a wrong command or a database that could not be opened. Its
 * context holds the database and the repositories only (not the AppModule).
 */
@Module({
  imports: [
    ConfigModule.forRoot({ isGlobal: true, ignoreEnvFile: true, validate: (raw) => validateEnvironment(raw) }),
    DatabaseModule,
    ClockModule,
  ],
  providers: [UsersRepository, ModerationLogRepository, RoleCommand],
})
class AdminModule {}

let exitCode = 2;
const command = commandOf(process.argv.slice(2));
if (command === null) {
  process.stderr.write(USAGE);
} else {
  try {
    const context = await NestFactory.createApplicationContext(AdminModule, { logger: false, abortOnError: false });
    try {
      const { line, code } = await context.get(RoleCommand).run(command);
      (code === 0 ? process.stdout : process.stderr).write(line);
      exitCode = code;
    } finally {
      await context.close();
    }
  } catch (err) {
    process.stderr.write(`admin: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  }
}
process.exit(exitCode);
