import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import type {
  LedgerCheckpoint,
  LedgerEntry,
  LedgerEntryBody,
  LedgerInclusionProof,
  LedgerPublicKey,
} from '@arena/contracts';
import { fromBase64Url, toBase64Url } from '@arena/contracts/ledger/bytes';
import { checkpointMessageBytes, keyIdOf } from '@arena/contracts/ledger/checkpoint';
import { entryHash, GENESIS_HASH } from '@arena/contracts/ledger/entries';
import { auditPath, consistencyProof, leafHash, merkleRoot } from '@arena/contracts/ledger/merkle';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { DESKTOP, launchBrowser } from './support/browser';
import { captureAtBothWidths } from './support/capture';
import { recordDiagnostics } from './support/diagnostics';
import { startWebApp, type RunningWebApp } from './support/web-app';
import { DonationStreams } from '../../libs/donations/src/application/donation-streams';
import {
  derivedEventIds,
  donationIdFrom,
  receiptCodeOf,
} from '../../libs/donations/src/application/donation-ids';

jest.setTimeout(120_000);

/**
 * Ledgers built and signed here with the shared verifier's own builders and a key of the test's, served in
 * place of /api/ledger/*: the page must find every check passing on a first visit and remember the newest
 * checkpoint, check only what was added on the next, and spot one edited amount either way.
 */
interface ServedLedger {
  entries: LedgerEntry[];
  checkpoints: LedgerCheckpoint[];
  publicKey: LedgerPublicKey;
  leaves: string[];
  privateKey: KeyObject;
}

const GIFT = 'don_01';
/** One gift's life, seven minutes apart. */
const lifeOfAGift: Omit<LedgerEntryBody, 'at'>[] = [
  gift('DonationReceived', 'evt_a1', 2500, null, 'RCPT-A1'),
  gift('DonationReceived', 'evt_a2', 1000, null, 'RCPT-A2'),
  gift('DonationDirected', 'evt_a3', 2500, 'held', 'RCPT-A1'),
  gift('DonationTransferInitiated', 'evt_a4', 2500, 'pending', 'RCPT-A1'),
  gift('PayoutCleared', 'evt_a5', 2500, 'cleared', 'RCPT-A1'),
];
/** Then more gifts into the pool, $1.05, $1.06, …, so the ledger outgrows a page of the table. */
const moreGifts = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    gift('DonationReceived', `evt_b${i + 6}`, 100 + i + 5, null, `RCPT-B${i + 6}`),
  );

function gift(
  type: string,
  eventId: string,
  amountCents: number,
  status: string | null,
  receiptCode: string,
): Omit<LedgerEntryBody, 'at'> {
  return {
    type,
    eventId,
    donationId: GIFT,
    amountCents,
    status,
    charityEin: status ? '920162721' : null,
    charityName: status ? 'Alaska Native Tribal Health Consortium' : null,
    directedBy: status ? 'Player One' : null,
    receiptCode,
    providerId: 'pi_…4242',
  };
}

async function signCheckpoint(
  ledger: Pick<ServedLedger, 'publicKey' | 'privateKey'>,
  treeSize: number,
  rootHash: string,
  hour: number,
): Promise<LedgerCheckpoint> {
  const unsigned = {
    treeSize,
    rootHash,
    timestamp: new Date(Date.UTC(2026, 10, 21, hour)).toISOString(),
    keyId: ledger.publicKey.keyId,
  };
  return {
    ...unsigned,
    signature: toBase64Url(sign(null, checkpointMessageBytes(unsigned), ledger.privateKey)),
  };
}

async function buildLedger(
  bodies: Omit<LedgerEntryBody, 'at'>[],
  checkpointSizes: number[],
): Promise<ServedLedger> {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = fromBase64Url(publicKey.export({ format: 'jwk' }).x!);
  const entries: LedgerEntry[] = [];
  for (const [index, partial] of bodies.entries()) {
    const body = { ...partial, at: new Date(Date.UTC(2026, 10, 20, 12, 10 + index * 7)).toISOString() };
    const prevHash = entries.at(-1)?.hash ?? GENESIS_HASH;
    entries.push({
      index,
      id: body.eventId,
      body,
      prevHash,
      hash: await entryHash({ index, prevHash, body }),
    });
  }
  const leaves = await Promise.all(entries.map((entry) => leafHash(entry.hash)));
  const ledger: ServedLedger = {
    entries,
    checkpoints: [],
    leaves,
    privateKey,
    publicKey: {
      algorithm: 'Ed25519',
      keyId: await keyIdOf(raw),
      publicKey: toBase64Url(raw),
      pem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    },
  };
  for (const [hour, treeSize] of checkpointSizes.entries())
    ledger.checkpoints.push(
      await signCheckpoint(ledger, treeSize, await merkleRoot(leaves.slice(0, treeSize)), hour),
    );
  return ledger;
}

/** The ledger as it stood when it had `size` entries: the checkpoints signed by then. */
const asOf = (ledger: ServedLedger, size: number): ServedLedger => ({
  ...ledger,
  entries: ledger.entries.slice(0, size),
  leaves: ledger.leaves.slice(0, size),
  checkpoints: ledger.checkpoints.filter((checkpoint) => checkpoint.treeSize <= size),
});

const ok = (data: unknown) => ({
  status: 200,
  contentType: 'application/json',
  body: JSON.stringify({ success: true, data }),
});

/**
 * Answers the ledger routes the way the contract and docs/ledger.md say, from `ledger`; `edit` may change an
 * entries page. Returns the paths and queries asked, in order.
 */
async function serveLedger(
  page: Page,
  ledger: ServedLedger,
  edit: (entries: LedgerEntry[]) => LedgerEntry[] = (entries) => entries,
): Promise<string[]> {
  const asked: string[] = [];
  await page.route('**/api/ledger/**', async (route: Route) => {
    const url = new URL(route.request().url());
    asked.push(`${url.pathname}${url.search}`);
    const newestFirst = [...ledger.checkpoints].reverse();
    const latest = newestFirst[0];
    const proofOf = /^\/api\/ledger\/entries\/([^/]+)\/proof$/.exec(url.pathname);
    if (url.pathname === '/api/ledger/entries') {
      const from = Number(url.searchParams.get('from') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 100);
      if (limit > 200) return route.fulfill({ status: 400, body: '{}' });
      const entries = edit(structuredClone(ledger.entries.slice(from, from + limit)));
      return route.fulfill(ok({ entries, treeSize: ledger.entries.length }));
    }
    if (url.pathname === '/api/ledger/checkpoints') {
      const before = Number(url.searchParams.get('before') ?? Infinity);
      const limit = Number(url.searchParams.get('limit') ?? 50);
      return route.fulfill(
        ok({ checkpoints: newestFirst.filter((c) => c.treeSize < before).slice(0, limit) }),
      );
    }
    if (url.pathname === '/api/ledger/public-key') return route.fulfill(ok(ledger.publicKey));
    if (url.pathname === '/api/ledger/keys') {
      const sizes = ledger.checkpoints.map((checkpoint) => checkpoint.treeSize);
      return route.fulfill(
        ok({
          keys: [
            {
              algorithm: 'Ed25519',
              keyId: ledger.publicKey.keyId,
              publicKey: ledger.publicKey.publicKey,
              current: true,
              firstTreeSize: sizes[0] ?? null,
              lastTreeSize: sizes.at(-1) ?? null,
            },
          ],
        }),
      );
    }
    if (url.pathname === '/api/ledger/consistency') {
      const from = Number(url.searchParams.get('from'));
      const to = Number(url.searchParams.get('to'));
      const at = (size: number) => ledger.checkpoints.find((checkpoint) => checkpoint.treeSize === size);
      return route.fulfill(
        ok({ from: at(from), to: at(to), proof: await consistencyProof(from, ledger.leaves.slice(0, to)) }),
      );
    }
    if (proofOf) {
      const entry = ledger.entries.find((candidate) => candidate.id === decodeURIComponent(proofOf[1]!));
      if (!entry)
        return route.fulfill({
          status: 404,
          body: JSON.stringify({ message: 'No ledger entry has this id' }),
        });
      if (!latest || entry.index >= latest.treeSize) return route.fulfill({ status: 404, body: '{}' });
      const proof: LedgerInclusionProof = {
        entry,
        checkpoint: latest,
        leafIndex: entry.index,
        auditPath: await auditPath(entry.index, ledger.leaves.slice(0, latest.treeSize)),
      };
      return route.fulfill(ok(proof));
    }
    return route.fulfill({ status: 404, body: '{}' });
  });
  return asked;
}

/** The `from` of every entries page asked for. */
const entriesAsked = (asked: string[]) =>
  asked
    .filter((path) => path.startsWith('/api/ledger/entries?'))
    .map((path) => new URLSearchParams(path.split('?')[1]).toString());

const REMEMBERED = 'arena.ledger.trusted.v1';
const rememberedSize = (page: Page) =>
  page.evaluate(
    (key) =>
      (
        JSON.parse(localStorage.getItem(key) ?? 'null') as {
          trusted?: { checkpoint: { treeSize: number } };
        } | null
      )?.trusted?.checkpoint.treeSize ?? null,
    REMEMBERED,
  );
const today = () =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date());

describe('the /ledger page', () => {
  let web: RunningWebApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let saveDiagnostics: () => Promise<void>;
  let small: ServedLedger;
  /** 60 entries, signed at 40, 48 and 58: the last two wait for the next checkpoint. */
  let grown: ServedLedger;

  beforeAll(async () => {
    [web, browser, small, grown] = await Promise.all([
      startWebApp(),
      launchBrowser(),
      buildLedger(lifeOfAGift, [3, 5]),
      buildLedger([...lifeOfAGift, ...moreGifts(55)], [40, 48, 58]),
    ]);
  });

  // A context per test: what one test's browser remembered is not the next one's.
  beforeEach(async () => {
    context = await browser.newContext({ baseURL: web.baseUrl, viewport: DESKTOP, timezoneId: 'UTC' });
    page = await context.newPage();
    saveDiagnostics = recordDiagnostics(page, expect.getState().currentTestName ?? 'ledger');
  });

  afterEach(async () => {
    await saveDiagnostics();
    await context.close();
  });

  afterAll(async () => {
    await browser?.close();
    await web?.stop();
  });

  const checkItem = (name: RegExp) => page.locator('.ledger-check').filter({ hasText: name });
  /** A second visit from the same browser: a new tab, the same localStorage. */
  const revisit = async () => {
    await saveDiagnostics();
    await page.close();
    page = await context.newPage();
    saveDiagnostics = recordDiagnostics(page, `${expect.getState().currentTestName ?? 'ledger'} again`);
  };

  it('checks everything on a first visit, remembers the newest checkpoint and proves a picked entry', async () => {
    await serveLedger(page, small);
    await page.goto('/ledger');
    await page.getByText('All 4 checks passed.').waitFor();
    const keyId = small.publicKey.keyId;
    await expect(checkItem(/Checkpoint signatures/).innerText()).resolves.toContain(
      `2 checkpoints signed by key ${keyId}`,
    );
    await expect(checkItem(/Hash chain/).innerText()).resolves.toContain('5 entries chained');
    await expect(checkItem(/root recomputed/).innerText()).resolves.toContain(
      `2 roots recomputed in one pass; the newest, tree size 5, gives root ${small.checkpoints[1]!.rootHash.slice(0, 12)}… as signed`,
    );
    await expect(checkItem(/consistency proof/).innerText()).resolves.toContain(
      'Tree size 5 proven to extend tree size 3',
    );
    await expect(page.locator('.ledger-check.is-bad').count()).resolves.toBe(0);
    await page
      .getByText(
        'Your browser downloaded all 5 entries and 2 signed checkpoints and checked them. It remembers the checkpoint of 5 entries',
      )
      .waitFor();
    await expect(rememberedSize(page)).resolves.toBe(5);

    // Newest first, in dollars, with its receipt's link.
    const firstRow = page.locator('tbody tr').first();
    await expect(firstRow.innerText()).resolves.toMatch(
      /^4\s+2026-11-20 12:38\s+Payout cleared\s+\$25\.00\s/,
    );
    await expect(firstRow.getByRole('link', { name: 'RCPT-A1' }).getAttribute('href')).resolves.toBe(
      '/donate/receipt/RCPT-A1',
    );
    await expect(page.getByRole('button', { name: 'Older entries' }).count()).resolves.toBe(0);
    await captureAtBothWidths(page, 'ledger');

    await page.getByRole('button', { name: 'Verify entry 1' }).click();
    await checkItem(/Entry #1 included/).waitFor();
    await expect(checkItem(/Entry #1 included/).innerText()).resolves.toContain('at leaf 1 of 5, 3 steps');
    await expect(page.locator('.ledger-check.is-good').count()).resolves.toBe(5);
    expect(new URL(page.url()).searchParams.get('entry')).toBe('evt_a2');
  });

  it('on the next visit checks only the entries added since, and shows an unsigned entry as waiting', async () => {
    await serveLedger(page, asOf(grown, 48));
    await page.goto('/ledger');
    await page.getByText('All 4 checks passed.').waitFor();
    await expect(rememberedSize(page)).resolves.toBe(48);

    await revisit();
    const asked = await serveLedger(page, grown);
    await page.goto('/ledger');
    await page
      .getByText(
        `Checked 10 new entries since your last visit; the ledger still extends the 48 entries you verified on ${today()}.`,
      )
      .waitFor();
    await expect(page.locator('.ledger-checks__summary').innerText()).resolves.toBe('All 5 checks passed.');
    await expect(checkItem(/Consistency 48 → 58/).getAttribute('class')).resolves.toContain('is-good');
    await expect(checkItem(/Hash chain of 10 new entries/).getAttribute('class')).resolves.toContain(
      'is-good',
    );
    await expect(rememberedSize(page)).resolves.toBe(58);
    // Only the newest checkpoint, the proof from 48 and the new entries: the old ones are not read again.
    expect(asked.filter((path) => path.startsWith('/api/ledger/checkpoints'))).toEqual([
      '/api/ledger/checkpoints?limit=1',
    ]);
    expect(asked).toContain('/api/ledger/consistency?from=48&to=58');
    await page.locator('tbody tr').nth(49).waitFor();
    expect(entriesAsked(asked).sort()).toEqual(['from=10&limit=50', 'from=48&limit=10', 'from=58&limit=200']);

    // The two newest wait for the next checkpoint: neutral, not a failure.
    await page
      .getByText(
        'Entries #58 to #59 are newer than the newest checkpoint: waiting for the next checkpoint (signed hourly).',
      )
      .waitFor();
    await page.getByRole('button', { name: 'Verify entry 59' }).click();
    const waiting = checkItem(/Entry #59 in a signed checkpoint/);
    await waiting.waitFor();
    await expect(waiting.getAttribute('class')).resolves.toContain('is-waiting');
    await expect(waiting.innerText()).resolves.toContain('Waiting for the next checkpoint (signed hourly)');
    await expect(page.locator('.ledger-check.is-bad').count()).resolves.toBe(0);
    await captureAtBothWidths(page, 'ledger-next-visit');

    // Older entries, a page at a time.
    await expect(page.locator('tbody tr').count()).resolves.toBe(50);
    await page.getByRole('button', { name: 'Older entries' }).click();
    await page.locator('tbody tr').nth(59).waitFor();
    await expect(page.locator('tbody tr').last().innerText()).resolves.toMatch(/^0\s/);
    await expect(page.getByRole('button', { name: 'Older entries' }).count()).resolves.toBe(0);
    expect(entriesAsked(asked)).toContain('from=0&limit=10');
  });

  it('fails the light check on a tampered new entry and keeps the checkpoint it trusted', async () => {
    await serveLedger(page, asOf(grown, 48));
    await page.goto('/ledger');
    await page.getByText('All 4 checks passed.').waitFor();

    await revisit();
    await serveLedger(page, grown, (entries) =>
      entries.map((entry) =>
        entry.index === 50 ? { ...entry, body: { ...entry.body, amountCents: 1 } } : entry,
      ),
    );
    await page.goto('/ledger');
    const summary = page.locator('.ledger-checks__summary.is-bad');
    await summary.waitFor();
    await expect(summary.innerText()).resolves.toBe(
      'Verification failed: Entry 50: hash does not match the entry.',
    );
    await expect(checkItem(/Hash chain of 10 new entries/).getAttribute('class')).resolves.toContain(
      'is-bad',
    );
    await expect(checkItem(/signature/).getAttribute('class')).resolves.toContain('is-good');
    await page.getByText(/does not check out against the 48 entries you verified on/).waitFor();
    await expect(rememberedSize(page)).resolves.toBe(48);
    await captureAtBothWidths(page, 'ledger-tampered-new-entry');
  });

  it('names the first bad entry when a first visit is served a tampered entry', async () => {
    await serveLedger(page, small, (entries) =>
      entries.map((entry) =>
        entry.index === 2 ? { ...entry, body: { ...entry.body, amountCents: 250 } } : entry,
      ),
    );
    await page.goto('/ledger');
    const summary = page.locator('.ledger-checks__summary.is-bad');
    await summary.waitFor();
    await expect(summary.innerText()).resolves.toBe(
      'Verification failed: Entry #2 (evt_a3) fails: hash does not match the entry.',
    );
    await expect(checkItem(/Hash chain/).getAttribute('class')).resolves.toContain('is-bad');
    // The signatures still hold: only the edited entry is blamed, and nothing is remembered.
    await expect(checkItem(/Checkpoint signatures/).getAttribute('class')).resolves.toContain('is-good');
    await expect(rememberedSize(page)).resolves.toBeNull();
    await captureAtBothWidths(page, 'ledger-tampered');
  });

  it('discards a damaged remembered value and checks from scratch', async () => {
    await context.addInitScript((key) => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem(
          key,
          JSON.stringify({ version: 1, verifiedAt: 'x', trusted: { checkpoint: 5 } }),
        );
      }
    }, REMEMBERED);
    const asked = await serveLedger(page, small);
    await page.goto('/ledger');
    await page.getByText('All 4 checks passed.').waitFor();
    expect(entriesAsked(asked)).toContain('from=0&limit=5');
    await expect(rememberedSize(page)).resolves.toBe(5);
  });

  it('proves a picked entry that is not on the loaded page (?entry=)', async () => {
    await serveLedger(page, grown);
    await page.goto('/ledger?entry=evt_a3');
    const inclusion = checkItem(/Entry #2 included/);
    await inclusion.waitFor();
    await expect(inclusion.getAttribute('class')).resolves.toContain('is-good');
    await expect(inclusion.innerText()).resolves.toContain('at leaf 2 of 58');
  });

  it('checks only the newest signature of a ledger too large for a first visit, and offers the full audit', async () => {
    const size = 25_000;
    const template = small.entries[0]!;
    const huge: ServedLedger = {
      ...small,
      entries: Array.from({ length: size }, (_, index) => ({ ...template, index })),
      checkpoints: [await signCheckpoint(small, size, small.checkpoints[1]!.rootHash, 5)],
      leaves: [],
    };
    const asked = await serveLedger(page, huge);
    await page.goto('/ledger');
    const signature = checkItem(/Newest checkpoint’s signature/);
    await signature.waitFor();
    await expect(signature.getAttribute('class')).resolves.toContain('is-good');
    await page.getByRole('button', { name: 'Run the full audit (downloads 25,000 entries)' }).waitFor();
    await page.getByText('npm run ledger:verify -- --full').first().waitFor();
    await page.locator('tbody tr').nth(49).waitFor();
    expect(entriesAsked(asked).sort()).toEqual(['from=24950&limit=50', 'from=25000&limit=200']);
    await expect(rememberedSize(page)).resolves.toBeNull();
    await captureAtBothWidths(page, 'ledger-large');
  });

  it('says so when the ledger is empty, and offers Retry after a network failure', async () => {
    await serveLedger(page, { ...small, entries: [], checkpoints: [], leaves: [] });
    await page.goto('/ledger');
    await page.getByRole('heading', { name: 'No entries yet' }).waitFor();
    await expect(page.locator('.ledger-check').count()).resolves.toBe(0);

    await page.unrouteAll();
    await page.route('**/api/ledger/**', (route) => route.abort('internetdisconnected'));
    await page.reload();
    await page.getByText('The ledger could not be downloaded').waitFor();
    await page.unrouteAll();
    await serveLedger(page, small);
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('All 4 checks passed.').waitFor();
  });
});

describe('the /ledger page against the real server', () => {
  const metricsToken = 'ledger-e2e-metrics-token-0123456789';
  let web: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let saveDiagnostics: () => Promise<void>;

  beforeAll(async () => {
    [web, browser] = await Promise.all([startWebApp({ worker: true, metricsToken }), launchBrowser()]);
    page = await browser.newPage({ baseURL: web.baseUrl, viewport: DESKTOP, timezoneId: 'UTC' });
    saveDiagnostics = recordDiagnostics(page, 'ledger against the real server');
  });

  afterAll(async () => {
    await saveDiagnostics?.();
    await browser?.close();
    await web?.stop();
  });

  /** A platform-directed donation through the donations context's own streams (as the transfer window directs). */
  const directDonation = async (name: string, amountCents: number) => {
    const donationId = donationIdFrom(`e2e-ledger:${name}`);
    await web.app.get(DonationStreams).donation(
      {
        type: 'DirectDonation',
        data: {
          donationId,
          amountCents,
          charityEin: '530196605',
          charityName: 'American Red Cross',
          directedBy: { kind: 'platform', reason: 'undirected-30-days' },
          source: { kind: 'prize-balance', memberId: 'e2e-member', shares: [] },
          receiptCode: receiptCodeOf(donationId),
          directedAt: new Date().toISOString(),
        },
      },
      derivedEventIds(`e2e-ledger:${name}`),
    );
  };

  /** Once the worker's projection has the entries, the operators' route signs them. */
  const signWhenProjected = async (treeSize: number) => {
    for (let tries = 0; ; tries++) {
      const response = await fetch(`${web.baseUrl}/api/ledger/entries?from=0&limit=10`);
      // Until the worker's first projection run has made the read model, the route cannot answer yet.
      const answer = response.ok ? ((await response.json()) as { data: { treeSize: number } }) : null;
      if (answer && answer.data.treeSize >= treeSize) break;
      if (tries > 300)
        throw new Error(`the ledger did not reach ${treeSize} entries (last: ${response.status})`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const signed = await fetch(`${web.baseUrl}/api/ledger/checkpoints`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${metricsToken}` },
    });
    // 200 when the worker's own checkpoint after start signed this size first.
    expect([200, 201]).toContain(signed.status);
    expect(((await signed.json()) as { data: LedgerCheckpoint }).data.treeSize).toBe(treeSize);
  };

  it('verifies real events signed by the server', async () => {
    await directDonation('first', 2500);
    await directDonation('second', 1000);
    await signWhenProjected(2);
    await directDonation('third', 4000);
    await signWhenProjected(3);

    await page.goto('/ledger');
    await page.getByText(/All \d+ checks passed\./).waitFor();
    await expect(ledgerCheck(page, /Hash chain/).innerText()).resolves.toContain('3 entries chained');
    await expect(ledgerCheck(page, /consistency proof/).getAttribute('class')).resolves.toContain('is-good');
    await expect(page.locator('.ledger-check.is-bad').count()).resolves.toBe(0);
    await expect(page.locator('tbody tr').first().innerText()).resolves.toContain('$40.00');
  });
});

const ledgerCheck = (page: Page, name: RegExp) => page.locator('.ledger-check').filter({ hasText: name });
