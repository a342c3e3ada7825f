/** The tables of favorites and invitations (migration 20261123100300-CharityFavoritesInvitations). */
export interface CharityCommunityTables {
  charity_favorites: {
    id: string;
    account_id: string;
    ein: string;
    name: string;
    logo_url: string | null;
    category: string | null;
    created_at: Date;
  };
  charity_invitations: {
    id: string;
    /** Lower-cased. */
    email: string;
    /** The organization's name lower-cased with its spaces collapsed: what "the same organization" means. */
    organization_key: string;
    organization_name: string;
    ein: string | null;
    invited_by: string | null;
    times_invited: number;
    first_invited_at: Date;
    last_invited_at: Date;
    /** Null while no email went out for the current invitation (or its send failed). */
    last_emailed_at: Date | null;
    /** The call that claimed the current email. */
    email_claim: string | null;
  };
}
