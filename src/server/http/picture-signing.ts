import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pictureFields } from '../../contracts/picture';

/** Rewrites the picture fields of an answer; null when its schema declares none. */
type Plan = (value: unknown, sign: (url: string) => string) => unknown;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Where a schema declares `Picture` fields, compiled once per route: a walk over the answer along
 * its schema that signs those fields and nothing else. Schemas without one cost nothing.
 */
export function picturePlan(
  schema: z.core.$ZodType,
  seen = new Map<unknown, Plan | null>(),
): Plan | null {
  if (seen.has(schema)) return seen.get(schema) ?? null;
  // A recursive schema (z.lazy) refers to its own plan through this indirection.
  let resolved: Plan | null = null;
  seen.set(schema, (v, sign) => (resolved ? resolved(v, sign) : v));
  resolved = build(schema, seen);
  seen.set(schema, resolved);
  return resolved;
}

function build(schema: z.core.$ZodType, seen: Map<unknown, Plan | null>): Plan | null {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const plan = (s: unknown) => picturePlan(s as z.core.$ZodType, seen);
  switch (def.type) {
    case 'string':
      return pictureFields.has(schema) ? (v, sign) => (typeof v === 'string' ? sign(v) : v) : null;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return plan(def.innerType);
    case 'pipe':
      // Encoding runs the pipe backwards: the answer has the shape of its input side.
      return plan(def.in);
    case 'lazy':
      return plan((def.getter as () => unknown)());
    case 'array': {
      const item = plan(def.element);
      return item && ((v, sign) => (Array.isArray(v) ? v.map((x) => item(x, sign)) : v));
    }
    case 'record': {
      const item = plan(def.valueType);
      return (
        item &&
        ((v, sign) =>
          isRecord(v)
            ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, item(x, sign)]))
            : v)
      );
    }
    case 'object': {
      const fields = Object.entries(def.shape as Record<string, unknown>)
        .map(([key, s]) => [key, plan(s)] as const)
        .filter((e): e is readonly [string, Plan] => e[1] !== null);
      if (fields.length === 0) return null;
      return (v, sign) => {
        if (!isRecord(v)) return v;
        const out = { ...v };
        for (const [key, field] of fields) if (key in out) out[key] = field(out[key], sign);
        return out;
      };
    }
    case 'union': {
      const options = (def.options as z.core.$ZodType[]).map((o) => [o, plan(o)] as const);
      if (options.every(([, p]) => p === null)) return null;
      // The option the value is: only its picture fields are pictures.
      return (v, sign) => {
        const hit = options.find(([o]) => z.safeParse(o, v).success);
        return hit?.[1] ? hit[1](v, sign) : v;
      };
    }
    case 'intersection': {
      const left = plan(def.left);
      const right = plan(def.right);
      if (!left && !right) return null;
      return (v, sign) => {
        const once = left ? left(v, sign) : v;
        return right ? right(once, sign) : once;
      };
    }
    case 'tuple': {
      const items = (def.items as unknown[]).map(plan);
      if (items.every((p) => p === null)) return null;
      return (v, sign) =>
        Array.isArray(v) ? v.map((x, i) => (items[i] ? items[i](x, sign) : x)) : v;
    }
    default:
      return null;
  }
}

/**
 * fastify-type-provider-zod's serialiser (encode the answer with its schema, then JSON) plus the
 * signing of its `Picture` fields. Signing therefore happens exactly where an answer the caller
 * passed every check for declares a picture; a route cannot forget it and a string elsewhere in
 * an answer is never turned into a key (issue 25, hole 3).
 */
export function pictureSigningSerializer(
  sign: (url: string) => string,
): FastifySerializerCompiler<z.core.$ZodType> {
  return ({ schema, method, url }) => {
    const plan = picturePlan(schema);
    return (data) => {
      const result = z.safeEncode(schema, data);
      if (!result.success)
        throw new ResponseSerializationError(method, url, { cause: result.error });
      return JSON.stringify(plan ? plan(result.data, sign) : result.data);
    };
  };
}
