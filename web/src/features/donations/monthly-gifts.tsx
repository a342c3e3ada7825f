import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MonthlyGift } from '@arena/contracts';
import { DonationMessages as M } from '@arena/contracts/donations.messages';
import toast from 'react-hot-toast';
import { Button } from '../../ui';
import { dollars, shortDate } from './donation-format';
import { donationKeys, donationsApi, monthlyGiftsQuery } from './donations.queries';

/**
 * The member's monthly gifts on the profile (issue 23): each running one with "Cancel monthly gift", which
 * ends it at the payment provider now. Nothing shows for a member who has none.
 */
export function MonthlyGifts({ memberId }: { memberId: string }) {
  const gifts = useQuery(monthlyGiftsQuery(memberId));
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: donationsApi.cancelMonthlyGift,
    onSuccess: async () => {
      toast.success(M.monthlyGiftCanceled);
      await queryClient.invalidateQueries({ queryKey: donationKeys.monthly(memberId) });
    },
    onError: (failure) => toast.error(failure.message),
  });
  if (!gifts.data || gifts.data.length === 0) return null;
  return (
    <section className="monthly-gifts" aria-labelledby="profile-monthly-gifts">
      <h3 id="profile-monthly-gifts" className="monthly-gifts__title">
        Monthly gifts
      </h3>
      <ul className="monthly-gifts__list">
        {gifts.data.map((gift) => (
          <li key={gift.subscriptionId} className="monthly-gifts__item">
            <span>{describe(gift)}</span>
            {gift.status === 'active' ? (
              <Button
                variant="secondary"
                disabled={cancel.isPending}
                aria-label={`Cancel monthly gift of ${dollars(gift.amountCents)} to ${gift.nonprofit ?? 'the donation pool'}`}
                onClick={() => cancel.mutate(gift.subscriptionId)}
              >
                Cancel monthly gift
              </Button>
            ) : (
              <span className="muted">Cancelled {gift.canceledAt ? shortDate(gift.canceledAt) : ''}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

const describe = (gift: MonthlyGift) =>
  `${dollars(gift.amountCents)} every month to ${gift.nonprofit ?? 'the donation pool'}, since ${shortDate(gift.startedAt)}`;
