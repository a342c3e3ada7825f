import { Link } from '@tanstack/react-router';
import { useDocumentTitle } from '../../lib/document-title';
import { Accordion, Card } from '../../ui';
import { LegalBlocks } from '../legal/legal-blocks';
import { complianceSections } from './content';
import './compliance.css';

export function CompliancePage() {
  useDocumentTitle('How it works');
  return (
    <div className="container compliance">
      <header className="page-header">
        <p className="eyebrow">How it works</p>
        <h1 className="page-header__title">Skill games that fund verified nonprofits</h1>
        <p className="lead">
          Charity Arena is a fundraising facilitator, not gambling, a sweepstake or an investment. Here is how
          play, donations, billing and eligibility work, in plain terms.
        </p>
      </header>

      <div className="compliance__layout">
        <section aria-labelledby="compliance-policies">
          <h2 id="compliance-policies" className="visually-hidden">
            Policies
          </h2>
          <Accordion
            headingLevel={3}
            items={complianceSections.map((section) => ({
              id: section.id,
              title: section.title,
              content: <LegalBlocks blocks={section.body} />,
            }))}
          />
        </section>

        <aside aria-labelledby="compliance-next">
          <Card>
            <h2 id="compliance-next" className="card__title">
              See it for yourself
            </h2>
            <ul className="compliance__links">
              <li>
                <Link to="/challenges">Browse open challenges</Link>
              </li>
              <li>
                <Link to="/" hash="ledger">
                  Check the verified donation ledger
                </Link>
              </li>
              <li>
                <Link to="/terms">Read the full Terms of Use</Link>
              </li>
            </ul>
          </Card>
        </aside>
      </div>
    </div>
  );
}
