import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Picture } from '../../contracts/picture';
import { picturePlan } from './picture-signing';

const sign = (url: string) => `${url}?signed`;
const PATH = '/uploads/0123456789abcdef0123456789abcdef.jpg';

describe('picturePlan: only declared picture fields are signed', () => {
  it('signs pictures through objects, arrays, optionals and nullables, and leaves text alone', () => {
    const schema = z.object({
      title: z.string(),
      images: z.array(Picture),
      cover: z.nullable(Picture).optional(),
      by: z.object({ image: z.nullable(Picture), name: z.string() }),
    });
    const plan = picturePlan(schema)!;
    const value = { title: PATH, images: [PATH], cover: null, by: { image: PATH, name: PATH } };
    expect(plan(value, sign)).toEqual({
      title: PATH,
      images: [`${PATH}?signed`],
      cover: null,
      by: { image: `${PATH}?signed`, name: PATH },
    });
    expect(value.images[0]).toBe(PATH); // the answer object itself is not changed
  });

  it('costs nothing where a schema declares no picture', () => {
    expect(picturePlan(z.object({ content: z.string(), items: z.array(z.string()) }))).toBeNull();
  });

  it('signs a union by the option the value is, and follows recursive schemas', () => {
    const schema = z.union([
      z.object({ kind: z.literal('text'), body: z.string() }),
      z.object({ kind: z.literal('picture'), body: Picture }),
    ]);
    const plan = picturePlan(schema)!;
    expect(plan({ kind: 'text', body: PATH }, sign)).toEqual({ kind: 'text', body: PATH });
    expect(plan({ kind: 'picture', body: PATH }, sign)).toEqual({
      kind: 'picture',
      body: `${PATH}?signed`,
    });

    type Node = { image: string; children: Node[] };
    const Node: z.ZodType<Node> = z.lazy(() =>
      z.object({ image: Picture, children: z.array(Node) }),
    );
    const tree = picturePlan(Node)!(
      { image: PATH, children: [{ image: PATH, children: [] }] },
      sign,
    );
    expect(tree).toEqual({
      image: `${PATH}?signed`,
      children: [{ image: `${PATH}?signed`, children: [] }],
    });
  });
});
