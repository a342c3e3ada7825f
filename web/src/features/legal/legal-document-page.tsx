import { useState } from 'react';
import toast from 'react-hot-toast';
import { useDocumentTitle } from '../../lib/document-title';
import { Accordion, Button, Card } from '../../ui';
import { LegalBlocks } from './legal-blocks';
import type { LegalDocument } from './legal-document';
import { downloadLegalPdf } from './legal-pdf';
import './legal.css';

export function LegalDocumentPage({ document }: { document: LegalDocument }) {
  useDocumentTitle(document.title);
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadLegalPdf(document);
    } catch {
      toast.error('Failed to create the PDF. Please try again.');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <article className="container legal" aria-labelledby="legal-title">
      <header className="page-header legal__header">
        <p className="eyebrow">Legal</p>
        <h1 id="legal-title" className="page-header__title">
          {document.title}
        </h1>
      </header>

      <Card as="section" tone="raised" className="legal__version" aria-label="Document version">
        <dl className="legal__facts">
          <div>
            <dt>Version</dt>
            <dd>{document.version}</dd>
          </div>
          <div>
            <dt>Effective date</dt>
            <dd>{document.effectiveDate}</dd>
          </div>
          <div>
            <dt>Last updated</dt>
            <dd>{document.lastUpdated}</dd>
          </div>
        </dl>
        <div className="legal__actions no-print">
          <Button variant="secondary" size="small" onClick={() => window.print()}>
            Print
          </Button>
          <Button variant="primary" size="small" onClick={() => void download()} disabled={downloading}>
            {downloading ? 'Preparing PDF...' : 'Download PDF'}
          </Button>
        </div>
      </Card>

      <section className="legal__overview" aria-labelledby="legal-overview">
        <h2 id="legal-overview">Overview</h2>
        {document.overview.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </section>

      <section aria-labelledby="legal-sections">
        <h2 id="legal-sections">Sections</h2>
        <Accordion
          items={document.sections.map((section, index) => ({
            id: section.id,
            title: `${index + 1}. ${section.title}`,
            content: <LegalBlocks blocks={section.body} />,
          }))}
        />
      </section>
    </article>
  );
}
