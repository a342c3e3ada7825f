import { Client } from 'pg';

/** Creates the database DATABASE_URL names when it does not exist yet (a first run on a fresh machine). */
export async function ensureDatabaseExists(connectionString: string): Promise<boolean> {
  const target = new URL(connectionString);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
    throw new Error(`DATABASE_URL: unusual database name "${name}"`);
  const admin = new URL(connectionString);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount) return false;
    await client.query(`CREATE DATABASE ${name}`);
    return true;
  } finally {
    await client.end();
  }
}
