import { dollarsFromCents } from '@arena/contracts/tournaments.rules';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Alert, Button, DataTable, Modal, Skeleton } from '../../ui';
import { charityRankingsQuery, charitySupportersQuery } from './charities.queries';
import { relativeTime } from './charity-format';

/** The Supporters dialog (spec §2): name, optional note and when, with Close. */
export function SupportersModal({ ein, onClose }: { ein: string; onClose: () => void }) {
  const supporters = useQuery(charitySupportersQuery(ein));
  return (
    <Modal open title="Supporters" onClose={onClose}>
      <div className="stack">
        {supporters.isPending ? (
          <Skeleton height="2.5rem" lines={3} />
        ) : supporters.isError ? (
          <Alert tone="danger" title="Supporters could not be loaded">
            <p>{supporters.error.message}</p>
          </Alert>
        ) : supporters.data.length === 0 ? (
          <p className="muted">
            No supporters yet. Donations directed to this charity will list their donors here.
          </p>
        ) : (
          <ul className="supporter-list">
            {supporters.data.map((supporter) => (
              <li key={supporter.id} className="supporter-list__item">
                <span className="supporter-list__name">{supporter.name}</span>
                <time className="muted supporter-list__time" dateTime={supporter.at}>
                  {relativeTime(supporter.at)}
                </time>
                {supporter.note && <p className="supporter-list__note">{supporter.note}</p>}
              </li>
            ))}
          </ul>
        )}
        <div className="profile-dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    </Modal>
  );
}

/** The Charity Rankings dialog (spec §2): rank, charity, raised and supporters, with Close. */
export function RankingsModal({ ein, onClose }: { ein: string; onClose: () => void }) {
  const rankings = useQuery(charityRankingsQuery());
  return (
    <Modal open title="Charity Rankings" onClose={onClose}>
      <div className="stack">
        {rankings.isPending ? (
          <Skeleton height="2.5rem" lines={4} />
        ) : rankings.isError ? (
          <Alert tone="danger" title="Rankings could not be loaded">
            <p>{rankings.error.message}</p>
          </Alert>
        ) : (
          <DataTable
            caption="Charities by amount raised"
            rows={rankings.data}
            rowKey={(row) => row.ein}
            empty={<p className="muted">No charity has received donations yet.</p>}
            columns={[
              { key: 'rank', header: 'Rank', cell: (row) => `#${row.rank}` },
              {
                key: 'charity',
                header: 'Charity',
                cell: (row) =>
                  row.ein === ein ? (
                    <strong>{row.name}</strong>
                  ) : (
                    <Link to="/charity-profile/$ein" params={{ ein: row.ein }} onClick={onClose}>
                      {row.name}
                    </Link>
                  ),
              },
              {
                key: 'raised',
                header: 'Raised',
                numeric: true,
                cell: (row) => dollarsFromCents(row.raisedCents),
              },
              { key: 'supporters', header: 'Supporters', numeric: true, cell: (row) => row.supporters },
            ]}
          />
        )}
        <div className="profile-dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    </Modal>
  );
}
