/** The plain text the spec asks for, as the page's heading (axe: every page has a level-one heading). */
export function NotFound() {
  return <h1 className="not-found">Page not found</h1>;
}
