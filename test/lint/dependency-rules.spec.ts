import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

interface Snippet {
  rule: string;
  filePath: string;
  code: string;
  /** A word of the rule's message, or null where the import is allowed. */
  refusedWith: string | null;
}

const SNIPPETS: Snippet[] = [
  {
    rule: 'a projector imports a context index',
    filePath: 'projections/leaderboards/stray.projection.ts',
    code: "import { TournamentsModule } from '@arena/tournaments';\nexport const stray = TournamentsModule;\n",
    refusedWith: 'events entry only',
  },
  {
    rule: "a projector imports the context's events entry",
    filePath: 'projections/leaderboards/stray.projection.ts',
    code: "import { tieBreakKey } from '@arena/tournaments/events';\nexport const stray = tieBreakKey;\n",
    refusedWith: null,
  },
  {
    rule: 'a context reads a read model through its projector',
    filePath: 'libs/tournaments/src/application/queries/stray.handler.ts',
    code: "import { leaderboardsProjector } from '@arena/projections/leaderboards/leaderboards.projection';\nexport const stray = leaderboardsProjector;\n",
    refusedWith: '*.queries.ts only',
  },
  {
    rule: 'a context reads a read model through its queries',
    filePath: 'libs/tournaments/src/application/queries/stray.handler.ts',
    code: "import { topEntries } from '@arena/projections/leaderboards/leaderboards.queries';\nexport const stray = topEntries;\n",
    refusedWith: null,
  },
  {
    rule: 'a package index re-exports a projection',
    filePath: 'libs/tournaments/src/index.ts',
    code: "export { TournamentCatalogProjector } from '@arena/projections/tournament-catalog/tournament-catalog.projection';\n",
    refusedWith: 'never re-exports a read model',
  },
  {
    rule: 'a context loads the projector registry',
    filePath: 'libs/tournaments/src/stray.ts',
    code: "import { projectors } from '@arena/projections/registry';\nexport const stray = projectors;\n",
    refusedWith: 'Only apps and migrations',
  },
  {
    rule: 'an app loads the projector registry',
    filePath: 'apps/worker/src/stray.ts',
    code: "import { projectors } from '@arena/projections/registry';\nexport const stray = projectors;\n",
    refusedWith: null,
  },
  {
    rule: 'a context loads the reactions registry',
    filePath: 'libs/tournaments/src/stray.ts',
    code: "import { reactors } from '@arena/reactions/registry';\nexport const stray = reactors;\n",
    refusedWith: 'Only apps load the reactions registry',
  },
  {
    rule: 'a migration loads the reactions registry',
    filePath: 'migrations/stray.ts',
    code: "import { reactors } from '@arena/reactions/registry';\nexport const stray = reactors;\n",
    refusedWith: 'Only apps load the reactions registry',
  },
  {
    rule: 'an app loads the reactions registry',
    filePath: 'apps/worker/src/stray.ts',
    code: "import { reactors } from '@arena/reactions/registry';\nexport const stray = reactors;\n",
    refusedWith: null,
  },
  {
    rule: 'a runtime index exports test support',
    filePath: 'libs/projection-runner/src/index.ts',
    code: "export { projectEvents } from './testing/project-events';\n",
    refusedWith: 'never imports test support',
  },
  {
    rule: 'runtime code imports libs/testing',
    filePath: 'libs/tournaments/src/stray.ts',
    code: "import { InMemoryEventStore } from '@arena/testing';\nexport const stray = InMemoryEventStore;\n",
    refusedWith: 'never imports test support',
  },
  {
    rule: 'a spec imports libs/testing',
    filePath: 'libs/tournaments/src/stray.spec.ts',
    code: "import { InMemoryEventStore } from '@arena/testing';\nexport const stray = InMemoryEventStore;\n",
    refusedWith: null,
  },
  {
    rule: 'a shared lib imports a context',
    filePath: 'libs/jobs/src/stray.ts',
    code: "import { TournamentsModule } from '@arena/tournaments';\nexport const stray = TournamentsModule;\n",
    refusedWith: 'A shared lib never imports a context',
  },
  {
    rule: "a context imports another context's internals",
    filePath: 'libs/tournaments/src/stray.ts',
    code: "import { checkCode } from '../../identity/src/domain/code-check';\nexport const stray = checkCode;\n",
    refusedWith: 'never its internals',
  },
  {
    rule: "a context imports another context's index",
    filePath: 'libs/tournaments/src/stray.ts',
    code: "import { AccessTokenGuard } from '@arena/identity';\nexport const stray = AccessTokenGuard;\n",
    refusedWith: null,
  },
  {
    rule: "an app imports a shared lib's internals",
    filePath: 'apps/api/src/stray.ts',
    code: "import { sleep } from '../../../libs/projection-runner/src/sleep';\nexport const stray = sleep;\n",
    refusedWith: 'through its index',
  },
  {
    rule: 'a lib imports an app',
    filePath: 'libs/tournaments/src/stray.ts',
    code: "import { createApiApp } from '../../../apps/api/src/bootstrap';\nexport const stray = createApiApp;\n",
    refusedWith: 'never import an app',
  },
  {
    rule: 'the design system imports a feature',
    filePath: 'web/src/ui/stray.tsx',
    code: "import { HomePage } from '../features/home/home-page';\nexport const stray = HomePage;\n",
    refusedWith: 'never imports features',
  },
  {
    rule: "the web's plumbing imports a feature",
    filePath: 'web/src/lib/stray.ts',
    code: "import { tournamentKeys } from '../features/tournaments/tournaments.queries';\nexport const stray = tournamentKeys;\n",
    refusedWith: "web's plumbing",
  },
  {
    rule: 'a feature imports the web plumbing',
    filePath: 'web/src/features/home/stray.ts',
    code: "import { queryClient } from '../../lib/query-client';\nexport const stray = queryClient;\n",
    refusedWith: null,
  },
  {
    rule: 'the web imports a server context',
    filePath: 'web/src/features/home/stray.tsx',
    code: "import { TournamentsModule } from '@arena/tournaments';\nexport const stray = TournamentsModule;\n",
    refusedWith: 'only libs/contracts',
  },
  {
    rule: 'the web imports server code by a relative path',
    filePath: 'web/src/lib/stray.ts',
    code: "import { checkCode } from '../../../libs/identity/src/domain/code-check';\nexport const stray = checkCode;\n",
    refusedWith: 'only libs/contracts',
  },
  {
    rule: 'the game app imports the game cores and the frame protocol',
    filePath: 'apps/games/src/stray.ts',
    code: "import { tiles } from '@arena/games';\nimport { pageToGameMessage } from '@arena/contracts/game-frame.contract';\nexport const stray = [tiles, pageToGameMessage];\n",
    refusedWith: null,
  },
  {
    rule: "the game app reaches into a core's internals",
    filePath: 'apps/games/src/stray.ts',
    code: "import { slideInPlace } from '../../../libs/games/src/tiles/tiles.rules';\nexport const stray = slideInPlace;\n",
    refusedWith: 'never its internals',
  },
];

type LintResult = { filePath: string; messages: Array<{ ruleId: string | null; message: string }> };

describe('dependency rules (npm run lint)', () => {
  let results: LintResult[];

  beforeAll(() => {
    const output = execFileSync(process.execPath, [join(__dirname, 'lint-snippets.mjs')], {
      cwd: join(__dirname, '../..'),
      input: JSON.stringify(SNIPPETS.map(({ filePath, code }) => ({ filePath, code }))),
      encoding: 'utf8',
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    results = JSON.parse(output) as LintResult[];
  });

  it.each(SNIPPETS.map((snippet, index) => [snippet.rule, index] as const))('%s', (_rule, index) => {
    const { refusedWith } = SNIPPETS[index]!;
    const errors = results[index]!.messages.filter((m) => m.ruleId === 'boundaries/dependencies');

    if (refusedWith === null) expect(errors).toEqual([]);
    else expect(errors).toEqual([expect.objectContaining({ message: expect.stringContaining(refusedWith) })]);
  });
});
