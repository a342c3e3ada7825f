import { Link } from '@tanstack/react-router';
import { useDocumentTitle } from '../../lib/document-title';

/** `/dev` itself: what the developer pages are, rather than an empty frame. */
export function DevIndexPage() {
  useDocumentTitle('Developer tools');
  return (
    <div className="container">
      <header className="page-header">
        <h1 className="page-header__title">Developer tools</h1>
        <p className="lead">
          Pages for people building the app. The server serves them in development and tests only.
        </p>
      </header>
      <ul className="stack">
        <li>
          <Link to="/dev/mailbox">Mailbox</Link>: the emails and text messages the app has sent.
        </li>
        <li>
          <Link to="/dev/ui">Design system</Link>: every building block of the interface, in its states.
        </li>
      </ul>
    </div>
  );
}
