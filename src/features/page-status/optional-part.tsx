import { Alert, Button, Group, Text } from '@mantine/core';
import {
  Component,
  Suspense,
  lazy,
  useMemo,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { reportError } from '@/lib/error-reporting';

/**
 * A part of a page that failed (its code could not be fetched, its read failed, or it broke while
 * drawing): one small line naming it, and a button that tries that part again. The page around it
 * stays (issue 30: a school's network drops a request now and then).
 */
export function PartError({ name, onRetry }: { name: string; onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <Alert color="gray" variant="light" role="alert" p="sm">
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Text size="sm">{t('error.partFailed', { name })}</Text>
        <Button variant="default" size="compact-sm" onClick={onRetry}>
          {t('error.retry')}
        </Button>
      </Group>
    </Alert>
  );
}

interface BoundaryProps {
  name: string;
  onRetry(): void;
  children: ReactNode;
}

/** Catches what its children throw while drawing (a chunk that did not arrive included). */
class PartBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error): void {
    // A chunk that did not arrive is reported by the entry ('vite:preloadError'); a part that
    // broke while drawing is a bug to hear about.
    reportError(error, 'render');
  }

  override render(): ReactNode {
    return this.state.failed ? (
      <PartError name={this.props.name} onRetry={this.props.onRetry} />
    ) : (
      this.props.children
    );
  }
}

/**
 * A lazily loaded part the page works without (a card, a notice). While its code is on its way
 * the placeholder shows; if the code cannot be fetched or the part fails, `PartError` takes its
 * place, and its button fetches the code again (a new lazy component: React keeps a failed one
 * failed). `load` must be the same function on every render (declare it at module level).
 */
export function OptionalPart<P extends object>({
  name,
  load,
  props,
  placeholder = null,
}: {
  /** What the part is, in the user's language ("News"): the error names it. */
  name: string;
  load: () => Promise<ComponentType<P>>;
  props: P;
  placeholder?: ReactNode;
}) {
  const [attempt, setAttempt] = useState(0);
  // A new lazy component per attempt; `attempt` is what makes it new.
  const Part = useMemo(() => lazy(async () => ({ default: await load() })), [load, attempt]);
  return (
    <PartBoundary key={attempt} name={name} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={placeholder}>
        <Part {...props} />
      </Suspense>
    </PartBoundary>
  );
}
