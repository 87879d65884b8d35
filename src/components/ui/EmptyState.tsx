import type { ReactNode } from 'react';
import { cn } from './cn.ts';

interface EmptyStateProps {
  title?: string;
  description?: string;
  /** Optional follow-up, e.g. a link to the calendar. */
  children?: ReactNode;
  className?: string;
}

/**
 * What a section shows when it has nothing to show: the spec's 'Sin datos disponibles' /
 * 'Vuelve a intentarlo más tarde.' by default. Never sample data in its place.
 */
export default function EmptyState({
  title = 'Sin datos disponibles',
  description = 'Vuelve a intentarlo más tarde.',
  children,
  className,
}: EmptyStateProps) {
  return (
    <div className={cn('rounded-lg border border-dashed border-line bg-surface px-4 py-8 text-center', className)} data-empty-state>
      <p className="font-semibold text-fg">{title}</p>
      <p className="mt-1 text-sm text-muted">{description}</p>
      {children ? <div className="mt-3 text-sm">{children}</div> : null}
    </div>
  );
}
