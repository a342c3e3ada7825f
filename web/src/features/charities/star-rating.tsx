/** A star rating out of 5, or 'N/A' without one (spec §2). */
export function StarRating({ rating }: { rating: number | null }) {
  if (rating === null) return <span className="star-rating star-rating--none">N/A</span>;
  const whole = Math.round(rating);
  return (
    <span className="star-rating" role="img" aria-label={`${rating} out of 5 stars`}>
      <span aria-hidden="true">
        {'★'.repeat(whole)}
        <span className="star-rating__empty">{'★'.repeat(Math.max(0, 5 - whole))}</span>
      </span>
    </span>
  );
}
