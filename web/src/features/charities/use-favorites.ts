import type { AddFavoriteBody, FavoriteCharity } from '@arena/contracts';
import { CharityMessages } from '@arena/contracts/charities.messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import toast from 'react-hot-toast';
import { useSession } from '../../lib/session';
import { addFavorite, charityKeys, favoritesQuery, removeFavorite } from './charities.queries';
import { einDigits } from './charity-format';

export interface Favorites {
  /** False for a guest (and while the session resolves): hearts are disabled with the log-in hint. */
  signedIn: boolean;
  list: FavoriteCharity[];
  loadFailed: boolean;
  isFavorite: (ein: string) => boolean;
  /** The EIN (nine digits) whose heart is being changed, so only that one waits. */
  busyEin: string | null;
  toggle: (ein: string, add: () => AddFavoriteBody) => void;
}

/** The signed-in member's favorite charities, and adding or removing one (spec §3, §5, §8). */
export function useFavorites(): Favorites {
  const session = useSession();
  const memberId = session?.status === 'member' ? session.member.id : null;
  const queryClient = useQueryClient();
  const favorites = useQuery({ ...favoritesQuery(memberId ?? ''), enabled: memberId !== null });
  const list = useMemo(() => (memberId ? (favorites.data ?? []) : []), [memberId, favorites.data]);
  const eins = useMemo(() => new Set(list.map((favorite) => einDigits(favorite.charity.ein))), [list]);

  const change = useMutation({
    mutationFn: ({ ein, body }: { ein: string; body: AddFavoriteBody | null }) =>
      body ? addFavorite(body) : removeFavorite(ein),
    onSuccess: (next) => {
      if (memberId) queryClient.setQueryData(charityKeys.favorites(memberId), next);
    },
    onError: (_error, { body }) => {
      toast.error(body ? CharityMessages.failedToAddFavorite : CharityMessages.failedToRemoveFavorite);
    },
  });

  return {
    signedIn: memberId !== null,
    list,
    loadFailed: favorites.isError,
    isFavorite: (ein) => eins.has(einDigits(ein)),
    busyEin: change.isPending ? einDigits(change.variables.ein) : null,
    toggle: (ein, add) => {
      if (!memberId || change.isPending) return;
      change.mutate({ ein, body: eins.has(einDigits(ein)) ? null : add() });
    },
  };
}
