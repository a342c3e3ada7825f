import { queryOptions } from '@tanstack/react-query';
import type { LedgerKeys } from '@arena/contracts';
import { routes } from '@arena/contracts/http.routes';
import { ApiError, callApi } from '../../lib/api-client';
import { fetchInclusionProof } from '../ledger/ledger.api';
import { donationKeys } from './donations.queries';
import { verifyReceiptEntry, type ReceiptEntryCheck } from './receipt-proof';

// Apart from donations.queries.ts, which the home page loads: the proofs pull in the ledger's verifier and
// the contract schemas, which only the receipt page needs (about 34 KB gzipped of the first bundle).

/** The keys that signed the ledger's checkpoints (routes.ledger.keys), what a receipt's proofs are checked with. */
export const ledgerSigningKeysQuery = () =>
  queryOptions({
    queryKey: donationKeys.ledgerKeys(),
    queryFn: async ({ signal }) => (await callApi(routes.ledger.keys, { signal })).data.keys,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/**
 * One of a receipt's ledger entries proven in the newest checkpoint that covers it, checked in this browser
 * (receipt-proof.ts). A 404 is an entry not yet in a signed checkpoint: waiting, not a failure.
 */
export const receiptEntryProofQuery = (entryId: string, donationId: string, keys: LedgerKeys['keys']) =>
  queryOptions({
    queryKey: donationKeys.entryProof(entryId, donationId),
    queryFn: async ({ signal }): Promise<ReceiptEntryCheck> => {
      try {
        return await verifyReceiptEntry(
          { entryId, donationId },
          await fetchInclusionProof(entryId, signal),
          keys,
        );
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return { state: 'waiting' };
        throw error;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
