import type { BracketMatch, BracketStage, MatchSide, NextMatch } from '@arena/contracts';
import { formatScore } from './challenge-detail.format';
import { SideScroller } from '../../ui';
import { connectorOf, sideLabels, type SideLabel } from './bracket.rules';
import { Countdown } from './countdown';
import './bracket.css';

const GROUP_LABELS: Record<BracketStage['rounds'][number]['group'], string> = {
  ROUND_ROBIN: 'Round robin',
  WINNERS: 'Winners bracket',
  LOSERS: 'Losers bracket',
  GRAND_FINAL: 'Grand final',
};

const STAGE_LABELS: Record<BracketStage['kind'], string> = {
  ROUND_ROBIN: 'Round robin stage',
  SINGLE_ELIMINATION: 'Single elimination',
  DOUBLE_ELIMINATION: 'Double elimination',
};

const STATUS_LABELS: Record<BracketMatch['status'], string> = {
  LOCKED: 'Waiting for earlier matches',
  WAITING: 'Waiting for an opponent',
  READY: 'In play',
  COMPLETED: 'Decided',
};

/** Built once: a formatter costs far more to make than to use, and a bracket writes dozens of instants. */
const instant = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const wholeNumber = new Intl.NumberFormat('en-US');

export const formatInstant = (iso: string) => instant.format(new Date(iso));

export interface BracketSectionProps {
  stages: BracketStage[];
  nextMatch: NextMatch | null;
  lowerScoreWins: boolean;
  memberId: string | null;
}

function Side({
  side,
  label,
  seed,
  lowerScoreWins,
  memberId,
}: {
  side: MatchSide | null;
  label: SideLabel;
  seed: number | undefined;
  lowerScoreWins: boolean;
  memberId: string | null;
}) {
  if (!side || label !== 'player')
    return <li className="match__side match__side--empty">{label === 'bye' ? 'Bye' : 'To be decided'}</li>;
  const classes = [
    'match__side',
    side.result === 'WIN' ? 'match__side--won' : '',
    side.userId === memberId ? 'is-own' : '',
  ].filter(Boolean);
  return (
    <li className={classes.join(' ')}>
      {seed !== undefined && (
        <span className="match__seed" title={`Seed ${seed}`}>
          <span className="visually-hidden">Seed </span>
          {seed}
        </span>
      )}
      <span className="match__name">{side.username}</span>
      {side.forfeited && <span className="match__tag">forfeit</span>}
      <span className="match__score">
        {side.score === null ? '–' : formatScore(side.score, lowerScoreWins)}
      </span>
      {side.result && <span className="visually-hidden">{side.result === 'WIN' ? 'won' : 'lost'}</span>}
    </li>
  );
}

function MatchCard({
  match,
  seeds,
  lowerScoreWins,
  memberId,
}: {
  match: BracketMatch;
  seeds: Record<string, number> | undefined;
  lowerScoreWins: boolean;
  memberId: string | null;
}) {
  const labels = sideLabels(match);
  // Two byes: no match is played in this slot. It keeps its place so the lines still meet.
  if (!labels) {
    return (
      <div className="match match--none">
        <span className="muted">No match</span>
      </div>
    );
  }
  const open = match.status === 'READY' || match.status === 'WAITING';
  const seedOf = (side: MatchSide | null) => (side ? seeds?.[side.userId] : undefined);
  return (
    <article className="match" aria-label={`Match ${match.number}`}>
      <header className="match__head">
        <span>Match {match.number}</span>
        <span className="muted">{match.isBye ? 'Bye' : STATUS_LABELS[match.status]}</span>
      </header>
      <ul className="match__sides">
        {[match.player1, match.player2].map((side, index) => (
          <Side
            key={index}
            side={side}
            label={labels[index]!}
            seed={seedOf(side)}
            lowerScoreWins={lowerScoreWins}
            memberId={memberId}
          />
        ))}
      </ul>
      {open && match.deadline && <p className="match__deadline">Play by {formatInstant(match.deadline)}</p>}
    </article>
  );
}

function Standings({ stage }: { stage: BracketStage }) {
  if (!stage.standings || stage.standings.length === 0) return null;
  return (
    // On a phone each row reads as a card of labelled values: no column hides behind a sideways scroll.
    <div className="table-wrap table-wrap--stack">
      <table className="table">
        <caption>Standings</caption>
        <thead>
          <tr>
            <th scope="col" className="table__numeric">
              #
            </th>
            <th scope="col">Player</th>
            <th scope="col" className="table__numeric">
              Played
            </th>
            <th scope="col" className="table__numeric">
              Won
            </th>
            <th scope="col" className="table__numeric">
              Lost
            </th>
            <th scope="col" className="table__numeric">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {stage.standings.map((row) => (
            <tr key={row.userId}>
              <td data-label="#" className="table__numeric">
                {row.rank}
              </td>
              <td data-label="Player">{row.username}</td>
              <td data-label="Played" className="table__numeric">
                {row.played}
              </td>
              <td data-label="Won" className="table__numeric">
                {row.wins}
              </td>
              <td data-label="Lost" className="table__numeric">
                {row.losses}
              </td>
              <td data-label="Total" className="table__numeric">
                {wholeNumber.format(row.totalScore)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type Round = BracketStage['rounds'][number];

/** A double elimination reads as its winners bracket, then its losers bracket, then the grand final. */
function groupsOf(stage: BracketStage): { group: Round['group']; rounds: Round[] }[] {
  const groups = new Map<Round['group'], Round[]>();
  for (const round of stage.rounds) groups.set(round.group, [...(groups.get(round.group) ?? []), round]);
  return [...groups].map(([group, rounds]) => ({ group, rounds }));
}

/** A round's matches in slots of `size`: two matches that feed one next match share a slot and its line. */
function slotsOf(matches: BracketMatch[], size: number): BracketMatch[][] {
  const slots: BracketMatch[][] = [];
  for (let index = 0; index < matches.length; index += size) slots.push(matches.slice(index, index + size));
  return slots;
}

/** The head-to-head bracket: each stage's rounds side by side (scrolling sideways, and saying so, on a phone). */
export function BracketSection({ stages, nextMatch, lowerScoreWins, memberId }: BracketSectionProps) {
  return (
    <section className="detail-section" aria-labelledby="detail-bracket">
      <h2 id="detail-bracket" className="detail-section__title">
        Bracket
      </h2>
      {nextMatch && (
        <div className="next-match" role="status">
          <p className="next-match__title">
            Your next match: vs {nextMatch.opponentUsername} ({GROUP_LABELS[nextMatch.group].toLowerCase()},
            round {nextMatch.round})
          </p>
          {nextMatch.played ? (
            <p className="muted">You have played it: waiting for your opponent.</p>
          ) : (
            <p className="muted">
              Play by {formatInstant(nextMatch.deadline)} · time left:{' '}
              <Countdown target={nextMatch.deadline} done="none" />. Not playing by then forfeits the match.
            </p>
          )}
        </div>
      )}
      {stages.length === 0 && <p className="muted">The bracket is drawn when the tournament starts.</p>}
      {stages.map((stage) => (
        <div key={stage.number} className="bracket-stage">
          <h3 className="bracket-stage__title">
            Stage {stage.number}: {STAGE_LABELS[stage.kind]}
          </h3>
          <Standings stage={stage} />
          {groupsOf(stage).map(({ group, rounds }) => {
            // A round robin's rounds come straight under the stage's title, without a group title.
            const RoundTitle = stage.kind === 'ROUND_ROBIN' ? 'h4' : 'h5';
            return (
              <div key={group} className="bracket-group">
                {stage.kind !== 'ROUND_ROBIN' && (
                  <h4 className="bracket-group__title">{GROUP_LABELS[group]}</h4>
                )}
                <SideScroller
                  className={stage.kind === 'ROUND_ROBIN' ? 'bracket bracket--wrap' : 'bracket'}
                  label={`Stage ${stage.number}: ${GROUP_LABELS[group]}`}
                  hint="Scroll sideways for the later rounds."
                >
                  {rounds.map((round, index) => {
                    const joins = connectorOf(round, rounds[index + 1]);
                    const fed = index > 0 && connectorOf(rounds[index - 1]!, round) !== 'NONE';
                    return (
                      <div
                        key={round.number}
                        className={`bracket__round bracket__round--${joins.toLowerCase()}${fed ? ' bracket__round--fed' : ''}`}
                      >
                        <RoundTitle className="bracket__round-title">Round {round.number}</RoundTitle>
                        <div className="bracket__matches">
                          {slotsOf(round.matches, joins === 'PAIRS' ? 2 : 1).map((slot) => (
                            <div key={slot[0]!.id} className="bracket__slot">
                              {slot.map((match) => (
                                <MatchCard
                                  key={match.id}
                                  match={match}
                                  seeds={stage.seeds}
                                  lowerScoreWins={lowerScoreWins}
                                  memberId={memberId}
                                />
                              ))}
                            </div>
                          ))}
                        </div>
                      </div>
                    );
                  })}
                </SideScroller>
              </div>
            );
          })}
        </div>
      ))}
    </section>
  );
}
