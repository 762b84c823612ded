import { Box, Image, Table, Text } from '@mantine/core';
import { imageSrcSet } from '@/contracts/media';
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { SLIDE_CANVAS, SLIDE_SCALE_RECALC_MS } from '@/contracts/constants';
import type { SlideSchemaItem } from '@/contracts/entities';
import { formatDate } from '@/lib/time';
import { fitScale } from './project-rules';
import { slideValue, type SlideItemValue } from './slide-values';

type Item = ReturnType<typeof SlideSchemaItem.parse>;

/**
 * Watches the box's size, at most once per SLIDE_SCALE_RECALC_MS (the spec's 800 ms). Sizes come
 * from the observer's entries (read after layout): measuring the element on mount forced a layout
 * in the middle of home's first render (issue 29).
 */
function useThrottledScale(ref: React.RefObject<HTMLDivElement | null>): number {
  const [scale, setScale] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let last = 0;
    let size = { width: 0, height: 0 };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const apply = () => {
      last = Date.now();
      timer = undefined;
      setScale(fitScale(size));
    };
    const observer = new ResizeObserver((entries) => {
      const box = entries[entries.length - 1]?.contentRect;
      if (!box) return;
      size = { width: box.width, height: box.height };
      // The first size (observing starts with one) is applied at once; later ones throttled.
      if (last === 0) return apply();
      if (timer !== undefined) return;
      timer = setTimeout(apply, Math.max(0, last + SLIDE_SCALE_RECALC_MS - Date.now()));
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [ref]);
  return scale;
}

function ItemBody({
  item,
  value,
  scale,
}: {
  item: Item;
  value: SlideItemValue;
  scale: number;
}): ReactNode {
  const fontSize = item.layout.fontSize ?? 36;
  const color = item.layout.color ?? '#212529';
  const text: CSSProperties = { fontSize, color, lineHeight: 1.3, margin: 0 };
  const label = item.label ? (
    <Text fw={700} style={{ ...text, fontSize: fontSize * 0.7, color: '#495057' }}>
      {item.label}
    </Text>
  ) : null;
  switch (value.kind) {
    case 'empty':
      return null;
    case 'image': {
      // Fetched at the width it is drawn, not the canvas's 1920 px (issue 10); before the box is
      // measured, at most its share of a 640 px box (a slide's usual size on a page).
      const share = item.layout.width / SLIDE_CANVAS.width;
      const sizes =
        scale > 0
          ? `${Math.ceil(item.layout.width * scale)}px`
          : `min(${Math.ceil(share * 100)}vw, ${Math.ceil(share * 640)}px)`;
      return (
        <Image
          src={value.src}
          srcSet={imageSrcSet(value.src)}
          sizes={sizes}
          alt=""
          w="100%"
          h="100%"
          fit="cover"
          style={{ borderRadius: 16 }}
        />
      );
    }
    case 'title':
      return (
        <Text fw={800} style={text}>
          {value.text}
        </Text>
      );
    case 'text':
      return (
        <>
          {label}
          <Text style={text}>{value.text}</Text>
        </>
      );
    case 'date':
      return (
        <Text style={text}>
          {item.label ? `${item.label}: ` : ''}
          {formatDate(value.at)}
        </Text>
      );
    case 'hashTag':
      return (
        <Text style={text} fw={700}>
          {value.tags.map((tag) => `#${tag}`).join('  ')}
        </Text>
      );
    case 'list':
      return (
        <>
          {label}
          <ul style={{ ...text, paddingLeft: fontSize }}>
            {value.entries.map((entry, i) => (
              <li key={i}>{entry}</li>
            ))}
          </ul>
        </>
      );
    case 'dictionary':
      return (
        <>
          {label}
          <dl style={{ ...text, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 24 }}>
            {value.entries.map(([k, v]) => (
              <Box key={k} display="contents">
                <dt style={{ fontWeight: 700 }}>{k}</dt>
                <dd style={{ margin: 0 }}>{v}</dd>
              </Box>
            ))}
          </dl>
        </>
      );
    case 'dictionaryArray':
      return (
        <>
          {label}
          <Table style={text} withTableBorder>
            <Table.Thead>
              <Table.Tr>
                {value.columns.map((c) => (
                  <Table.Th key={c} style={{ fontSize }}>
                    {c}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {value.rows.map((row, i) => (
                <Table.Tr key={i}>
                  {value.columns.map((c) => (
                    <Table.Td key={c} style={{ fontSize }}>
                      {row[c] ?? ''}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      );
  }
}

export interface SlideCanvasProps {
  schema: readonly Item[];
  values: Record<string, unknown>;
  /** What the slide is, for assistive technology (the drawing itself is decorative). */
  label: string;
}

/**
 * A slide drawn from its schema on the 1920×1080 canvas, each item at its layout, scaled to fit
 * the box (16:9). The scale is recalculated on resize, at most every 800 ms.
 */
export function SlideCanvas({ schema, values, label }: SlideCanvasProps) {
  const box = useRef<HTMLDivElement>(null);
  const scale = useThrottledScale(box);
  return (
    <Box
      ref={box}
      role="img"
      aria-label={label}
      pos="relative"
      bg="white"
      style={{ aspectRatio: `${SLIDE_CANVAS.width} / ${SLIDE_CANVAS.height}`, overflow: 'hidden' }}
    >
      {/* Canvas pixels as inline styles: positions are the schema's, not theme spacing. */}
      <div
        aria-hidden="true"
        style={{
          position: 'absolute',
          top: 0,
          left: 0,
          width: SLIDE_CANVAS.width,
          height: SLIDE_CANVAS.height,
          transform: `scale(${scale})`,
          transformOrigin: '0 0',
        }}
      >
        {schema.map((item) => (
          <div
            key={item.mappingId}
            data-slide-item={item.type}
            style={{
              position: 'absolute',
              left: item.layout.x,
              top: item.layout.y,
              width: item.layout.width,
              height: item.layout.height,
              overflow: 'hidden',
            }}
          >
            <ItemBody item={item} value={slideValue(item, values)} scale={scale} />
          </div>
        ))}
      </div>
    </Box>
  );
}
