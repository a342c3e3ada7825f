export function PendingPage() {
  return (
    <p className="pending-page" role="status">
      Loading...
    </p>
  );
}
