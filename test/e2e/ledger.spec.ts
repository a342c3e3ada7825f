import { generateKeyPairSync, sign } from 'node:crypto';
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
 * A small ledger built and signed here with the shared verifier's own builders and a key of the test's,
 * served in place of /api/ledger/*: the page must find every check passing, then spot one edited amount.
 */
interface ServedLedger {
  entries: LedgerEntry[];
  checkpoints: LedgerCheckpoint[];
  publicKey: LedgerPublicKey;
  leaves: string[];
}

const GIFT = 'don_01';
/** One gift's life, seven minutes apart. */
const bodies: LedgerEntryBody[] = [
  gift('DonationReceived', 'evt_a1', 2500, null, 'RCPT-A1'),
  gift('DonationReceived', 'evt_a2', 1000, null, 'RCPT-A2'),
  gift('DonationDirected', 'evt_a3', 2500, 'held', 'RCPT-A1'),
  gift('DonationTransferInitiated', 'evt_a4', 2500, 'pending', 'RCPT-A1'),
  gift('PayoutCleared', 'evt_a5', 2500, 'cleared', 'RCPT-A1'),
].map((body, index) => ({ ...body, at: new Date(Date.UTC(2026, 10, 20, 12, 10 + index * 7)).toISOString() }));

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

async function buildLedger(checkpointSizes: number[]): Promise<ServedLedger> {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = fromBase64Url(publicKey.export({ format: 'jwk' }).x!);
  const keyId = await keyIdOf(raw);
  const entries: LedgerEntry[] = [];
  for (const [index, body] of bodies.entries()) {
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
  const checkpoints: LedgerCheckpoint[] = [];
  for (const [i, treeSize] of checkpointSizes.entries()) {
    const unsigned = {
      treeSize,
      rootHash: await merkleRoot(leaves.slice(0, treeSize)),
      timestamp: new Date(Date.UTC(2026, 10, 21, i)).toISOString(),
      keyId,
    };
    const signature = toBase64Url(sign(null, checkpointMessageBytes(unsigned), privateKey));
    checkpoints.push({ ...unsigned, signature });
  }
  return {
    entries,
    checkpoints,
    leaves,
    publicKey: {
      algorithm: 'Ed25519',
      keyId,
      publicKey: toBase64Url(raw),
      pem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    },
  };
}

const ok = (data: unknown) => ({
  status: 200,
  contentType: 'application/json',
  body: JSON.stringify({ success: true, data }),
});

/** Answers the ledger routes the way the contract says, from `ledger`; `edit` may change an entries page. */
async function serveLedger(
  page: Page,
  ledger: ServedLedger,
  edit: (entries: LedgerEntry[]) => LedgerEntry[] = (entries) => entries,
): Promise<void> {
  await page.route('**/api/ledger/**', async (route: Route) => {
    const url = new URL(route.request().url());
    const latest = ledger.checkpoints.at(-1);
    const proofOf = /^\/api\/ledger\/entries\/([^/]+)\/proof$/.exec(url.pathname);
    if (url.pathname === '/api/ledger/entries') {
      const from = Number(url.searchParams.get('from') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 100);
      const entries = edit(structuredClone(ledger.entries.slice(from, from + limit)));
      return route.fulfill(ok({ entries, treeSize: ledger.entries.length }));
    }
    if (url.pathname === '/api/ledger/checkpoints') {
      return route.fulfill(ok({ checkpoints: [...ledger.checkpoints].reverse() }));
    }
    if (url.pathname === '/api/ledger/public-key') return route.fulfill(ok(ledger.publicKey));
    if (url.pathname === '/api/ledger/consistency') {
      const from = Number(url.searchParams.get('from'));
      const to = Number(url.searchParams.get('to'));
      const at = (size: number) => ledger.checkpoints.find((checkpoint) => checkpoint.treeSize === size);
      return route.fulfill(
        ok({ from: at(from), to: at(to), proof: await consistencyProof(from, ledger.leaves.slice(0, to)) }),
      );
    }
    if (proofOf && latest) {
      const entry = ledger.entries.find((candidate) => candidate.id === decodeURIComponent(proofOf[1]!));
      if (!entry) return route.fulfill({ status: 404, body: '{}' });
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
}

describe('the /ledger page', () => {
  let web: RunningWebApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let saveDiagnostics: () => Promise<void>;
  let ledger: ServedLedger;

  beforeAll(async () => {
    [web, browser, ledger] = await Promise.all([startWebApp(), launchBrowser(), buildLedger([3, 5])]);
    context = await browser.newContext({ baseURL: web.baseUrl, viewport: DESKTOP, timezoneId: 'UTC' });
  });

  beforeEach(async () => {
    page = await context.newPage();
    saveDiagnostics = recordDiagnostics(page, expect.getState().currentTestName ?? 'ledger');
  });

  afterEach(async () => {
    await saveDiagnostics();
    await page.close();
  });

  afterAll(async () => {
    await browser?.close();
    await web?.stop();
  });

  const checkItem = (name: RegExp) => page.locator('.ledger-check').filter({ hasText: name });

  it('re-verifies everything in the browser and proves a picked entry included', async () => {
    await serveLedger(page, ledger);
    await page.goto('/ledger');
    await page.getByText('All 4 checks passed.').waitFor();
    const keyId = ledger.publicKey.keyId;
    await expect(checkItem(/Checkpoint signatures/).innerText()).resolves.toContain(
      `2 checkpoints signed by key ${keyId}`,
    );
    await expect(checkItem(/Hash chain/).innerText()).resolves.toContain('5 entries chained');
    await expect(checkItem(/root recomputed/).innerText()).resolves.toContain(
      `Tree size 5, root ${ledger.checkpoints[1]!.rootHash.slice(0, 12)}… as signed`,
    );
    await expect(checkItem(/consistency proofs/).innerText()).resolves.toContain(
      '1 pair of consecutive checkpoints proven consistent',
    );
    await expect(page.locator('.ledger-check.is-bad').count()).resolves.toBe(0);

    // Newest first, in dollars, with its receipt's link.
    const firstRow = page.locator('tbody tr').first();
    await expect(firstRow.innerText()).resolves.toMatch(/^4\s+2026-11-20 12:38\s+Payout cleared\s+\$25\s/);
    await expect(firstRow.getByRole('link', { name: 'RCPT-A1' }).getAttribute('href')).resolves.toBe(
      '/donate/receipt/RCPT-A1',
    );
    await captureAtBothWidths(page, 'ledger');

    await page.getByRole('button', { name: 'Verify entry 1' }).click();
    await checkItem(/Entry #1 included/).waitFor();
    await expect(checkItem(/Entry #1 included/).innerText()).resolves.toContain('at leaf 1 of 5, 3 steps');
    await expect(page.locator('.ledger-check.is-good').count()).resolves.toBe(5);
    expect(new URL(page.url()).searchParams.get('entry')).toBe('evt_a2');
  });

  it('proves the entry a receipt links to (?entry=)', async () => {
    await serveLedger(page, ledger);
    await page.goto('/ledger?entry=evt_a5');
    await checkItem(/Entry #4 included/).waitFor();
    await expect(checkItem(/Entry #4 included/).getAttribute('class')).resolves.toContain('is-good');
  });

  it('names the first bad entry when an answer was tampered with', async () => {
    await serveLedger(page, ledger, (entries) =>
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
    // The signatures still hold: only the edited entry is blamed.
    await expect(checkItem(/Checkpoint signatures/).getAttribute('class')).resolves.toContain('is-good');
    await captureAtBothWidths(page, 'ledger-tampered');
  });

  it('says so when the ledger is empty, and offers Retry after a network failure', async () => {
    await serveLedger(page, { ...ledger, entries: [], checkpoints: [], leaves: [] });
    await page.goto('/ledger');
    await page.getByRole('heading', { name: 'No entries yet' }).waitFor();
    await expect(page.locator('.ledger-check').count()).resolves.toBe(0);

    await page.unrouteAll();
    await page.route('**/api/ledger/**', (route) => route.abort('internetdisconnected'));
    await page.reload();
    await page.getByText('The ledger could not be downloaded').waitFor();
    await page.unrouteAll();
    await serveLedger(page, ledger);
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
    await expect(ledgerCheck(page, /consistency proofs/).getAttribute('class')).resolves.toContain('is-good');
    await expect(page.locator('.ledger-check.is-bad').count()).resolves.toBe(0);
    await expect(page.locator('tbody tr').first().innerText()).resolves.toContain('$40');
  });
});

const ledgerCheck = (page: Page, name: RegExp) => page.locator('.ledger-check').filter({ hasText: name });
