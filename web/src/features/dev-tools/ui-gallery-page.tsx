import { useState } from 'react';
import toast from 'react-hot-toast';
import { useDocumentTitle } from '../../lib/document-title';
import {
  Accordion,
  Alert,
  Badge,
  Button,
  Card,
  DataTable,
  EmptyState,
  Modal,
  Skeleton,
  Tabs,
  TextField,
} from '../../ui';
import './ui-gallery.css';

interface SampleRow {
  id: string;
  date: string;
  nonprofit: string;
  cents: number;
}

const ROWS: SampleRow[] = [
  { id: 'r1', date: 'Oct 24, 2025', nonprofit: 'Example Food Bank', cents: 2500 },
  { id: 'r2', date: 'Oct 23, 2025', nonprofit: 'Example Literacy Project', cents: 10000 },
];

const dollars = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(
    cents / 100,
  );

/** The design system on one page, for people building screens and for the browser tests. */
export function UiGalleryPage() {
  useDocumentTitle('Design system');
  const [tab, setTab] = useState<'buttons' | 'fields'>('buttons');
  const [modalOpen, setModalOpen] = useState(false);
  const [email, setEmail] = useState('');

  return (
    <div className="container ui-gallery">
      <header className="page-header">
        <p className="eyebrow">Developer tools</p>
        <h1 className="page-header__title">Design system</h1>
        <p className="lead">Every building block of the interface, in its states. Sample values only.</p>
      </header>

      <section aria-labelledby="ui-actions" className="ui-gallery__section">
        <h2 id="ui-actions">Actions and toasts</h2>
        <div className="cluster">
          <Button>Primary</Button>
          <Button variant="secondary">Secondary</Button>
          <Button variant="ghost">Ghost</Button>
          <Button disabled>Disabled</Button>
          <Button size="small" variant="secondary" onClick={() => toast('Saved as draft')}>
            Blank toast
          </Button>
          <Button size="small" variant="secondary" onClick={() => toast.success('Changes saved')}>
            Success toast
          </Button>
          <Button size="small" variant="secondary" onClick={() => toast.error('Something went wrong')}>
            Error toast
          </Button>
          <Button size="small" variant="secondary" onClick={() => toast.loading('Saving...')}>
            Loading toast
          </Button>
          <Button size="small" variant="ghost" onClick={() => toast.dismiss()}>
            Dismiss toasts
          </Button>
          <Badge>Verified</Badge>
          <Badge tone="accent">Pending</Badge>
        </div>
      </section>

      <section aria-labelledby="ui-tabs" className="ui-gallery__section">
        <h2 id="ui-tabs">Tabs</h2>
        <Tabs
          label="Sign-in method"
          selected={tab}
          onSelect={setTab}
          items={[
            { key: 'buttons', label: 'Phone', panel: <p>Codes go to your phone by text message.</p> },
            {
              key: 'fields',
              label: 'Email',
              panel: (
                <TextField
                  label="Email address"
                  type="email"
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  hint="We send a one-time code."
                  error={email && !email.includes('@') ? 'Please enter your email address.' : undefined}
                />
              ),
            },
          ]}
        />
      </section>

      <section aria-labelledby="ui-cards" className="ui-gallery__section">
        <h2 id="ui-cards">Cards, alerts and empty states</h2>
        <div className="grid">
          <Card>
            <h3 className="card__title">Plain card</h3>
            <p className="muted">For grouped content.</p>
          </Card>
          <Card tone="raised">
            <h3 className="card__title">Raised card</h3>
            <p className="muted">For the main action of a page.</p>
          </Card>
          <Card tone="highlight">
            <h3 className="card__title">Highlighted card</h3>
            <p className="muted">For the chosen option.</p>
          </Card>
        </div>
        <div className="ui-gallery__stack">
          <Alert title="Test mode">Payments run through the local test driver.</Alert>
          <EmptyState title="No donations yet" action={<Button variant="secondary">Find a charity</Button>}>
            Donations you direct will show up here.
          </EmptyState>
        </div>
      </section>

      <section aria-labelledby="ui-table" className="ui-gallery__section">
        <h2 id="ui-table">Table and loading</h2>
        <DataTable
          caption="Recent donations (sample)"
          rows={ROWS}
          rowKey={(row) => row.id}
          columns={[
            { key: 'date', header: 'Date', cell: (row) => row.date },
            { key: 'nonprofit', header: 'Nonprofit', cell: (row) => row.nonprofit },
            { key: 'amount', header: 'Amount', cell: (row) => dollars(row.cents), numeric: true },
          ]}
        />
        <div className="ui-gallery__stack">
          <Skeleton height="1.25rem" width="40%" />
          <Skeleton lines={3} />
        </div>
      </section>

      <section aria-labelledby="ui-disclosure" className="ui-gallery__section">
        <h2 id="ui-disclosure">Accordion and modal</h2>
        <Accordion
          items={[
            {
              id: 'gallery-one',
              title: 'What is a fundraising facilitator?',
              content: <p>A service that helps raise money for nonprofits.</p>,
            },
            {
              id: 'gallery-two',
              title: 'Who receives the donation?',
              content: <p>A verified 501(c)(3) nonprofit.</p>,
            },
          ]}
        />
        <div className="cluster ui-gallery__row">
          <Button variant="secondary" onClick={() => setModalOpen(true)}>
            Open modal
          </Button>
        </div>
        <Modal open={modalOpen} title="Invite a charity" onClose={() => setModalOpen(false)}>
          <form
            className="ui-gallery__form"
            onSubmit={(event) => {
              event.preventDefault();
              const name = new FormData(event.currentTarget).get('organizationName');
              if (typeof name !== 'string' || name.trim() === '') {
                toast.error("Enter the organization's name");
                return;
              }
              toast.success('Invitation sent');
              setModalOpen(false);
            }}
          >
            <TextField label="Organization name" name="organizationName" />
            <TextField label="Contact email" name="email" type="email" />
            <div className="cluster">
              <Button type="submit">Send invitation</Button>
              <Button variant="ghost" onClick={() => setModalOpen(false)}>
                Cancel
              </Button>
            </div>
          </form>
        </Modal>
      </section>
    </div>
  );
}
