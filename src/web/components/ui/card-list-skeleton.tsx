import { Skeleton } from './skeleton';

interface CardListSkeletonProps {
  /** Tells screen readers what is coming ("Loading your requests"). */
  label: string;
  count: number;
  /** The height of one card, as close to the real one as can be, so the list does not jump. */
  cardClassName: string;
  /** The spacing between cards, as the loaded list has it. */
  className?: string;
}

/** Placeholder cards of a list of cards that is loading. */
export function CardListSkeleton({ label, count, cardClassName, className = 'space-y-4' }: CardListSkeletonProps) {
  return (
    <div className={className} aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} className={cardClassName} />
      ))}
    </div>
  );
}
