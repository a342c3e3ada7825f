import { z } from 'zod';

/**
 * The verifiable ledger (issue 12, docs/ledger.md): every money event is an entry, canonically serialised
 * (RFC 8785), chained by SHA-256 (each entry names the previous entry's hash) and a leaf of a Merkle tree
 * in the manner of Certificate Transparency (RFC 6962), whose roots Charity Arena signs with Ed25519 in
 * checkpoints. Hashes and signatures are lowercase hex and base64url respectively. The algorithms that
 * check all of it live in `@arena/contracts/ledger/*` (no zod, Web Crypto only), so the browser, the
 * `ledger:verify` command and the server run the same code.
 */

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);

/** What an entry records: public facts only (no donor email, no member id). */
export const ledgerEntryBody = z
  .object({
    /**
     * The event's type: DonationReceived, DonationDirected, DonationTransferInitiated, PayoutCleared,
     * DonationTransferFailed (before issue 20), DonationPayoutFailed, DonationTransferReversed.
     */
    type: z.string(),
    /** The event's id in the event store. */
    eventId: z.string(),
    donationId: z.string(),
    amountCents: z.number().int(),
    /** held, pending, cleared, reversed after this event; null for a gift still in the pool. */
    status: z.string().nullable(),
    /** DonationTransferReversed only (issue 20): what this reversal took back of the donation's amount. */
    reversedCents: z.number().int().optional(),
    charityEin: z.string().nullable(),
    charityName: z.string().nullable(),
    directedBy: z.string().nullable(),
    receiptCode: z.string().nullable(),
    /** The provider's payment or transfer id, masked. */
    providerId: z.string().nullable(),
    at: z.iso.datetime(),
  })
  .meta({ id: 'LedgerEntryBody' });
export type LedgerEntryBody = z.infer<typeof ledgerEntryBody>;

export const ledgerEntry = z
  .object({
    /** 0, 1, 2, … in ledger order: the Merkle tree's leaf index. */
    index: z.number().int().min(0),
    /** The entry's id: the event's id. */
    id: z.string(),
    body: ledgerEntryBody,
    /** The previous entry's hash; 64 zeros for the first. */
    prevHash: hex64,
    /** SHA-256 of the canonical JSON of { index, prevHash, body }: also the Merkle leaf's data. */
    hash: hex64,
  })
  .meta({ id: 'LedgerEntry' });
export type LedgerEntry = z.infer<typeof ledgerEntry>;

/** The largest page of GET /api/ledger/entries: the route is public, anonymous and per-IP limited. */
export const LEDGER_ENTRIES_MAX_LIMIT = 200;

export const ledgerEntriesParams = z
  .object({
    from: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
    limit: z.coerce.number().int().min(1).max(LEDGER_ENTRIES_MAX_LIMIT).default(100),
  })
  .meta({ id: 'LedgerEntriesParams' });
export type LedgerEntriesParams = z.infer<typeof ledgerEntriesParams>;

export const LedgerMessages = {
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
} as const;

export const ledgerEntries = z
  .object({ entries: z.array(ledgerEntry), treeSize: z.number().int() })
  .meta({ id: 'LedgerEntries' });
export type LedgerEntries = z.infer<typeof ledgerEntries>;

/** A signed checkpoint: the tree's size and root at a time, signed over its canonical JSON without `signature`. */
export const ledgerCheckpoint = z
  .object({
    treeSize: z.number().int().min(0),
    rootHash: hex64,
    timestamp: z.iso.datetime(),
    keyId: z.string(),
    signature: z.string(),
  })
  .meta({ id: 'LedgerCheckpoint' });
export type LedgerCheckpoint = z.infer<typeof ledgerCheckpoint>;

export const ledgerCheckpoints = z
  .object({ checkpoints: z.array(ledgerCheckpoint) })
  .meta({ id: 'LedgerCheckpoints' });
export type LedgerCheckpoints = z.infer<typeof ledgerCheckpoints>;

/** Newest first; `before` pages on: the checkpoints of trees smaller than it. */
export const ledgerCheckpointsParams = z
  .object({
    before: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
    limit: z.coerce.number().int().min(1).max(1000).default(50),
  })
  .meta({ id: 'LedgerCheckpointsParams' });
export type LedgerCheckpointsParams = z.infer<typeof ledgerCheckpointsParams>;

export const ledgerPublicKey = z
  .object({
    algorithm: z.literal('Ed25519'),
    keyId: z.string(),
    /** The raw 32-byte public key, base64url. */
    publicKey: z.string(),
    /** The same key as SubjectPublicKeyInfo PEM, for openssl. */
    pem: z.string(),
  })
  .meta({ id: 'LedgerPublicKey' });
export type LedgerPublicKey = z.infer<typeof ledgerPublicKey>;

/**
 * GET /api/ledger/keys: every key that signed checkpoints, with the tree sizes it signed, so checkpoints signed
 * before a key rotation stay verifiable. `publicKey` is null only for a key retired before this history was kept.
 */
export const ledgerKeys = z
  .object({
    keys: z.array(
      z.object({
        algorithm: z.literal('Ed25519'),
        keyId: z.string(),
        publicKey: z.string().nullable(),
        /** Whether it signs new checkpoints now. */
        current: z.boolean(),
        /** The smallest and largest tree sizes it signed; null before its first checkpoint. */
        firstTreeSize: z.number().int().nullable(),
        lastTreeSize: z.number().int().nullable(),
      }),
    ),
  })
  .meta({ id: 'LedgerKeys' });
export type LedgerKeys = z.infer<typeof ledgerKeys>;

/** GET /api/ledger/entries/{id}/proof: the entry's inclusion in the latest checkpoint's tree (RFC 6962 §2.1.1). */
export const ledgerInclusionProof = z
  .object({
    entry: ledgerEntry,
    checkpoint: ledgerCheckpoint,
    leafIndex: z.number().int(),
    auditPath: z.array(hex64),
  })
  .meta({ id: 'LedgerInclusionProof' });
export type LedgerInclusionProof = z.infer<typeof ledgerInclusionProof>;

export const ledgerConsistencyParams = z
  .object({
    from: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
    to: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  })
  .meta({ id: 'LedgerConsistencyParams' });

/** GET /api/ledger/consistency?from&to: the tree of size `to` extends the tree of size `from` (RFC 6962 §2.1.2). */
export const ledgerConsistencyProof = z
  .object({
    from: ledgerCheckpoint,
    to: ledgerCheckpoint,
    proof: z.array(hex64),
  })
  .meta({ id: 'LedgerConsistencyProof' });
export type LedgerConsistencyProof = z.infer<typeof ledgerConsistencyProof>;

export const ledgerExportParams = z
  .object({
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
  })
  .meta({ id: 'LedgerExportParams' });

/** GET /api/finance/reconciliation?from&to: dates (to inclusive); the last 31 days by default, 93 at most. */
export const reconciliationParams = z
  .object({
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
  })
  .meta({ id: 'ReconciliationParams' });

/** GET /api/finance/reconciliation: the ledger against the provider's balance transactions. */
export const reconciliationReport = z
  .object({
    generatedAt: z.iso.datetime(),
    provider: z.enum(['stripe', 'local']),
    /** The period of the provider's balance transactions read: [from, to). */
    from: z.iso.datetime(),
    to: z.iso.datetime(),
    ledger: z.object({ receivedCents: z.number().int(), transferredCents: z.number().int() }),
    providerTotals: z.object({ chargesCents: z.number().int(), transfersCents: z.number().int() }),
    differences: z.array(
      z.object({
        kind: z.enum(['missing-in-ledger', 'missing-at-provider', 'amount-mismatch']),
        providerId: z.string().nullable(),
        donationId: z.string().nullable(),
        ledgerCents: z.number().int().nullable(),
        providerCents: z.number().int().nullable(),
        note: z.string(),
      }),
    ),
    /**
     * Issue 20: donations whose charity's payout failed (the money waits on the charity's Stripe balance and is
     * never sent again; the charity must fix its bank account), newest first, at most 100.
     */
    payoutFailures: z.array(
      z.object({
        donationId: z.string(),
        receiptCode: z.string(),
        charityEin: z.string().nullable(),
        charityName: z.string().nullable(),
        amountCents: z.number().int(),
        transferId: z.string().nullable(),
        failureCode: z.string(),
      }),
    ),
  })
  .meta({ id: 'ReconciliationReport' });
export type ReconciliationReport = z.infer<typeof reconciliationReport>;
