import type { PrizeLine } from '@arena/contracts';
import { EmptyState } from '../../ui';
import { formatScore } from './challenge-detail.format';
import { CharityMark } from '../charities/charity-mark';

export interface PrizeBreakdownSectionProps {
  lines: PrizeLine[];
  isFinal: boolean;
  cancelled: boolean;
  lowerScoreWins: boolean;
  prizeDisplay: string;
}

/** 'Donation leaders and winners': who directs how much of the pool, and to which nonprofit. */
export function PrizeBreakdownSection({
  lines,
  isFinal,
  cancelled,
  lowerScoreWins,
  prizeDisplay,
}: PrizeBreakdownSectionProps) {
  const scoreLabel = lowerScoreWins ? 'Time' : 'Score';
  return (
    <section className="detail-section" aria-labelledby="detail-donations">
      <h2 id="detail-donations" className="detail-section__title">
        Donation leaders and winners
      </h2>
      <p className="muted">
        {cancelled
          ? 'The challenge was cancelled, so its pool is not directed.'
          : isFinal
            ? `Final: the ${prizeDisplay} pool is directed to these nonprofits.`
            : 'Projected: what each leader would direct if the tournament ended now.'}
      </p>
      {cancelled && lines.length === 0 ? null : lines.length === 0 ? (
        <EmptyState title="No donation leaders yet">Post a score to direct part of the pool.</EmptyState>
      ) : (
        <div className="table-wrap table-wrap--stack">
          <table className="table prize-table">
            <caption className="visually-hidden">{isFinal ? 'Winners' : 'Donation leaders'}</caption>
            <thead>
              <tr>
                <th scope="col" className="table__numeric">
                  Rank
                </th>
                <th scope="col">Player</th>
                <th scope="col" className="table__numeric">
                  {scoreLabel}
                </th>
                <th scope="col" className="table__numeric">
                  Directs
                </th>
                <th scope="col">Charity</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={`${line.rank}-${line.userId}`}>
                  <td data-label="Rank" className="table__numeric">
                    {line.rank}
                  </td>
                  <td data-label="Player">{line.username}</td>
                  <td data-label={scoreLabel} className="table__numeric">
                    {formatScore(line.score, lowerScoreWins)}
                  </td>
                  <td data-label="Directs" className="table__numeric">
                    {line.amountDisplay}
                  </td>
                  <td data-label="Charity">
                    {line.charityName ? (
                      <span className="with-monogram">
                        {line.charityId && (
                          <CharityMark
                            name={line.charityName}
                            ein={line.charityId}
                            logoUrl={line.charityLogoUrl}
                            size="small"
                          />
                        )}
                        {line.charityUrl ? (
                          <a href={line.charityUrl}>{line.charityName}</a>
                        ) : (
                          line.charityName
                        )}
                      </span>
                    ) : (
                      <span className="muted">Not chosen yet</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
