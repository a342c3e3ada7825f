export function NotFound() {
  return <p className="not-found">Page not found</p>;
}
