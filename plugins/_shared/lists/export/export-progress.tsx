import { Paper, Progress, Text } from '@mantine/core';
import { type ExportProgress, progressLabel } from './progress';

/** A live region that shows the progress bar of a running export (nothing otherwise). */
export function ExportStatus({ progress, noun }: { progress: ExportProgress | null; noun: string }) {
  return <div aria-live="polite">{progress && <ExportBar progress={progress} noun={noun} />}</div>;
}

function ExportBar({ progress, noun }: { progress: ExportProgress; noun: string }) {
  const { phase, done, total } = progress;
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  const label = progressLabel(progress, noun);
  return (
    <Paper withBorder p="sm" data-testid="export-progress">
      <Text size="sm" mb={6}>
        {label}
      </Text>
      <Progress
        value={percent}
        aria-label={label}
        animated={phase === 'build' && total > 0 && done >= total}
      />
    </Paper>
  );
}
