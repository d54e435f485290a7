import type { Database } from './db.ts';
import type { Env } from './env.ts';
import type { SessionConfig } from './sessions.ts';

/** What every module gets: the database, the validated environment and the shared secrets. */
export type AppContext = {
  database: Database;
  env: Env;
  sessions: SessionConfig;
  csrfSecret: string;
  /** Built web app (index.html and assets); null when the server runs without it (API tests). */
  webDist: string | null;
};
