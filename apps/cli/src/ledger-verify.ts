import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { TrustedLedger } from '@arena/contracts/ledger';
import { describeVerification, verifyLedgerAt, verifyLedgerFrom } from './ledger-verify-run';

const USAGE = `Usage: npm run ledger:verify -- --url <base> [--full] [--from-checkpoint <state file>] [--key <public key>]

  --url              the site, e.g. https://charityarena.example
  --full             download and check everything (the default without --from-checkpoint)
  --from-checkpoint  check only what was added since the checkpoint this file remembers, then remember the
                     newest; the first run (no file yet) does the full audit and writes it
  --key              pin the raw Ed25519 public key (base64url): the newest checkpoint must be signed by it`;

/**
 * `npm run ledger:verify`: checks a Charity Arena ledger from the outside (docs/ledger.md). Exits 1 on any failed
 * check, 2 on bad usage or an unreachable server.
 */
async function main(argv: string[]): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: argv,
      options: {
        url: { type: 'string' },
        full: { type: 'boolean', default: false },
        'from-checkpoint': { type: 'string' },
        key: { type: 'string' },
      },
    }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const base = args.url;
  if (!base) {
    console.error(USAGE);
    return 2;
  }
  const stateFile = args['from-checkpoint'];
  try {
    const remembered = stateFile && !args.full && existsSync(stateFile) ? readState(stateFile) : undefined;
    if (remembered && args.key && remembered.publicKey !== args.key) {
      console.error(`--key differs from the key ${stateFile} pinned; run --full --key to pin a new key`);
      return 2;
    }
    const result = remembered
      ? await verifyLedgerFrom(base, (url) => fetch(url), remembered)
      : await verifyLedgerAt(base, (url) => fetch(url), { pinnedKey: args.key });
    console.log(describeVerification(base, result));
    if (stateFile && result.ok && result.trusted) {
      writeState(stateFile, result.trusted);
      console.log(
        `Remembered the checkpoint of ${result.trusted.checkpoint.treeSize} entries in ${stateFile}.`,
      );
    }
    return result.ok ? 0 : 1;
  } catch (error) {
    console.error(`Could not check the ledger: ${(error as Error).message}`);
    return 2;
  }
}

function readState(file: string): TrustedLedger {
  const state = JSON.parse(readFileSync(file, 'utf8')) as TrustedLedger;
  if (!state?.checkpoint || !state.frontier || !state.lastEntryHash || !state.publicKey)
    throw new Error(`${file} is not a ledger:verify state file`);
  return state;
}

/** Written whole, then renamed: a crash never leaves half a state file. */
function writeState(file: string, state: TrustedLedger): void {
  writeFileSync(`${file}.tmp`, `${JSON.stringify(state, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
}

main(process.argv.slice(2)).then((code) => process.exit(code));
