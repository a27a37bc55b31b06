import { fileURLToPath } from 'node:url';

/** prisma/migrations of this project (the same from src/ under test and from dist/ when built). */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../prisma/migrations', import.meta.url));
