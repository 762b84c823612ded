import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SlideCanvas } from './slide-canvas';

const layout = (x: number, y: number) => ({ x, y, width: 400, height: 200, fontSize: 40 });

describe('SlideCanvas', () => {
  it('draws every item type at its layout on the 1920×1080 canvas', () => {
    const html = renderToStaticMarkup(
      <MantineProvider>
        <SlideCanvas
          label="Slide of Birds"
          schema={[
            { type: 'title', mappingId: 'title', layout: layout(80, 60) },
            { type: 'image', mappingId: 'image', layout: layout(80, 240) },
            { type: 'text', mappingId: 'q', label: 'Question', layout: layout(860, 240) },
            { type: 'hashTag', mappingId: 'tags', layout: layout(80, 900) },
            { type: 'date', mappingId: 'date', layout: layout(80, 800) },
            { type: 'dictionary', mappingId: 'facts', layout: layout(860, 440) },
            { type: 'list', mappingId: 'next', layout: layout(1360, 440) },
            { type: 'dictionaryArray', mappingId: 'survey', layout: layout(1360, 660) },
          ]}
          values={{
            title: 'Birds in our town',
            image: '/media/birds.jpg',
            q: 'Where do birds nest?',
            tags: ['birds', 'map'],
            date: Date.UTC(2026, 10, 1),
            facts: { Species: '14' },
            next: ['Put up nest boxes'],
            survey: [{ Place: 'Park', Birds: '9' }],
          }}
        />
      </MantineProvider>,
    );
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="Slide of Birds"');
    expect(html).toMatch(/width:1920px;height:1080px/);
    for (const type of [
      'title',
      'image',
      'text',
      'hashTag',
      'date',
      'dictionary',
      'list',
      'dictionaryArray',
    ])
      expect(html).toContain(`data-slide-item="${type}"`);
    expect(html).toContain(
      'data-slide-item="dictionary" style="position:absolute;left:860px;top:440px;width:400px;height:200px',
    );
    expect(html).toContain('Birds in our town');
    expect(html).toContain('src="/media/birds.jpg"');
    expect(html).toContain('#birds  #map');
    expect(html).toContain('<dt');
    expect(html).toContain('Put up nest boxes');
    expect(html).toContain('<table');
    expect(html).toContain('2026/11/01');
  });
});
