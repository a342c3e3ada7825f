import { describeVerification, verifyLedgerAt } from './ledger-verify-run';

/**
 * `npm run ledger:verify -- --url <base>`: checks a Charity Arena ledger from the outside (docs/ledger.md):
 * the hash chain, every checkpoint's signature and root, and consistency between checkpoints. Exits 1 on
 * any failed check, 2 on bad usage or an unreachable server.
 */
async function main(args: string[]): Promise<number> {
  const at = args.indexOf('--url');
  const base = at >= 0 ? args[at + 1] : undefined;
  if (!base) {
    console.error('Usage: npm run ledger:verify -- --url <base, e.g. https://charityarena.example>');
    return 2;
  }
  try {
    const result = await verifyLedgerAt(base, (url) => fetch(url));
    console.log(describeVerification(base, result));
    return result.ok ? 0 : 1;
  } catch (error) {
    console.error(`Could not download the ledger: ${(error as Error).message}`);
    return 2;
  }
}

main(process.argv.slice(2)).then((code) => process.exit(code));
