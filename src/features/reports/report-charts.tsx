import '@mantine/charts/styles.css';
import './report-print.css';
import { BarChart, LineChart, type LineChartSeries } from '@mantine/charts';
import { Box, Table, Text, UnstyledButton } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportMemberRow, ReportSessionRow } from '@/contracts/api/reports';
import { formatDate } from '@/lib/time';
import { outputDistribution, sessionPoints } from './chart-data';

/**
 * A chart as a figure: its title, the chart drawn for the eye (hidden from screen readers, which
 * get the same numbers as a table instead), and that table behind a toggle for keyboard and
 * screen-reader users. Printing shows the chart and not the toggle (report-print.css).
 */
function ChartFigure({
  title,
  description,
  table,
  children,
}: {
  title: string;
  description: string;
  table: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('reports');
  const titleId = useId();
  const descriptionId = useId();
  const tableId = useId();
  const [open, setOpen] = useState(false);
  return (
    <Box
      component="figure"
      className="report-chart"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      m={0}
      data-testid="report-chart"
    >
      <Text component="figcaption" id={titleId} fw={700} size="sm">
        {title}
      </Text>
      <Text id={descriptionId} size="xs" c="gray.7" mb={4}>
        {description}
      </Text>
      <div aria-hidden="true">{children}</div>
      <UnstyledButton
        className="report-no-print"
        aria-expanded={open}
        aria-controls={tableId}
        onClick={() => setOpen((o) => !o)}
        fz="xs"
        c="blue.9"
        td="underline"
        mt={4}
      >
        {open ? t('chart.hideTable') : t('chart.showTable')}
      </UnstyledButton>
      <div id={tableId} hidden={!open}>
        {table}
      </div>
    </Box>
  );
}

function DataTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: readonly string[];
  rows: readonly (readonly (string | number)[])[];
}) {
  return (
    <Table fz="xs" withTableBorder mt={4}>
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          {columns.map((c, i) => (
            <Table.Th key={c} ta={i === 0 ? undefined : 'right'}>
              {c}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r, i) => (
          <Table.Tr key={i}>
            {r.map((cell, j) => (
              <Table.Td key={j} ta={j === 0 ? undefined : 'right'}>
                {cell}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

const CHART_HEIGHT = 220;

type SessionPoint = ReturnType<typeof sessionPoints>[number] & { date: string };

/**
 * A per-session line chart: one line per series over the sessions' dates, and its table (session,
 * date, then `columns`, a row of `cells` per session).
 */
function SessionLineChart({
  chart,
  points,
  columns,
  cells,
  series,
}: {
  chart: 'participation' | 'feedback';
  points: readonly SessionPoint[];
  columns: readonly string[];
  cells: (p: SessionPoint) => readonly (string | number)[];
  series: LineChartSeries[];
}) {
  const { t } = useTranslation('reports');
  const title = chart === 'participation' ? t('chart.participation') : t('chart.feedback');
  return (
    <ChartFigure
      title={title}
      description={
        chart === 'participation'
          ? t('chart.participationDescription')
          : t('chart.feedbackDescription')
      }
      table={
        <DataTable
          caption={title}
          columns={[t('col.session'), t('col.startTime'), ...columns]}
          rows={points.map((p) => [p.title, p.date, ...cells(p)])}
        />
      }
    >
      <LineChart
        h={CHART_HEIGHT}
        data={[...points]}
        dataKey="date"
        accessibilityLayer={false}
        withLegend
        series={series}
        curveType="linear"
        yAxisProps={{ allowDecimals: false }}
        tooltipAnimationDuration={0}
      />
    </ChartFigure>
  );
}

/** /report/group/{groupId}/sessions: participation and feedback per session over time. */
export function SessionCharts({ rows }: { rows: readonly ReportSessionRow[] }) {
  const { t } = useTranslation('reports');
  if (rows.length === 0) return null;
  const points = sessionPoints(rows).map((p) => ({ ...p, date: formatDate(p.startTime) }));
  return (
    <Box
      style={{
        display: 'grid',
        gap: 'var(--mantine-spacing-md)',
        gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 420px), 1fr))',
      }}
    >
      <SessionLineChart
        chart="participation"
        points={points}
        columns={[t('col.joined'), t('col.members'), t('chart.rate')]}
        cells={(p) => [p.joined, p.members, `${p.participation}%`]}
        series={[
          { name: 'joined', label: t('col.joined'), color: 'teal.8' },
          { name: 'members', label: t('col.members'), color: 'gray.6', strokeDasharray: '6 4' },
        ]}
      />
      <SessionLineChart
        chart="feedback"
        points={points}
        columns={[t('col.feedbackGiven'), t('col.feedbackReceived')]}
        cells={(p) => [p.feedbackGiven, p.feedbackReceived]}
        series={[
          { name: 'feedbackGiven', label: t('col.feedbackGiven'), color: 'blue.8' },
          {
            name: 'feedbackReceived',
            label: t('col.feedbackReceived'),
            color: 'orange.8',
            // Dashed, so a line lying on the other stays visible.
            strokeDasharray: '6 4',
          },
        ]}
      />
    </Box>
  );
}

/** /report/group/{groupId}/members: how many pupils posted 0, 1, 2 … outputs. */
export function OutputDistributionChart({ rows }: { rows: readonly ReportMemberRow[] }) {
  const { t } = useTranslation('reports');
  const buckets = outputDistribution(rows);
  if (buckets.length === 0) return null;
  return (
    <ChartFigure
      title={t('chart.outputs')}
      description={t('chart.outputsDescription')}
      table={
        <DataTable
          caption={t('chart.outputs')}
          columns={[t('chart.outputCount'), t('chart.pupils')]}
          rows={buckets.map((b) => [b.outputs, b.pupils])}
        />
      }
    >
      <BarChart
        h={CHART_HEIGHT}
        maw={720}
        data={buckets}
        dataKey="outputs"
        accessibilityLayer={false}
        series={[{ name: 'pupils', label: t('chart.pupils'), color: 'teal.8' }]}
        xAxisLabel={t('chart.outputCount')}
        yAxisLabel={t('chart.pupils')}
        yAxisProps={{ allowDecimals: false }}
        tooltipAnimationDuration={0}
      />
    </ChartFigure>
  );
}
