export { createDatabase, type DatabaseHandles } from './database';
export { DatabaseModule, DATABASE, PG_POOL } from './database.module';
